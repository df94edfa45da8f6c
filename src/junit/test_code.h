#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"

namespace panta::junit {

enum class JUnitVersion { k4, k5 };

/// A new test class: package, the JUnit imports of `version`, an empty class.
std::string test_class_skeleton(const std::string& package_name, const std::string& class_name,
                                JUnitVersion version);

/// A test method taken from a model's answer: its name and its whole text (annotations too).
struct TestMethod {
  std::string name;
  std::string code;
};

/// What an answer brings for a test class: its tests and what they need.
struct ExtractedTests {
  std::vector<std::string> imports;  ///< Whole import declarations, e.g. "import java.util.List;".
  /// Fields, helper and setup methods, nested classes: whole declarations, keyed by name.
  std::vector<std::pair<std::string, std::string>> members;
  std::vector<TestMethod> tests;
  /// What was odd about the answer and skipped ("a method was cut off", "prose around code").
  std::vector<std::string> notes;
};

/// Finds the tests in a model's answer: the Java of its fenced code blocks (```java or ```),
/// or the whole answer when it has none but reads as Java; a whole class (any name or package)
/// or loose methods. Methods that do not parse (a truncated answer) are dropped with a note.
/// Fails when no test method is found, saying why.
Result<ExtractedTests> extract_tests(const std::string& answer);

/// A test method's body with its whitespace collapsed: two tests with the same key are the same
/// test under different names (what TestFile::same_test_as compares).
std::string test_body_key(const std::string& method_code);

/// A test class's source as data, edited in place; every edit keeps the rest of the text as it
/// was. The file must hold one top-level class.
class TestFile {
 public:
  /// Parses a test file. Fails when it has no class declaration.
  static Result<TestFile> parse(std::string text);

  const std::string& text() const { return text_; }
  /// Names of its test methods (annotated @Test, @ParameterizedTest or @RepeatedTest).
  std::vector<std::string> test_names() const;
  /// The whole text of test method `name`, or "" when there is none.
  std::string test_code(const std::string& name) const;
  /// The first and last line (1-based, annotations included) of test method `name`, or
  /// {0, 0} when there is none.
  std::pair<uint32_t, uint32_t> test_lines(const std::string& name) const;

  /// Adds `test` with the imports and members of `from` it lacks (members by name). A test
  /// whose name is taken is renamed with a numeric suffix. Returns the name the test got.
  std::string add_test(const TestMethod& test, const ExtractedTests& from);
  /// The name of a test whose body is the same as `test`'s (whitespace aside), or "".
  std::string same_test_as(const TestMethod& test) const;
  /// Removes test method `name`; false when there is none.
  bool remove_test(const std::string& name);

 private:
  explicit TestFile(std::string text) : text_(std::move(text)) {}
  void add_import(const std::string& import);
  void add_member(const std::string& code);
  /// Adds static imports for JUnit assertions `code` calls unqualified that the file does not
  /// import (a model that writes loose methods often uses assertTrue where the file imports
  /// assertEquals alone). A wildcard static import counts as importing every name.
  void add_assertion_imports(const std::string& code);

  std::string text_;
};

}  // namespace panta::junit
