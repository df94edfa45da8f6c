#pragma once

#include <string>

#include "analyze/analysis.h"
#include "cfg/cfg.h"

namespace panta::test {

/// Absolute path of a file under tests/fixtures/analyze.
std::string fixture(const std::string& name);

/// Reads a whole file; fails the current test when it cannot.
std::string slurp(const std::string& path);

/// Analyses one fixture file with every method listed.
analyze::FileAnalysis analyze_fixture(const std::string& name, bool all_methods = true);

/// The analysis of the method with this signature; fails the test when it is absent.
const analyze::MethodAnalysis& method(const analyze::FileAnalysis& file,
                                      const std::string& signature);

/// Runs a shell command, capturing stdout (stderr goes to `err_file` when given).
struct CommandResult {
  int exit_code = -1;
  std::string out;
};
CommandResult run_command(const std::string& command);

/// A fresh temporary folder, removed when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  /// Writes `content` to `name` inside the folder and returns the full path.
  std::string write(const std::string& name, const std::string& content) const;

 private:
  std::string path_;
};

/// What a run of build/panta printed and returned.
struct PantaRun {
  int exit_code = -1;
  std::string out;
  std::string err;
};

/// Runs build/panta with `args` (a shell fragment); its stderr is kept in a file in `dir`.
PantaRun run_panta(const TempDir& dir, const std::string& args);

/// A scratch copy of examples/shop at `dir`/`name`, without its .panta/ folder.
std::string copy_shop(const TempDir& dir, const std::string& name = "shop");

}  // namespace panta::test
