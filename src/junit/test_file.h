#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "junit/test_answer.h"

namespace panta::junit {

namespace detail {
struct Parsed;
}

enum class JUnitVersion { k4, k5 };

/// How a project writes its test files where a file does not show it itself: the indentation of
/// a member in a class that has none yet, and whether static imports go after the others in a
/// file that has only one kind.
struct TestFileStyle {
  std::string member_indent = "  ";
  bool static_imports_last = false;
};

/// A new test class: package, the JUnit imports of `version` (the static one after the other
/// when `static_imports_last`), an empty class.
std::string test_class_skeleton(const std::string& package_name, const std::string& class_name,
                                JUnitVersion version, bool static_imports_last = false);

/// Line numbers of a file with members taken out (TestFile::without_tests), mapped back to the
/// lines they have in the whole file; lines after the last member stay after the last member.
class LineMap {
 public:
  /// The line `line` of the shortened file had in the whole one.
  uint32_t original(uint32_t line) const;
  /// Records that `removed` lines were taken out just before line `at` of the shortened file.
  void removed_before(uint32_t at, uint32_t removed);

 private:
  std::vector<std::pair<uint32_t, uint32_t>> shifts_;  // (from line, lines removed before it)
};

/// A test class's source as data, edited in place; every edit keeps the rest of the text as it
/// was. The file must hold one top-level class.
class TestFile {
 public:
  /// Parses a test file. Fails when it has no class declaration.
  static Result<TestFile> parse(std::string text);

  // A copy (a checkpoint, an undo snapshot) parses again when asked: it does not keep the
  // original's parse tree alive. A moved file keeps its parse.
  TestFile(const TestFile& other) : text_(other.text_), style_(other.style_) {}
  TestFile& operator=(const TestFile& other) {
    if (this != &other) {
      text_ = other.text_;
      style_ = other.style_;
      parsed_.reset();
    }
    return *this;
  }
  TestFile(TestFile&&) noexcept = default;
  TestFile& operator=(TestFile&&) noexcept = default;
  ~TestFile() = default;

  const std::string& text() const { return text_; }
  /// Its import declarations, whitespace collapsed ("import static a.B.c;").
  std::vector<std::string> imports() const;
  /// The 1-based line of the class body's opening brace (imports and class annotations added
  /// move it down).
  uint32_t class_body_line() const;
  /// Names of its test methods (annotated @Test, @ParameterizedTest or @RepeatedTest).
  std::vector<std::string> test_names() const;
  /// The whole text of test method `name`, or "" when there is none.
  std::string test_code(const std::string& name) const;
  /// The first and last line (1-based, annotations included) of test method `name`, or
  /// {0, 0} when there is none.
  std::pair<uint32_t, uint32_t> test_lines(const std::string& name) const;

  /// A test to add and the answer it came from (for the imports and members it needs).
  /// What earlier views (view_lines) showed: the head (package, imports, class declaration) and
  /// the members by key.
  struct ViewShown {
    bool head = false;
    std::set<MemberKey> members;
  };

  struct Addition {
    TestMethod test;
    const ExtractedTests* from;  ///< Outlives the call.
  };

  /// Adds each test with the members of its answer it lacks (members by name; the answer's
  /// constructor only when the file has none), in order, after the class's last member, the
  /// answer's class annotations the file lacks, and the answer's imports the added code uses
  /// (see import_wanted in the source). A test whose name is taken (by a method of the file,
  /// an earlier addition or one of `also_taken`) is renamed with a numeric suffix. Returns the
  /// tests as added (name and code). Parses the file a few times in all, not per test.
  std::vector<TestMethod> add_tests(const std::vector<Addition>& tests,
                                    const std::vector<std::string>& also_taken = {});
  /// add_tests for one test; returns the name it got.
  std::string add_test(const TestMethod& test, const ExtractedTests& from,
                       const std::vector<std::string>& also_taken = {});
  /// The lines (1-based, ascending) that show `tests` with everything of the class they use:
  /// the package and imports, the class declaration, the members the tests name (fields,
  /// helpers, providers, nested classes; transitively) and those run around every test (setup,
  /// teardown, rules), the tests themselves and the closing brace. Other tests are left out.
  /// With `shown` (views of several files in one prompt), the head and the members an earlier
  /// view showed are left out too, and the members shown here are added to it.
  std::vector<uint32_t> view_lines(const std::vector<std::string>& tests,
                                   ViewShown* shown = nullptr) const;
  /// The members besides the tests (fields, helpers, setup, nested types, constructors), as
  /// ExtractedTests::members has them.
  Members members() const;
  /// Every test's body key (test_body_key) with the name of the first test that has it: one
  /// parse for what same_test_as does per test.
  std::map<std::string, std::string> test_bodies() const;
  /// The file without its test methods: imports, fields, helpers, setup and nested classes
  /// stay. With new tests added, it compiles and runs them as the whole file would, at the cost
  /// of the new tests only.
  TestFile without_tests(LineMap* lines = nullptr) const;
  /// The name of a test whose body is the same as `test`'s (whitespace aside), or "".
  std::string same_test_as(const TestMethod& test) const;
  /// The file with its class (and the class's constructors) named `name`.
  TestFile with_class_name(const std::string& name) const;
  /// Removes test method `name`; false when there is none.
  bool remove_test(const std::string& name);
  /// The indentation of the class's first member as the file has it ("" when the class has no
  /// member, or its first one shares a line with something else).
  std::string members_indent() const;
  /// The project's way where the file does not show its own (two spaces and static imports
  /// first unless set): a class with members shows its indentation, a file with both kinds of
  /// import where static ones go.
  void set_style(TestFileStyle style) { style_ = std::move(style); }
  const TestFileStyle& style() const { return style_; }

 private:
  explicit TestFile(std::string text) : text_(std::move(text)) {}
  void add_import(const std::string& import);
  /// Puts `annotation` on the class unless it has it, or has another of its kind (only
  /// @ExtendWith adds up); true when it was added.
  bool add_class_annotation(const std::string& annotation);
  /// The class annotations and imports of `answers` that `code` (what was added from them)
  /// needs, given the file's `imports`.
  void add_class_needs(const std::vector<const ExtractedTests*>& answers, std::string code,
                       std::set<std::string> imports);
  /// Where members go (the start of the class's closing brace line) and their indentation.
  std::pair<size_t, std::string> member_slot() const;
  /// Adds static imports for JUnit assertions `code` calls unqualified that the file does not
  /// import (a model that writes loose methods often uses assertTrue where the file imports
  /// assertEquals alone). A wildcard static import counts as importing every name.
  void add_assertion_imports(const std::string& code);
  /// The parse of the text as it is now: made once per text, as every query needs it and the
  /// loop asks a file many (a parse of a large test class is most of Panta's own time).
  std::shared_ptr<const detail::Parsed> parsed() const;

  std::string text_;
  TestFileStyle style_;
  mutable std::shared_ptr<const detail::Parsed> parsed_;  ///< of some text_, maybe an older one
};

}  // namespace panta::junit
