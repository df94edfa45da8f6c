#include "cli/commands.h"

#include <fmt/format.h>

#include <array>
#include <iostream>
#include <vector>

#include "core/suggest.h"

namespace panta::cli {

namespace {
constexpr std::array kCommands = {
    Command{"analyze", "Static analysis: methods under test, CFGs, cyclomatic complexity and paths",
            &define_analyze},
    Command{"coverage", "Run a project's tests with coverage: line and branch coverage per class",
            &define_coverage},
    Command{"test", "Run tests of a project and print their results", &define_test},
    Command{"defects",
            "Run the confirmed defect reproducers of a class or project: which still fail",
            &define_defects},
    Command{"mutate",
            "Mutation score of a class with its tests (PIT): killed and surviving mutants",
            &define_mutate},
    Command{"generate", "Write JUnit tests for a class with an LLM, guided by paths and coverage",
            &define_generate},
    Command{"report", "HTML report of a --report JSON file; merge the reports of shards",
            &define_report},
    Command{"eval", "Evaluate strategies and models on a sample of classes (the paper's tables)",
            &define_eval, true},
    Command{"select", "The paper's class selection (CYC > 10) and Table 1 for a folder",
            &define_select, true},
    Command{"restore", "Put a test file back as it was before a run (from .panta/backup/)",
            &define_restore},
};

// The option names of `app` as a command line spells them (`--class`, `-h`).
std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::Option* o : app.get_options()) {
    for (const std::string& l : o->get_lnames()) out.push_back("--" + l);
    for (const std::string& s : o->get_snames()) out.push_back("-" + s);
  }
  return out;
}

// What a mistyped command line gets instead of CLI11's own message, which names a required
// option ("--class is required") when the real slip is an unknown word (`--clas`, `analyse`):
// the first word nothing took, and the nearest name it could have meant. "" when every word
// was taken.
std::string unknown_word_message(const CLI::App& app) {
  const CLI::App* where = &app;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->parsed()) where = sub;
  }
  std::vector<std::string> left = where->remaining();
  if (left.empty()) return "";
  std::string word = left.front();
  std::string said;
  std::vector<std::string> candidates;
  if (word.starts_with("-")) {
    word = word.substr(0, word.find('='));
    said = "unknown option '" + word + "'";
    candidates = option_names(*where);
  } else if (where == &app) {
    said = "unknown command '" + word + "'";
    for (const Command& c : kCommands) candidates.emplace_back(c.name);
  } else {
    said = "unexpected argument '" + word + "'";
  }
  if (where != &app) said += " for 'panta " + where->get_name() + "'";
  std::string near = nearest(word, candidates);
  return near.empty() ? said : said + "; did you mean '" + near + "'?";
}

}  // namespace

std::span<const Command> commands() {
  return kCommands;
}

int run(int argc, char** argv) {
  CLI::App app{
      "Panta writes JUnit tests for Java classes with an LLM, guided by control-flow "
      "paths and coverage.",
      "panta"};
  app.set_version_flag("--version", std::string(PANTA_VERSION));
  app.require_subcommand(1);
  std::vector<std::pair<CLI::App*, Runner>> runners;
  for (const Command& c : commands()) {
    CLI::App* sub = app.add_subcommand(std::string(c.name), std::string(c.help));
    // The paper's evaluation apart from what a user runs on a project.
    sub->group(c.research ? "Research commands" : "Commands");
    runners.emplace_back(sub, c.define(*sub));
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return kOk;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << app.help("", CLI::AppFormatMode::All);
    return kOk;
  } catch (const CLI::CallForVersion&) {
    std::cout << "panta " << PANTA_VERSION << "\n";
    return kOk;
  } catch (const CLI::ParseError& e) {
    // Help asked of a subcommand arrives here too, as a CallForHelp raised inside it.
    if (e.get_exit_code() == 0) {
      for (auto& [sub, runner] : runners) {
        if (sub->parsed()) {
          std::cout << sub->help();
          return kOk;
        }
      }
      std::cout << app.help();
      return kOk;
    }
    std::string slip = unknown_word_message(app);
    std::cerr << "panta: " << (slip.empty() ? std::string(e.what()) : slip) << "\n";
    std::cerr << "Run 'panta --help' for usage.\n";
    return kUsage;
  }
  for (auto& [sub, runner] : runners) {
    if (sub->parsed()) return runner();
  }
  return kUsage;
}

}  // namespace panta::cli
