#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <span>
#include <string_view>

namespace panta::cli {

/// Exit codes shared by every subcommand.
/// 3: the run completed, but a generated test tried to reach its verdict (dropped, reported).
enum ExitCode : int { kOk = 0, kFailed = 1, kUsage = 2, kTampering = 3 };

/// Runs a parsed subcommand and returns its exit code.
using Runner = std::function<int()>;

/// A subcommand: its name, one line of help, and a function that declares its options on `sub`
/// and returns what runs it once the command line is parsed.
struct Command {
  std::string_view name;
  std::string_view help;
  Runner (*define)(CLI::App& sub);
  bool research = false;  ///< The paper's evaluation, listed apart from what a user runs.
};

/// Every subcommand, in the order `panta --help` lists them.
std::span<const Command> commands();

/// Parses the command line, runs the chosen subcommand, and maps failures to exit codes:
/// 2 for usage errors, otherwise what the subcommand returns.
int run(int argc, char** argv);

/// `panta analyze`: static path analysis (Algorithm 1).
Runner define_analyze(CLI::App& sub);
/// `panta coverage`: runs a project's tests with coverage of its classes.
Runner define_coverage(CLI::App& sub);
/// `panta test`: runs tests and prints their results.
Runner define_test(CLI::App& sub);
Runner define_defects(CLI::App& sub);
/// `panta mutate`: PIT's mutation score of a class with its tests.
Runner define_mutate(CLI::App& sub);
/// `panta generate`: the generation loop (Algorithms 2 and 3).
Runner define_generate(CLI::App& sub);
/// `panta report html|merge`: the HTML report of --report files, and the merge of shards'.
Runner define_report(CLI::App& sub);
/// `panta eval`: runs a spec's classes x strategies x models x repeats and writes the tables.
Runner define_eval(CLI::App& sub);
/// `panta select`: the paper's class selection and Table 1 for a folder.
Runner define_select(CLI::App& sub);
/// `panta restore`: puts a test file back from the backups taken before runs changed it.
Runner define_restore(CLI::App& sub);

}  // namespace panta::cli
