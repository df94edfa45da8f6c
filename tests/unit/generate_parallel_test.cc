// End-to-end: `panta generate --jobs`, the budget and --shard on a copy of examples/shop with a
// package of small classes, and a scripted cmd: model. Concurrency is proved by a barrier in
// the model script (each call waits until every class has asked), never by timing.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

#include "llm/journal.h"
#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;

// A copy of the shop with classes org.example.shop.par.C1..Cn, each with one decision.
std::string shop_with_classes(const test::TempDir& dir, const std::string& name, int n) {
  std::string root = test::copy_shop(dir, name);
  std::string folder = root + "/src/main/java/org/example/shop/par";
  fs::create_directories(folder);
  for (int i = 1; i <= n; ++i) {
    std::ofstream(folder + "/C" + std::to_string(i) + ".java")
        << "package org.example.shop.par;\n\npublic class C" << i
        << " {\n  public int sign(int x) {\n    if (x > " << i
        << ") {\n      return 1;\n    }\n    return 0;\n  }\n}\n";
  }
  return root;
}

// The model: a test class covering both outcomes of the class it is asked about. With the
// file `barrier` holding a number N, each first prompt of a class waits until N classes have
// asked (or 120 s, then says so in `missed`).
std::string model_script(const test::TempDir& dir) {
  return dir.write("model.sh", R"SH(cat >/dev/null
d=$(dirname "$0")
name=${PANTA_CLASS##*.}
if [ -f "$d/barrier" ] && [ ! -f "$d/arrived-$name" ]; then
  touch "$d/arrived-$name"
  want=$(cat "$d/barrier"); waited=0
  while [ "$(ls "$d" | grep -c '^arrived-')" -lt "$want" ]; do
    sleep 0.05; waited=$((waited + 1))
    if [ $waited -gt 2400 ]; then echo "$name" >> "$d/missed"; break; fi
  done
fi
printf '```java\npackage org.example.shop.par;\n\nimport static org.junit.jupiter.api.Assertions.*;\n\nimport org.junit.jupiter.api.Test;\n\nclass %sTest {\n  @Test\n  void above() {\n    assertEquals(1, new %s().sign(100));\n  }\n\n  @Test\n  void below() {\n    assertEquals(0, new %s().sign(-100));\n  }\n}\n```\n' "$name" "$name" "$name"
)SH");
}

std::string model_flag(const std::string& script) {
  return " --llm 'cmd:sh " + script + "'";
}

std::map<std::string, nlohmann::json> by_class(const std::string& report_file) {
  std::map<std::string, nlohmann::json> out;
  for (const auto& entry : nlohmann::json::parse(test::slurp(report_file)))
    out[entry["class"].get<std::string>()] = entry;
  return out;
}

TEST(GenerateParallel, ClassesRunAtOnceEachWithItsOwnHelper) {
  test::TempDir dir;
  std::string root = shop_with_classes(dir, "shop", 3);
  // C3 is covered already: --skip-above leaves it out, so the two others meet at the barrier.
  std::string c3test = root + "/src/test/java/org/example/shop/par/C3Test.java";
  fs::create_directories(fs::path(c3test).parent_path());
  std::ofstream(c3test) << "package org.example.shop.par;\n\nimport static "
                           "org.junit.jupiter.api.Assertions.*;\n\nimport "
                           "org.junit.jupiter.api.Test;\n\nclass C3Test {\n  @Test\n  void both() "
                           "{\n    assertEquals(1, new C3().sign(9));\n    assertEquals(0, new "
                           "C3().sign(0));\n  }\n}\n";
  std::string script = model_script(dir);
  dir.write("barrier", "2");
  std::string report = dir.path() + "/report.json";
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.par --jobs 2 --skip-above 90" +
               model_flag(script) + " --llm-concurrency 2 --report " + report);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::exists(dir.path() + "/missed")) << "a class waited alone: " << r.err;
  auto classes = by_class(report);
  ASSERT_EQ(classes.size(), 3u);
  for (const char* c : {"org.example.shop.par.C1", "org.example.shop.par.C2"}) {
    EXPECT_EQ(classes[c]["status"], "done") << c;
    EXPECT_DOUBLE_EQ(classes[c]["final"]["branch_coverage"].get<double>(), 100.0) << c;
  }
  EXPECT_EQ(classes["org.example.shop.par.C3"]["status"], "skipped");
  EXPECT_NE(r.err.find("[org.example.shop.par.C1] "), std::string::npos) << r.err;  // not a TTY
  // Both runs in the one journal, each exchange under its own run.
  auto journal = llm::Journal::open(root + "/.panta/journal.sqlite", llm::Journal::Mode::kRead);
  ASSERT_TRUE(journal.ok());
  for (const char* c : {"org.example.shop.par.C1", "org.example.shop.par.C2"}) {
    auto run = journal->last_run(c);
    ASSERT_TRUE(run.ok() && run->has_value()) << c;
    EXPECT_EQ((*run)->status, "done");
    auto answers = journal->exchanges_after((*run)->id, 0);
    ASSERT_TRUE(answers.ok());
    ASSERT_EQ(answers->size(), 1u) << c;
    EXPECT_NE((*answers)[0].answer.find(std::string(c).substr(21) + "Test"), std::string::npos);
  }
}

