#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cfg/path_render.h"

namespace panta::prompt {

/// A test of the last iteration that failed and could not be repaired.
struct FailedTest {
  std::string name;
  std::string code;
  std::string error;
};

/// A method with the paths selected for it (Algorithm 2).
struct MethodTarget {
  std::string method;  ///< As the prompt names it, e.g. the signature.
  std::vector<std::vector<cfg::PathStep>> paths;
  int score = 0;  ///< How much the first path misses: shrinking keeps the highest.
  /// Said after the method's name, e.g. that a test cannot call it directly.
  std::string note;
};

/// The focused strategy's sections, each made by the engine; an empty one is left out.
struct FocusedInputs {
  /// Java release, project, JUnit and libraries with versions, the API of the project's types
  /// the class uses, a note on locale- and time-dependent calls.
  std::string context;
  std::string source;  ///< Numbered as in the file: whole without the licence, or sliced.
  bool sliced = false;
  bool licence_left_out = false;        ///< The whole source shown lacks its first lines.
  std::vector<std::string> test_names;  ///< The tests the test file has.
  bool has_members = false;             ///< The test file has members besides its tests.
  std::string test_members;             ///< The test file without its tests.
  std::string gaps;                     ///< What no test has run yet, per method.
  std::string unreachable;              ///< Gaps left out as possibly unreachable.
  std::vector<std::string> dropped;     ///< "name: why" for the last answer's tests not kept.
  /// Why nothing of the last answer could be used (no test and no statement), "" otherwise.
  std::string unusable;
  std::vector<std::string> recorded;  ///< Suspected defects earlier answers gave ("line 230").
  /// Confirmed reproducers of the run, kept apart and disabled: "name (line 58: claim)".
  std::vector<std::string> reproducers;
  std::string defects_class;  ///< Where they are kept (simple name)
};

/// Everything a generation prompt can show (Figure 4's five sections and the answer format).
/// A strategy's template uses the parts it needs.
struct GenerateInputs {
  std::string source_text;      ///< The source file under test, shown with line numbers.
  std::string class_name;       ///< FQN of the class under test.
  std::string test_class_name;  ///< Simple name of the test class to write.
  std::string package_name;
  std::string test_file;                  ///< The current test file ("" for none yet).
  std::vector<std::string> dependencies;  ///< group:artifact:version of the test scope.
  std::string junit;  ///< "JUnit 5 (org.junit.jupiter)" or "JUnit 4 (org.junit)".
  std::vector<FailedTest> failed_tests;
  std::vector<MethodTarget> targets;          ///< panta
  std::vector<uint32_t> uncovered_lines;      ///< cov
  std::vector<uint32_t> partly_lines;         ///< cov
  std::string symprompt_method;               ///< symprompt: one method ...
  std::vector<cfg::PathStep> symprompt_path;  ///< ... and one path, of which only conditions show
  FocusedInputs focused;                      ///< focused
  /// generate --mutants: PIT's surviving mutants to kill, one line each ("line 42: changed
  /// conditional boundary (...) survives"); the strategy's template then asks for these.
  std::vector<std::string> surviving_mutants;
};

/// What a repair prompt shows: failing tests of one cause.
struct RepairInputs {
  std::string source_text;
  std::string test_class_name;
  std::string package_name;
  std::string junit;
  std::vector<std::string> test_names;  ///< The failing tests.
  /// The failing tests with everything of the test class they use (imports, fields, helpers,
  /// setup), each line numbered as in the test file the errors refer to.
  std::string test_view;
  bool compile_error = false;
  /// javac diagnostics with the offending line, or the assertion message and trimmed trace.
  std::string error;
  /// The source as the prompt shows it when sliced (focused: sliced_source of what the failing
  /// tests run); when empty, the whole source numbered.
  std::string sliced_source;
  /// Some of the failing tests are reproducers (junit/reproducer.h): they keep what they expect,
  /// only their compile errors are fixed.
  bool has_reproducers = false;
};

/// The source with "N: " before each line, N starting at 1.
std::string numbered(const std::string& source);

/// A path's decisions only, one per line ("8: if (!isValueCode(ch)) is False"): SymPrompt's
/// path constraints.
std::string conditions_of(const std::vector<cfg::PathStep>& path);

}  // namespace panta::prompt
