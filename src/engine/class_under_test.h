#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cfg/paths.h"
#include "core/result.h"
#include "java/java_file.h"
#include "java/line_facts.h"
#include "junit/test_file.h"
#include "project/project.h"
#include "select/path_selection.h"

namespace panta::engine {

/// A method with a body (under test or not), with its control-flow graph.
struct MethodGraph {
  std::string key;  ///< "Class.signature", as ClassUnderTest::methods keys MUTs.
  uint32_t start_line = 0;
  uint32_t end_line = 0;
  bool mut = false;  ///< A method under test (the paper's selection); private ones are not.
  bool is_private = false;
  std::shared_ptr<const cfg::Graph> graph;
  std::vector<cfg::Path> paths;  ///< Algorithm 1's
};

/// A class to write tests for, as the loop needs it: its source, the paths of its methods
/// under test (Algorithm 1), and the test file it gets.
struct ClassUnderTest {
  std::string class_name;  ///< FQN
  std::string package;
  std::string source_path;
  std::string source_text;
  std::vector<select::MethodPaths> methods;  ///< "Class.signature" with its paths
  int max_cyc = 1;                           ///< The largest cyclomatic complexity of a MUT.
  std::vector<MethodGraph> graphs;           ///< Every method with a body, private ones too.
  int max_cyc_all = 1;                       ///< The largest of any method, private ones too.
  /// Methods (keys of `methods`) of private nested classes, with the note a prompt gives: a
  /// test cannot call them, only reach them through the enclosing class's API.
  std::map<std::string, std::string> unreachable_notes;
  /// Methods with a body but no CFG, "Class.sig (line N): why" (a syntax the Java grammar does
  /// not parse, a graph too large): no gap or path of theirs is asked for, and the run says so.
  std::vector<std::string> not_analysed;
  /// What javac made of the class that the source does not show (engine::hidden_api: Lombok's
  /// constructors, accessors and builders, inherited members), "" when none; set by the run.
  std::string hidden_api;
  /// The superclasses whose members hidden_api lists (FQNs, binary names of nested ones).
  std::vector<std::string> inherited_listed;
  /// The source declares no constructor, but javac generated one (Lombok's).
  bool generated_constructor = false;
  /// The constants of the enums the class declares or names (engine::enum_constants): a switch
  /// naming all of one's constants never takes its default.
  std::map<std::string, std::vector<std::string>> enums;
  /// The source parsed once (the analysis's tree; parsed from `source_text` on first use when
  /// the class was put together by hand). Every structural question about the source is asked
  /// of it, or of facts().
  const java::JavaFile& parsed() const;
  /// What the parsed source's tree says of its lines.
  const java::LineFacts& facts() const;
  std::string test_path;
  std::string test_class;  ///< Simple name
  std::string test_fqn;
  std::string initial_test_text;  ///< The test file as found, or a new skeleton.
  /// How the project's test files indent a class member and order static imports
  /// (engine::project_conventions), where the test file does not show its own.
  junit::TestFileStyle test_style;
  bool test_file_existed = false;

  /// Reads the class's source and test file (`test_file` overrides the layout's; a missing one
  /// becomes a JUnit 4 or 5 skeleton as the project's dependencies say) and computes its paths.
  /// Fails when the source cannot be read or analysed, the test file has no class, or the
  /// class has no method under test (ErrorKind::kNothingToTest).
  static Result<ClassUnderTest> load(const project::Project& project, const std::string& class_name,
                                     const std::string& test_file);

 private:
  mutable std::shared_ptr<const java::JavaFile> unit_;
  mutable std::shared_ptr<const java::LineFacts> facts_;
};

}  // namespace panta::engine
