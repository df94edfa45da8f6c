// panta eval's parts: the statistics against scipy's values, the spec's errors, the paper's
// class selection, the results store and the resumable run of cells (with a fake runner).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/cancel.h"
#include "eval/cell_runner.h"
#include "eval/class_survey.h"
#include "eval/eval_spec.h"
#include "eval/eval_tables.h"
#include "eval/evaluation.h"
#include "eval/results_store.h"
#include "eval/statistics.h"
#include "test_support.h"

namespace panta::eval {
namespace {

const std::vector<std::string> kStrategies = {"baseline", "basic", "cov", "panta", "focused"};

// p-values of scipy 1.14.1's scipy.stats.wilcoxon (default: exact for these, no ties or zeros).
TEST(EvalStatistics, WilcoxonMatchesScipyWithinAlglibsAccuracy) {
  struct Case {
    std::vector<double> x;
    double scipy;
  };
  const Case cases[] = {
      {{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0.001953125},
      {{-1, 2, -3, 4, 5, 6, 7, 8, 9, 10}, 0.013671875},
      {{0.5, -1.5, 2.5, 3.5, -0.25, 4, 6, 7.5}, 0.0546875},
      {{10, -20, 30, -40, 50, -60, 70, -80, 90, -100, 110, 120}, 0.5185546875},
      {{3, -1, 4, 1, -5, 9, 2, 6, -5, 3, 5}, 0.2060546875},  // ties: scipy exact as well
      {{1, 2, 3, 4, -5, 6}, 0.3125},
      {{0.48,  1.81,  1.67, -0.06, 0.15,  -0.08, 1.02,  0.39,  1.2,   -1.4,
        2.02,  0.35,  1.13, 0.31,  0.07,  0.91,  1.27,  0.25,  0.3,   1.14,
        -0.42, -1.06, 0.84, -0.22, -1.47, -0.36, -0.02, -0.74, -1.04, 0.49},
       0.0803273618221283},
  };
  for (const Case& c : cases) {
    auto p = wilcoxon_signed_rank_p(c.x);
    ASSERT_TRUE(p.has_value());
    EXPECT_NEAR(*p, c.scipy, c.scipy * 0.01) << "n = " << c.x.size();  // ALGLIB: under 1 %
  }
}

TEST(EvalStatistics, ZerosAreDroppedAndFewPairsGiveNoPValue) {
  // scipy.stats.wilcoxon([1, 2, 3, 4, -5, 6]) = 0.3125: the zeros do not count.
  auto p = wilcoxon_signed_rank_p({0, 1, 2, 0, 3, 4, -5, 6});
  ASSERT_TRUE(p.has_value());
  EXPECT_NEAR(*p, 0.3125, 0.003);
  EXPECT_FALSE(wilcoxon_signed_rank_p({1, 2, 3, 4}).has_value());
  EXPECT_FALSE(wilcoxon_signed_rank_p({0, 0, 0, 0, 0, 0, 1}).has_value());
}

TEST(EvalStatistics, PairedComparisonSkipsMissingPairs) {
  std::vector<std::optional<double>> a = {10, 20, std::nullopt, 40, 50, 60, 70};
  std::vector<std::optional<double>> b = {12, 25, 99, 41, 50, 69, 77};
  PairedComparison c = compare_paired(a, b);
  EXPECT_EQ(c.pairs, 6u);
  EXPECT_EQ(c.nonzero, 5u);
  EXPECT_DOUBLE_EQ(c.mean_difference, (2 + 5 + 1 + 0 + 9 + 7) / 6.0);
  ASSERT_TRUE(c.p_value.has_value());
  EXPECT_NEAR(*c.p_value, 0.0625, 0.0007);  // scipy.stats.wilcoxon([2, 5, 1, 9, 7])
  EXPECT_EQ(mean({}), std::nullopt);
}

Result<EvalSpec> parse(const test::TempDir& dir, const std::string& text) {
  return parse_eval_spec(text, dir.path() + "/spec.toml", kStrategies);
}

TEST(EvalSpec, ReadsEveryTable) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() + "/shop");
  auto spec = parse(dir, R"(title = "t"
[subjects]
projects = ["shop"]
[classes]
criterion = "paper"
min_cyc = 5
sample = 3
seed = 7
[run]
existing_tests = "augment"
strategies = ["baseline", "panta"]
repeats = 2
concurrency = 3
[model]
llm = ["cmd:a", "cmd:b"]
temperature = 0
seed = 4
[generate]
max_iterations = 5
test_timeout_s = 2.5
)");
  ASSERT_TRUE(spec.ok()) << spec.error().message;
  EXPECT_EQ(spec->subjects.size(), 1u);
  EXPECT_EQ(spec->subjects[0].id, "shop");
  EXPECT_EQ(spec->subjects[0].root, dir.path() + "/shop");
  EXPECT_EQ(spec->classes.min_cyc, 5);
  EXPECT_EQ(spec->classes.sample, 3);
  EXPECT_EQ(spec->classes.seed, 7u);
  EXPECT_FALSE(spec->remove_existing_tests);
  EXPECT_EQ(spec->strategies, (std::vector<std::string>{"baseline", "panta"}));
  EXPECT_EQ(spec->repeats, 2);
  EXPECT_EQ(spec->concurrency, 3);
  EXPECT_EQ(spec->model.llms, (std::vector<std::string>{"cmd:a", "cmd:b"}));
  EXPECT_EQ(spec->model.args, (std::vector<std::string>{"--seed", "4", "--temperature", "0"}));
  EXPECT_EQ(spec->generate_args,
            (std::vector<std::string>{"--max-iterations", "5", "--test-timeout", "2.5"}));
  EXPECT_EQ(spec->results_path(), dir.path() + "/spec.sqlite");
  EXPECT_EQ(spec->work_dir, dir.path() + "/spec.work");
}

TEST(EvalSpec, ErrorsNameTheFileLineAndKey) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() + "/shop");
  const std::string ok = "[subjects]\nprojects = [\"shop\"]\n[model]\nllm = \"cmd:x\"\n";
  struct Case {
    std::string text;
    std::string message;
  };
  const Case cases[] = {
      {ok + "[run]\nrepeat = 2\n", "spec.toml:6:1: unknown key 'repeat' in [run] (known keys: "},
      {ok + "[run]\nrepeats = 0\n", "spec.toml:6:11: 'repeats' in [run] must be an integer from 1"},
      {ok + "[run]\nstrategies = [\"fast\"]\n", "not 'fast'"},
      {ok + "[run]\nexisting_tests = \"keep\"\n", "\"remove\" (the paper's setup) or \"augment\""},
      {ok + "[generate]\nmax_iterations = \"5\"\n", "'max_iterations' must be an integer"},
      {ok + "[classes]\nnames = [\"a.B\"]\nsample = 2\n", "an explicit list is not sampled"},
      {"[subjects]\nprojects = [\"nowhere\"]\n", "nowhere is not a folder"},
      {"[subjects]\nprojects = [\"shop\"]\n", "no model: give [model] llm"},
      {"[model]\nllm = \"cmd:x\"\n", "no subjects"},
      {ok + "[subjects.x]\n", ""},  // a table inside [subjects]: an unknown key
      {"[subjects\n", "spec.toml:1:"},
      {"colour = 1\n" + ok, "spec.toml:1:1: unknown key 'colour' in the spec"},
      {ok + "colour = 1\n", "spec.toml:5:1: unknown key 'colour' in [model]"},
      {"[subjects]\ncorpus = \"missing.tsv\"\n", "missing.tsv: cannot read the corpus index"},
      {"[subjects]\nprojects = [\"shop\"]\nfixed = { other = \"shop\" }\n[model]\nllm = \"x\"\n",
       "spec.toml:3:19: 'fixed' must map subjects of this spec to folders ('other' is no subject)"},
      {"[subjects]\nprojects = [\"shop\"]\nfixed = { shop = \"gone\" }\n[model]\nllm = \"x\"\n",
       "gone is not a folder"},
      {"[subjects]\nprojects = [\"shop\"]\nfixed = \"shop\"\n[model]\nllm = \"x\"\n",
       "'fixed' in [subjects] must be a table of subject = \"folder\""},
  };
  for (const Case& c : cases) {
    auto spec = parse(dir, c.text);
    ASSERT_FALSE(spec.ok()) << c.text;
    EXPECT_NE(spec.error().message.find(c.message), std::string::npos)
        << c.text << "\n-> " << spec.error().message;
  }
}

