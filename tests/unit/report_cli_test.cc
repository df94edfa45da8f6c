// End-to-end: `panta generate --html`, `panta coverage --html`, `panta report html` and
// `panta report merge` on copies of examples/shop.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string demo_journal() {
  return std::string(PANTA_SOURCE_DIR) + "/examples/shop/demo/journal.sqlite";
}

TEST(ReportCli, GenerateWritesTheHtmlReportAndTheDetailItIsMadeOf) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  fs::remove_all(root + "/demo");
  std::string html = dir.path() + "/html";
  test::PantaRun r =
      test::run_panta(dir, "generate --project " + root +
                               " --class org.example.shop.Cart --llm replay:" + demo_journal() +
                               " --report " + dir.path() + "/report.json --html " + html);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  json report = json::parse(test::slurp(dir.path() + "/report.json"));
  const json& detail = report["detail"];
  EXPECT_EQ(detail["source_file"], root + "/src/main/java/org/example/shop/Cart.java");
  EXPECT_EQ(detail["source"], test::slurp(root + "/src/main/java/org/example/shop/Cart.java"));
  ASSERT_FALSE(detail["methods"].empty());
  // Full coverage: every edge of a method under test was taken or cannot be told apart.
  int covered = 0;
  for (const json& m : detail["methods"]) {
    for (const json& e : m["edges"]) {
      if (m["under_test"] == true) {
        EXPECT_NE(e["status"], "missed") << m["key"] << e.dump();
      }
      covered += e["status"] == "covered";
    }
  }
  EXPECT_GT(covered, 10);
  int added = 0;
  for (const json& it : report["iterations"]) added += static_cast<int>(it["tests_added"].size());
  EXPECT_GT(added, 0);
  EXPECT_TRUE(fs::exists(html + "/index.html"));
  EXPECT_TRUE(fs::exists(html + "/report.css"));
  EXPECT_TRUE(fs::exists(html + "/report.js"));
  std::string page = test::slurp(html + "/org.example.shop.Cart.html");
  EXPECT_NE(page.find("<svg class=\"cfg\""), std::string::npos);

  // The same report, made later from the JSON, is the same files.
  std::string again = dir.path() + "/again";
  test::PantaRun h =
      test::run_panta(dir, "report html " + dir.path() + "/report.json --out " + again);
  ASSERT_EQ(h.exit_code, 0) << h.err;
  for (const char* f : {"index.html", "org.example.shop.Cart.html", "report.css", "report.js"}) {
    EXPECT_EQ(test::slurp(again + "/" + f), test::slurp(html + "/" + f)) << f;
  }
}

TEST(ReportCli, CoverageWritesAnHtmlReport) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string html = dir.path() + "/cov";
  test::PantaRun r = test::run_panta(dir, "coverage --project " + root + " --html " + html);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string index = test::slurp(html + "/index.html");
  EXPECT_NE(index.find("org.example.shop.Cart"), std::string::npos);
  std::string page = test::slurp(html + "/org.example.shop.Cart.html");
  EXPECT_NE(page.find("class=\"line nc\""), std::string::npos);  // CartTest covers little
  EXPECT_NE(page.find("data-status=\"missed\""), std::string::npos);
  EXPECT_NE(page.find("data-status=\"covered\""), std::string::npos);
}

TEST(ReportCli, UsageErrors) {
  test::TempDir dir;
  std::string bad = dir.write("bad.json", "{\"no\": 1}");
  test::PantaRun r = test::run_panta(dir, "report html " + bad + " --out " + dir.path() + "/o");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.json: entry 1 has no \"class\""), std::string::npos) << r.err;
  r = test::run_panta(dir, "report merge " + dir.path() + "/missing.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot read"), std::string::npos) << r.err;
  std::string a = dir.write("a.json", "[{\"class\": \"p.A\"}]");
  r = test::run_panta(dir, "report merge " + a + " " + a);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("class p.A is in both"), std::string::npos) << r.err;
  r = test::run_panta(dir, "report");
  EXPECT_EQ(r.exit_code, 2);
}

// A package of two classes with a scripted model that answers per class.
std::string package_with_wallet(const test::TempDir& dir) {
  std::string root = test::copy_shop(dir, "shop");
  fs::remove_all(root + "/demo");
  std::ofstream(root + "/src/main/java/org/example/shop/Wallet.java")
      << "package org.example.shop;\n\npublic class Wallet {\n  private long cents;\n\n"
         "  public boolean pay(long amount) {\n    if (amount > cents) {\n      return false;\n"
         "    }\n    cents -= amount;\n    return true;\n  }\n\n"
         "  public void topUp(long amount) {\n    cents += amount;\n  }\n}\n";
  return root;
}

// The report without what differs between two runs of the same thing (times).
json without_times(json report) {
  for (json& c : report) {
    c.erase("wall_s");
    c.erase("llm_s");
    for (json& it : c["iterations"]) {
      it.erase("wall_s");
      it.erase("llm_s");
    }
  }
  return report;
}

TEST(ReportCli, MergedShardsEqualTheUnshardedRun) {
  test::TempDir dir;
  std::string script =
      dir.write("model.sh",
                "cat >/dev/null\ncase \"$PANTA_CLASS\" in\n"
                "*Wallet) printf '```java\\n@Test\\nvoid emptyWalletCannotPay() {\\n  "
                "assertFalse(new Wallet().pay(1));\\n}\\n```\\n' ;;\n"
                "*) printf '```java\\n@Test\\nvoid sizeOfEmpty() {\\n  assertEquals(0, new "
                "Cart().size());\\n}\\n```\\n' ;;\nesac\n");
  std::string flags = " --max-iterations 1 --llm 'cmd:sh " + script + "'";
  std::string root = package_with_wallet(dir);
  test::PantaRun all =
      test::run_panta(dir, "generate --project " + root + " --class org.example.shop --report " +
                               dir.path() + "/all.json" + flags);
  ASSERT_EQ(all.exit_code, 0) << all.err;
  // The same project again, split by class into two runs, as two shards would run it.
  fs::remove_all(root);
  package_with_wallet(dir);
  for (const char* cls : {"Wallet", "Cart"}) {
    test::PantaRun shard =
        test::run_panta(dir, "generate --project " + root + " --class org.example.shop." + cls +
                                 " --report " + dir.path() + "/" + cls + ".json" + flags);
    ASSERT_EQ(shard.exit_code, 0) << shard.err;
  }
  test::PantaRun merged = test::run_panta(
      dir, "report merge " + dir.path() + "/Wallet.json " + dir.path() + "/Cart.json");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  json unsharded = json::parse(test::slurp(dir.path() + "/all.json"));
  json combined = json::parse(merged.out);
  ASSERT_EQ(combined.size(), 2u);
  EXPECT_EQ(combined[0]["class"], "org.example.shop.Cart");
  EXPECT_GT(combined[1]["final"]["line_coverage"].get<double>(), 0);
  EXPECT_EQ(without_times(combined), without_times(unsharded));
}

}  // namespace
}  // namespace panta