TEST(GenerateParallel, ABudgetStopsNewCallsAndResumeFinishesTheRest) {
  test::TempDir dir;
  std::string root = shop_with_classes(dir, "shop", 3);
  std::string script = model_script(dir);
  std::string report = dir.path() + "/report.json";
  std::string args = "generate --project " + root + " --class org.example.shop.par" +
                     model_flag(script) + " --report " + report;
  // The first answer spends the budget: the other classes are not begun.
  test::PantaRun r = test::run_panta(dir, args + " --max-tokens-total 10");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("budget spent (--max-tokens-total 10 is spent"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("2 classes not done; --resume continues them"), std::string::npos) << r.err;
  auto first = by_class(report);
  EXPECT_EQ(first["org.example.shop.par.C1"]["status"], "done");
  EXPECT_EQ(first["org.example.shop.par.C2"]["status"], "not run");
  EXPECT_EQ(first["org.example.shop.par.C3"]["status"], "not run");
  EXPECT_NE(first["org.example.shop.par.C2"]["error"].get<std::string>().find("budget spent"),
            std::string::npos);
  test::PantaRun again = test::run_panta(dir, args + " --resume --jobs 2");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  auto second = by_class(report);
  EXPECT_EQ(second["org.example.shop.par.C1"]["status"], "already done");
  EXPECT_EQ(second["org.example.shop.par.C2"]["status"], "done");
  EXPECT_EQ(second["org.example.shop.par.C3"]["status"], "done");
}

TEST(GenerateParallel, ShardsTogetherDoWhatOneRunDoes) {
  test::TempDir dir;
  constexpr int kClasses = 6;
  std::string script = model_script(dir);
  std::string whole = shop_with_classes(dir, "whole", kClasses);
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + whole + " --class org.example.shop.par --jobs 2" +
               model_flag(script) + " --report " + dir.path() + "/whole.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // Two shard processes at once, each in its own checkout, as two CI machines.
  std::string both;
  for (int k = 1; k <= 2; ++k) {
    std::string root = shop_with_classes(dir, "shard" + std::to_string(k), kClasses);
    std::string n = std::to_string(k);
    both += "(" + std::string(PANTA_BINARY) + " generate --project " + root +
            " --class org.example.shop.par --mutants 0 --shard " + n + "/2" + model_flag(script) +
            " --report " + dir.path() + "/shard" + n + ".json 2>" + dir.path() + "/err" + n +
            "; echo $? >" + dir.path() + "/rc" + n + ") & ";
  }
  test::run_command(both + "wait");
  std::map<std::string, nlohmann::json> merged;
  for (int k = 1; k <= 2; ++k) {
    std::string n = std::to_string(k);
    ASSERT_EQ(test::slurp(dir.path() + "/rc" + n), "0\n") << test::slurp(dir.path() + "/err" + n);
    EXPECT_NE(test::slurp(dir.path() + "/err" + n).find("panta: shard " + n + "/2: "),
              std::string::npos);
    for (auto& [cls, entry] : by_class(dir.path() + "/shard" + n + ".json")) {
      EXPECT_TRUE(merged.emplace(cls, entry).second) << cls << " is in both shards";
      std::string file = "/src/test/java/org/example/shop/par/" + cls.substr(21) + "Test.java";
      EXPECT_EQ(test::slurp(dir.path() + "/shard" + n + file), test::slurp(whole + file)) << cls;
    }
  }
  auto unsharded = by_class(dir.path() + "/whole.json");
  ASSERT_EQ(merged.size(), unsharded.size());
  for (const auto& [cls, entry] : unsharded) {
    ASSERT_EQ(merged.count(cls), 1u) << cls << " is in no shard";
    for (const char* figure : {"line_coverage", "branch_coverage", "tests_kept"})
      EXPECT_EQ(merged[cls]["final"][figure], entry["final"][figure]) << cls << " " << figure;
    EXPECT_EQ(merged[cls]["status"], entry["status"]) << cls;
  }
}

}  // namespace
}  // namespace panta