TEST(EvalSpec, ASubjectMayNameItsFixedVersion) {
  test::TempDir dir;
  std::filesystem::create_directories(dir.path() + "/shop/fixed");
  auto spec = parse(dir,
                    "[subjects]\nprojects = [\"shop\"]\nfixed = { shop = \"shop/fixed\" }\n"
                    "[model]\nllm = \"cmd:x\"\n");
  ASSERT_TRUE(spec.ok()) << spec.error().message;
  EXPECT_EQ(spec->subjects[0].fixed_src, dir.path() + "/shop/fixed");
}

TEST(EvalSpec, ReadsTheCorpusIndex) {
  test::TempDir dir;
  std::string index = dir.write(
      "index.tsv",
      "id\troot\tmain_src\ttest_src\tclasspath\tclasses\tencoding\n"
      "lang\t/c/lang\t/c/lang/src/main/java\t/c/lang/src/test/java\t\t/c/lang/classes\tUTF-8\n"
      "time\t/c/time\t/c/time/src\t/c/time/test\t/a.jar:/b.jar\t/c/time/classes\tISO-8859-1\n");
  auto all = read_corpus_index(index, {});
  ASSERT_TRUE(all.ok()) << all.error().message;
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[1].classpath, (std::vector<std::string>{"/a.jar", "/b.jar"}));
  EXPECT_EQ((*all)[1].encoding, "ISO-8859-1");
  auto one = read_corpus_index(index, {"time"});
  ASSERT_TRUE(one.ok());
  EXPECT_EQ(one->front().id, "time");
  auto none = read_corpus_index(index, {"math"});
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.error().message.find("no subject 'math'"), std::string::npos);
}

