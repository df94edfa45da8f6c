#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "eval/class_survey.h"
#include "eval/eval_tables.h"
#include "eval/evaluation.h"

namespace panta::cli {
namespace {

struct SelectArgs {
  std::string folder;
  int min_cyc = 10;
  int sample = 0;
  uint64_t seed = 1;
  std::string encoding;
  std::string format = "text";
};

nlohmann::ordered_json class_json(const eval::SurveyedClass& c) {
  return {
      {"name", c.name}, {"file", c.file}, {"muts", c.mut_cycs.size()}, {"cyc_max", c.max_cyc()}};
}

void print_json(const eval::ChosenClasses& chosen, size_t eligible) {
  eval::SubjectFigures f = eval::subject_figures(chosen.classes);
  nlohmann::ordered_json classes = nlohmann::ordered_json::array();
  for (const eval::SurveyedClass& c : chosen.classes) classes.push_back(class_json(c));
  nlohmann::ordered_json out = {{"folder", chosen.subject.root},
                                {"surveyed", chosen.surveyed},
                                {"meeting_criterion", eligible},
                                {"table1",
                                 {{"classes", f.classes},
                                  {"muts", f.muts},
                                  {"cyc_max", f.cyc_max},
                                  {"cyc_median", f.cyc_median}}},
                                {"classes", std::move(classes)},
                                {"errors", chosen.warnings}};
  std::cout << out.dump(2) << "\n";
}

void print_text(const SelectArgs& args, const eval::ChosenClasses& chosen, size_t eligible) {
  std::cout << fmt::format(
      "Table 1 of the classes picked (public, non-abstract, a method under test of CYC > "
      "{}{}):\n\n",
      args.min_cyc,
      args.sample > 0 ? fmt::format("; a sample of {}, seed {}", args.sample, args.seed) : "");
  std::cout << eval::table1_markdown({chosen});
  std::cout << fmt::format("\n{} of {} top-level classes meet the criterion; picked {}:\n",
                           eligible, chosen.surveyed, chosen.classes.size());
  for (const eval::SurveyedClass& c : chosen.classes) {
    std::cout << fmt::format("  {}  CYC max {}, {} methods under test\n", c.name, c.max_cyc(),
                             c.mut_cycs.size());
  }
}

int run_select(const SelectArgs& args) {
  std::string dir = eval::main_source_dir(args.folder, "");
  auto survey = eval::survey_sources(dir, args.encoding);
  if (!survey) {
    std::cerr << "panta: " << survey.error().message << "\n";
    return kUsage;
  }
  for (const std::string& e : survey->errors) std::cerr << "panta: " << e << " (skipped)\n";
  std::vector<eval::SurveyedClass> picked;
  for (const eval::SurveyedClass& c : survey->classes) {
    if (eval::meets_criterion(c, args.min_cyc)) picked.push_back(c);
  }
  size_t eligible = picked.size();
  eval::Subject subject;
  subject.id = std::filesystem::path(args.folder).lexically_normal().filename().string();
  if (subject.id.empty())
    subject.id = std::filesystem::path(args.folder).parent_path().filename().string();
  subject.root = args.folder;
  eval::ChosenClasses chosen{subject,
                             eval::sample_classes(std::move(picked), args.sample, args.seed),
                             survey->classes.size(), survey->errors};
  if (args.format == "json") {
    print_json(chosen, eligible);
  } else {
    print_text(args, chosen, eligible);
  }
  return survey->errors.empty() ? kOk : kFailed;
}

}  // namespace

Runner define_select(CLI::App& sub) {
  auto args = std::make_shared<SelectArgs>();
  sub.add_option("FOLDER", args->folder,
                 "A project folder (its src/main/java, else src, is surveyed) or a source folder")
      ->required();
  sub.add_option("--min-cyc", args->min_cyc, "A picked class has a method of CYC greater than this")
      ->default_str("10")
      ->check(CLI::Range(0, 100000));
  sub.add_option("--sample", args->sample, "Pick at most this many (0: all)")
      ->check(CLI::Range(0, 1000000));
  sub.add_option("--seed", args->seed, "Seed of the sample")->default_str("1");
  sub.add_option("--encoding", args->encoding, "The sources' encoding (default UTF-8)");
  sub.add_option("--format", args->format, "text or json")
      ->check(CLI::IsMember({"text", "json"}))
      ->default_str("text");
  sub.footer("Exit codes: 0 success, 1 some files could not be read (skipped), 2 usage error.");
  return [args] { return run_select(*args); };
}

}  // namespace panta::cli
