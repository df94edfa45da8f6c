#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "junit/member.h"

#include "core/result.h"

namespace panta::junit {

/// A test method taken from a model's answer: its name and its whole text (annotations too).
struct TestMethod {
  std::string name;
  std::string code;
};

/// What an answer brings for a test class: its tests and what they need.
struct ExtractedTests {
  std::vector<std::string> imports;  ///< Whole import declarations, e.g. "import java.util.List;".
  /// Fields, helper and setup methods, nested classes, a constructor: whole declarations.
  Members members;
  std::vector<TestMethod> tests;
  /// Annotations of the answer's class that its tests may need (`@ExtendWith(...)`,
  /// `@RunWith(...)`, `@SuppressWarnings(...)`, ...; not `@DisplayName` or `@Disabled`).
  std::vector<std::string> class_annotations;
  /// What was odd about the answer and skipped ("a method was cut off", "prose around code").
  std::vector<std::string> notes;
};

/// Finds the tests in a model's answer: the Java of its fenced code blocks (```java or ```),
/// or the whole answer when it has none but reads as Java; a whole class (any name or package)
/// or loose methods. Methods that do not parse (a truncated answer) are dropped with a note.
/// Fails when no test method is found, saying why.
Result<ExtractedTests> extract_tests(const std::string& answer);

/// A test's normalised form (detail::normalised_test: tokens without comments, formatting,
/// modifiers or the names of its locals): two tests with the same key are the same test under
/// different names (what TestFile::same_test_as compares). Parses the test.
std::string test_body_key(const std::string& method_code);

/// Whether `code` has `name` as a whole identifier (in code, strings or comments alike).
bool mentions_name(std::string_view code, std::string_view name);

/// Whether `code` names one of `names` itself or through the members (key, code) it uses,
/// transitively: a field `Foo foo` names Foo for every test that uses `foo`.
bool names_any(const std::string& code, std::vector<std::string> names, const Members& members);

}  // namespace panta::junit