// A method with `ifs` ifs: CYC ifs + 1.
std::string method_with(const std::string& name, int ifs) {
  std::string body;
  for (int i = 0; i < ifs; ++i) body += "    if (x == " + std::to_string(i) + ") x++;\n";
  return "  public int " + name + "(int x) {\n" + body + "    return x;\n  }\n";
}

TEST(EvalSurvey, PicksPublicConcreteClassesWithAMethodOverCyc10) {
  test::TempDir dir;
  std::string src = dir.path() + "/src/main/java/p/";
  std::filesystem::create_directories(src);
  dir.write("src/main/java/p/Big.java", "package p;\npublic class Big {\n" + method_with("f", 10) +
                                            method_with("g", 2) + "}\n");
  dir.write("src/main/java/p/Edge.java",
            "package p;\npublic class Edge {\n" + method_with("f", 9) + "}\n");
  dir.write("src/main/java/p/Abs.java",
            "package p;\npublic abstract class Abs {\n" + method_with("f", 12) + "}\n");
  dir.write("src/main/java/p/Hidden.java",
            "package p;\nclass Hidden {\n" + method_with("f", 12) + "}\n");
  dir.write("src/main/java/p/Api.java",
            "package p;\npublic interface Api {\n  default int f(int x) { if (x>1) x++; return x; "
            "}\n}\n");
  dir.write("src/main/java/p/Nest.java",
            "package p;\n@Deprecated\npublic final class Nest {\n  public static class In {\n" +
                method_with("f", 11) + "  }\n}\n");
  auto survey = survey_sources(main_source_dir(dir.path(), ""), "");
  ASSERT_TRUE(survey.ok()) << survey.error().message;
  std::vector<std::string> picked;
  for (const SurveyedClass& c : survey->classes) {
    if (meets_criterion(c, 10)) picked.push_back(c.name);
  }
  EXPECT_EQ(picked, (std::vector<std::string>{"p.Big", "p.Nest"}));
  EXPECT_EQ(survey->classes.size(), 6u);
  ASSERT_EQ(survey->classes[2].name, "p.Big");  // sorted by name
  const SurveyedClass& big = survey->classes[2];
  EXPECT_EQ(big.mut_cycs, (std::vector<int>{11, 3}));
  SubjectFigures f = subject_figures({big, survey->classes[3]});  // Big and Edge
  EXPECT_EQ(f.classes, 2u);
  EXPECT_EQ(f.muts, 3u);
  EXPECT_EQ(f.cyc_max, 11);
  EXPECT_EQ(f.cyc_median, 10);  // 3, 10, 11
}

