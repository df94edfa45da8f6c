#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/prepared_tests.h"
#include "cli/project_options.h"
#include "engine/defect_check.h"
#include "engine/defects_file.h"
#include "java/text_encoding.h"
#include "project/project.h"

namespace panta::cli {
namespace fs = std::filesystem;
namespace {

using nlohmann::ordered_json;

struct DefectsArgs {
  ProjectOptions project;
  std::vector<std::string> classes;
  std::string format = "text";
};

// The defects test classes to run: those of --class, else every *DefectsTest.java of the test
// folder.
Result<std::vector<engine::DefectsClass>> defects_classes(const project::Project& project,
                                                          const std::vector<std::string>& classes) {
  std::vector<engine::DefectsClass> out;
  for (const std::string& c : classes) {
    std::string package = c.rfind('.') == std::string::npos ? "" : c.substr(0, c.rfind('.'));
    out.push_back(engine::defects_class_for(c, package, project.test_file_for(c)));
  }
  if (!classes.empty()) return out;
  std::error_code ec;
  if (!fs::is_directory(project.test_dir, ec)) return out;
  auto files = project::list_java_files(project.test_dir);
  if (!files) return files.error();
  for (const std::string& path : *files) {
    if (!path.ends_with("DefectsTest.java")) continue;
    auto fqn = project::fqn_of(path, project.test_dir);
    if (!fqn) return fqn.error();
    std::string name = fs::path(path).stem().string();
    out.push_back({path, name, *fqn});
  }
  return out;
}

struct Checked {
  std::string test;
  std::string claim;
  uint32_t line = 0;
  bool fails = false;
  std::string expected;
  std::string actual;
};

void print_text(const std::vector<Checked>& checked, const std::vector<std::string>& broken) {
  int failing = 0;
  for (const Checked& c : checked) {
    failing += c.fails ? 1 : 0;
    std::cout << fmt::format("{:<12} {}\n", c.fails ? "still fails" : "passes", c.test);
    if (!c.claim.empty()) {
      std::cout << fmt::format("             {}{}\n",
                               c.line > 0 ? "line " + std::to_string(c.line) + ": " : "", c.claim);
    }
    if (c.fails && (!c.expected.empty() || !c.actual.empty())) {
      std::cout << "             "
                << (c.expected.empty() ? c.actual
                                       : "expected " + c.expected + ", actual " + c.actual)
                << "\n";
    }
    if (!c.fails) {
      std::cout << "             the code does what it expects now: `panta generate` moves it "
                   "into the test class\n";
    }
  }
  for (const std::string& b : broken) std::cout << "does not compile: " << b << "\n";
  std::cout << fmt::format("{} reproducer{}: {} still fail{}, {} pass{}\n", checked.size(),
                           checked.size() == 1 ? "" : "s", failing, failing == 1 ? "s" : "",
                           checked.size() - failing, checked.size() - failing == 1 ? "es" : "");
}

// The existing defects classes among `classes`, with their text.
Result<std::vector<std::pair<engine::DefectsClass, std::string>>> read_defects_classes(
    const project::Project& project, const std::vector<engine::DefectsClass>& classes) {
  std::vector<std::pair<engine::DefectsClass, std::string>> files;
  for (const engine::DefectsClass& d : classes) {
    std::error_code ec;
    if (!fs::exists(d.path, ec)) continue;
    auto text = java::read_text_file(d.path, project.encoding);
    if (!text) return text.error();
    files.emplace_back(d, std::move(*text));
  }
  return files;
}

// Runs the reproducers of `files`: what each did, and the classes that do not compile.
Result<std::vector<Checked>> check_all(
    runner::TestSession& session,
    const std::vector<std::pair<engine::DefectsClass, std::string>>& files,
    std::chrono::milliseconds timeout, std::vector<std::string>& broken) {
  std::vector<Checked> checked;
  for (const auto& [d, text] : files) {
    auto runs = engine::run_reproducers(session, d, text, timeout);
    if (!runs) return runs.error();
    if (!runs->compile_errors.empty()) {
      broken.push_back(d.path + "\n" + runs->compile_errors);
      continue;
    }
    for (const engine::ReproducerRun& r : runs->runs) {
      Checked c{r.result.id,
                r.claim.claim,
                r.claim.first_line,
                r.result.status != runner::TestStatus::kPassed,
                "",
                ""};
      if (c.fails) std::tie(c.expected, c.actual) = engine::expected_and_actual(r.result);
      checked.push_back(std::move(c));
    }
  }
  return checked;
}

void print_json(const std::vector<Checked>& checked, const std::vector<std::string>& broken) {
  ordered_json list = ordered_json::array();
  for (const Checked& c : checked) {
    list.push_back({{"test", c.test},
                    {"line", c.line},
                    {"claim", c.claim},
                    {"status", c.fails ? "fails" : "passes"},
                    {"expected", c.expected},
                    {"actual", c.actual}});
  }
  ordered_json out = {{"reproducers", std::move(list)}, {"not_compiling", broken}};
  std::cout << out.dump(2, ' ', false, ordered_json::error_handler_t::replace) << "\n";
}

int run_defects(const DefectsArgs& args) {
  if (auto s = check_classes_exist(args.project, args.classes); !s) {
    std::cerr << "panta: " << s.error().message << "\n";
    return kUsage;
  }
  auto project = load_project(args.project, args.classes);
  if (!project) {
    std::cerr << "panta: " << project.error().message << "\n";
    return kUsage;
  }
  auto classes = defects_classes(*project, args.classes);
  auto files =
      classes ? read_defects_classes(*project, *classes)
              : Result<std::vector<std::pair<engine::DefectsClass, std::string>>>(classes.error());
  if (!files) {
    std::cerr << "panta: " << files.error().message << "\n";
    return kUsage;
  }
  std::vector<Checked> checked;
  std::vector<std::string> broken;
  if (!files->empty()) {
    auto prepared = PreparedTests::main_classes_only(*project, args.project);
    if (!prepared) {
      std::cerr << "panta: " << prepared.error().message << "\n";
      return kUsage;
    }
    auto all = check_all((*prepared)->session(), *files, test_timeout(args.project), broken);
    if (!all) {
      std::cerr << "panta: " << all.error().message << "\n";
      return kFailed;
    }
    checked = std::move(*all);
  }
  if (args.format == "json") {
    print_json(checked, broken);
  } else if (checked.empty() && broken.empty()) {
    std::cout << "no reproducers (no *DefectsTest class" << (args.classes.empty() ? "" : " of it")
              << " in " << project->test_dir << ")\n";
  } else {
    print_text(checked, broken);
  }
  bool any_fails = !broken.empty() || std::any_of(checked.begin(), checked.end(),
                                                  [](const Checked& c) { return c.fails; });
  return any_fails ? kFailed : kOk;
}

}  // namespace

Runner define_defects(CLI::App& sub) {
  auto args = std::make_shared<DefectsArgs>();
  add_project_options(sub, args->project);
  sub.add_option("--class", args->classes,
                 "Class whose reproducers to run (FQN; repeatable); default: every "
                 "*DefectsTest class of the test folder");
  sub.add_option("--format", args->format, "Output format")
      ->check(CLI::IsMember({"text", "json"}))
      ->capture_default_str();
  sub.footer(
      "Runs the confirmed reproducers `panta generate` kept, disabled, in <Class>DefectsTest "
      "classes, with their @Disabled/@Ignore taken off, and says which still fail.\n"
      "Exit codes: 0 none fails (or there is none), 1 one still fails or a defects class does "
      "not compile, 2 usage or project error.");
  return [args] { return run_defects(*args); };
}

}  // namespace panta::cli
