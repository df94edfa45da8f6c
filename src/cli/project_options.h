#pragma once

#include <CLI/CLI.hpp>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "project/project.h"
#include "runner/jvm_runner.h"

namespace panta::cli {

/// The options every project command shares: where the project is and how to run its JVM.
struct ProjectOptions {
  std::string project = ".";
  std::string src_dir;
  std::string test_dir;
  std::vector<std::string> classpath;
  std::string classes;
  std::string encoding;
  double test_timeout_s = 10;
  std::string heap = "768m";
};

/// Declares --project, --src-dir, --test-dir, --classpath, --classes, --encoding,
/// --test-timeout and --heap on `sub`.
void add_project_options(CLI::App& sub, ProjectOptions& options);

/// Loads the project the options name (panta.toml at its root included). Fails naming the
/// folder, file or flag at fault.
Result<project::Project> load_project(const ProjectOptions& options);

/// A JVM helper running in a fresh scratch folder, removed when it is destroyed.
class HelperSession {
 public:
  static Result<std::unique_ptr<HelperSession>> start(const project::Project& project,
                                                      const ProjectOptions& options);
  ~HelperSession();
  HelperSession(const HelperSession&) = delete;
  HelperSession& operator=(const HelperSession&) = delete;
  runner::JvmRunner& runner() { return *runner_; }

 private:
  HelperSession() = default;
  std::string scratch_;
  std::unique_ptr<runner::JvmRunner> runner_;
};

/// The per-test time limit of the options.
std::chrono::milliseconds test_timeout(const ProjectOptions& options);

}  // namespace panta::cli