TEST(EvalSurvey, SampleIsASortedSubsetFixedBySeed) {
  std::vector<SurveyedClass> all;
  for (int i = 0; i < 20; ++i)
    all.push_back({"c" + std::to_string(100 + i), "", true, false, "class", {11}});
  auto a = sample_classes(all, 5, 42);
  auto b = sample_classes(all, 5, 42);
  ASSERT_EQ(a.size(), 5u);
  std::vector<std::string> names_a;
  std::vector<std::string> names_b;
  for (auto& c : a) names_a.push_back(c.name);
  for (auto& c : b) names_b.push_back(c.name);
  EXPECT_EQ(names_a, names_b);
  EXPECT_TRUE(std::is_sorted(names_a.begin(), names_a.end()));
  bool differs = false;
  for (uint64_t seed = 1; seed < 10 && !differs; ++seed) {
    auto c = sample_classes(all, 5, seed);
    for (size_t i = 0; i < 5; ++i) differs = differs || c[i].name != names_a[i];
  }
  EXPECT_TRUE(differs) << "another seed picks other classes";
  EXPECT_EQ(sample_classes(all, 0, 1).size(), 20u);
  EXPECT_EQ(sample_classes(all, 50, 1).size(), 20u);
}

TEST(EvalStore, KeepsFinishedCellsAcrossOpens) {
  test::TempDir dir;
  std::string path = dir.path() + "/r.sqlite";
  {
    auto store = ResultsStore::open(path);
    ASSERT_TRUE(store.ok()) << store.error().message;
    CellResult done{{"s", "p.A", "panta", "cmd:x", 1}, "done", {}, ""};
    done.metrics.branch_coverage = 87.5;
    done.metrics.mutation_note = "not measured: x";
    ASSERT_TRUE(store->record(done).ok());
    ASSERT_TRUE(store->record({{"s", "p.A", "cov", "cmd:x", 1}, "failed", {}, "boom"}).ok());
  }
  auto store = ResultsStore::open(path);
  ASSERT_TRUE(store.ok());
  auto all = store->all();
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 2u);
  EXPECT_EQ((*all)[0].metrics.branch_coverage, 87.5);
  EXPECT_FALSE((*all)[0].metrics.mutation_score.has_value());
  EXPECT_EQ((*all)[1].error, "boom");
  EXPECT_EQ(*store->forget_failed(), 1);
  EXPECT_EQ(store->all()->size(), 1u);
  auto bad = ResultsStore::open(dir.write("not.sqlite", "this is not a database, just text\n"));
  EXPECT_FALSE(bad.ok());
}

TEST(EvalCell, ReadsGenerateReportsOldAndNewAndTheFlagsMutateTakes) {
  test::TempDir dir;
  std::string report = dir.write(
      "r.json",
      R"({"final": {"line_coverage": 50, "branch_coverage": 25, "pass_rate": 80, "tests_kept": 4},
          "iterations": [{"prompt_tokens": 10, "completion_tokens": 3, "model_calls": 2},
                         {"prompt_tokens": 5, "completion_tokens": 1}],
          "llm_s": 1.5, "stop_reason": "full coverage"})");
  auto m = metrics_from_report(report);
  ASSERT_TRUE(m.ok()) << m.error().message;
  EXPECT_EQ(m->branch_coverage, 25);
  EXPECT_EQ(m->tests_kept, 4);
  EXPECT_EQ(m->prompt_tokens, 15);
  EXPECT_EQ(m->completion_tokens, 4);
  EXPECT_EQ(m->model_calls, 2);
  EXPECT_EQ(m->model_s, 1.5);
  EXPECT_FALSE(
      metrics_from_report(dir.write("e.json", R"({"class": "X", "status": "error"})")).ok());
  EXPECT_EQ(
      mutate_flags({"--max-iterations", "3", "--sandbox", "fallback", "--heap", "1g",
                    "--test-timeout", "5", "--prompt-dir", "p"}),
      (std::vector<std::string>{"--sandbox", "fallback", "--heap", "1g", "--test-timeout", "5"}));
  Subject s{"lang",
            "/c/lang",
            "/c/lang/src/main/java",
            "/c/lang/src/test/java",
            {"/usr/share/java/a.jar", "/c/lang/stub"},
            "/c/lang/classes",
            "UTF-8",
            ""};
  EXPECT_EQ(GenerateProcessRunner::project_args(s, "/w/p"),
            (std::vector<std::string>{"--project", "/w/p", "--src-dir", "/w/p/src/main/java",
                                      "--test-dir", "/w/p/src/test/java", "--classes",
                                      "/w/p/classes", "--classpath", "/usr/share/java/a.jar",
                                      "--classpath", "/w/p/stub", "--encoding", "UTF-8"}));
}

// Answers each cell with fixed figures; interrupts (nullopt) the cells of `interrupt`.
class FakeRunner : public CellRunner {
 public:
  std::optional<CellResult> run(const CellKey& key, const Subject&) override {
    std::lock_guard<std::mutex> hold(lock);
    ran.push_back(key.strategy + "#" + std::to_string(key.repeat));
    if (key.strategy == interrupt) {
      request_stop();  // as Ctrl-C would
      return std::nullopt;
    }
    CellResult r{key, "done", {}, ""};
    r.metrics.branch_coverage = key.strategy == "panta" ? 90 : 50;
    return r;
  }
  std::mutex lock;
  std::vector<std::string> ran;
  std::string interrupt;
};

// Cells running at once work on different classes: the cells take turns over the classes.
TEST(EvalRun, CellsTakeTurnsOverTheClasses) {
  test::TempDir dir;
  EvalSpec spec;
  spec.path = dir.path() + "/spec.toml";
  spec.strategies = {"basic", "panta"};
  spec.model.llms = {"cmd:x"};
  Subject s{"shop", dir.path(), "", "", {}, "", "", ""};
  std::vector<ChosenClasses> chosen = {
      {s,
       {{"p.A", "", true, false, "class", {12}}, {"p.B", "", true, false, "class", {12}}},
       2,
       {}}};
  auto store = ResultsStore::open(spec.results_path());
  ASSERT_TRUE(store.ok());
  struct Order : CellRunner {
    std::optional<CellResult> run(const CellKey& key, const Subject&) override {
      ran.push_back(key.class_name + ":" + key.strategy);
      return CellResult{key, "done", {}, ""};
    }
    std::vector<std::string> ran;
  } order;
  auto tally = run_cells(plan_cells(spec, chosen), chosen, *store, order, 1, [](auto&) {});
  ASSERT_TRUE(tally.ok());
  EXPECT_EQ(order.ran,
            (std::vector<std::string>{"p.A:basic", "p.B:basic", "p.A:panta", "p.B:panta"}));
}

// A later eval whose panta has `mutate` measures the finished cells that have no score.
TEST(EvalRun, FinishedCellsWithoutMutationScoreAreMeasuredLater) {
  test::TempDir dir;
  EvalSpec spec;
  spec.path = dir.path() + "/spec.toml";
  spec.strategies = {"basic", "panta"};
  spec.model.llms = {"cmd:x"};
  Subject s{"shop", dir.path(), "", "", {}, "", "", ""};
  std::vector<ChosenClasses> chosen = {{s, {{"p.A", "", true, false, "class", {12}}}, 1, {}}};
  auto store = ResultsStore::open(spec.results_path());
  ASSERT_TRUE(store.ok());
  struct Later : FakeRunner {
    std::optional<CellResult> measure_again(const CellResult& cell, const Subject&) override {
      if (cell.key.strategy != "panta") return std::nullopt;  // e.g. no scratch copy kept
      CellResult again = cell;
      again.metrics.mutation_score = 42.5;
      return again;
    }
  } runner;
  auto quiet = [](const std::string&) {};
  ASSERT_TRUE(run_cells(plan_cells(spec, chosen), chosen, *store, runner, 1, quiet).ok());
  auto measured = measure_missing_mutation(chosen, *store, runner, quiet);
  ASSERT_TRUE(measured.ok());
  EXPECT_EQ(*measured, 1);
  auto all = store->all();
  ASSERT_TRUE(all.ok());
  ASSERT_EQ(all->size(), 2u);
  for (const CellResult& c : *all) {
    EXPECT_EQ(c.metrics.mutation_score.has_value(), c.key.strategy == "panta");
  }
}

TEST(EvalRun, ResumeSkipsFinishedCellsAndAnInterruptedOneRunsAgain) {
  test::TempDir dir;
  EvalSpec spec;
  spec.path = dir.path() + "/spec.toml";
  spec.strategies = {"baseline", "cov", "panta"};
  spec.repeats = 2;
  spec.model.llms = {"cmd:x"};
  Subject s{"shop", dir.path(), "", "", {}, "", "", ""};
  std::vector<ChosenClasses> chosen = {{s, {{"p.A", "", true, false, "class", {12}}}, 1, {}}};
  std::vector<CellKey> cells = plan_cells(spec, chosen);
  ASSERT_EQ(cells.size(), 6u);
  auto store = ResultsStore::open(spec.results_path());
  ASSERT_TRUE(store.ok());
  auto quiet = [](const std::string&) {};
  FakeRunner first;
  first.interrupt = "cov";
  auto tally = run_cells(cells, chosen, *store, first, 1, quiet);
  clear_stop_requests();
  ASSERT_TRUE(tally.ok()) << tally.error().message;
  EXPECT_EQ(first.ran, (std::vector<std::string>{"baseline#1", "baseline#2", "cov#1"}));
  EXPECT_EQ(tally->done, 2);
  EXPECT_EQ(tally->not_run, 4);
  FakeRunner second;
  tally = run_cells(cells, chosen, *store, second, 2, quiet);
  ASSERT_TRUE(tally.ok());
  std::sort(second.ran.begin(), second.ran.end());
  EXPECT_EQ(second.ran, (std::vector<std::string>{"cov#1", "cov#2", "panta#1", "panta#2"}));
  EXPECT_EQ(tally->already_done, 2);
  EXPECT_EQ(tally->done, 4);
  FakeRunner third;
  tally = run_cells(cells, chosen, *store, third, 2, quiet);
  EXPECT_TRUE(third.ran.empty());
  EXPECT_EQ(tally->already_done, 6);
  auto rows = class_results(spec, chosen, *store->all());
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2].strategy, "panta");
  EXPECT_EQ(rows[2].runs, 2);
  EXPECT_EQ(rows[2].mean.branch_coverage, 90);
}

// Six classes of two subjects, two models, three strategies, figures made up by a formula:
// every table, the CYC groups, Table 4 and p-values, against a golden file.
TEST(EvalTables, MarkdownOfMadeUpResults) {
  EvalSpec spec;
  spec.path = "/x/made-up.toml";
  spec.text = "title = \"made up\"\n";
  spec.title = "made up";
  spec.strategies = {"baseline", "cov", "panta"};
  spec.model.llms = {"cmd:one", "cmd:two"};
  std::vector<ChosenClasses> chosen;
  std::vector<CellResult> cells;
  for (int s = 0; s < 2; ++s) {
    ChosenClasses c{{s == 0 ? "alpha" : "beta", "/r", "", "", {}, "", "", ""}, {}, 10, {}};
    for (int k = 0; k < 3; ++k) {
      std::string name = fmt::format("p.C{}{}", s, k);
      c.classes.push_back({name, "", true, false, "class", {3 + 9 * k, 2, 11 + s}});
      for (size_t m = 0; m < spec.model.llms.size(); ++m) {
        for (size_t t = 0; t < spec.strategies.size(); ++t) {
          CellResult r{
              {c.subject.id, name, spec.strategies[t], spec.model.llms[m], 1}, "done", {}, ""};
          double base = 30 + 10 * k + 5 * s + 3 * static_cast<double>(m);
          r.metrics.line_coverage = std::min(100.0, base + 20 * static_cast<double>(t) + 7);
          r.metrics.branch_coverage = std::min(100.0, base + 19 * static_cast<double>(t) + k);
          r.metrics.pass_rate = 50 + 10 * static_cast<double>(t);
          r.metrics.tests_kept = 3 + k + static_cast<int>(t);
          if (t > 0) r.metrics.mutation_score = base / 2 + 9 * static_cast<double>(t) + s;
          if (t == 0) r.metrics.mutation_note = "not measured: made up";
          r.metrics.prompt_tokens = 1000 * (1 + static_cast<int64_t>(t)) + 17 * k;
          r.metrics.completion_tokens = 300 + 50 * k;
          r.metrics.model_calls = 1 + static_cast<int>(t);
          cells.push_back(r);
        }
      }
    }
    chosen.push_back(std::move(c));
  }
  cells.push_back({{"beta", "p.C12", "panta", "cmd:two", 2}, "failed", {}, "boom"});
  spec.repeats = 2;  // the second repeats: one failed, the others not run
  auto rows = class_results(spec, chosen, cells);
  std::string tables = tables_markdown(spec, "9.9.9", chosen, rows);
  test::check_golden(std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/eval/made-up-tables.md",
                     tables.substr(0, tables.find("## Time per class")));
}

}  // namespace
}  // namespace panta::eval
