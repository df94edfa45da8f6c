// End-to-end: the `panta analyze` binary on good and bad input.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <chrono>
#include <string>

#include "test_support.h"

namespace panta {
namespace {

test::PantaRun analyze(const test::TempDir& dir, const std::string& args) {
  return test::run_panta(dir, "analyze " + args);
}

const char* kGood =
    "class Good {\n  int f(int x) {\n    if (x > 0) return 1;\n    return 0;\n  }\n}\n";

TEST(AnalyzeCli, PaperExampleInAllFormats) {
  test::TempDir dir;
  std::string file = test::fixture("PatternOptionBuilder.java");
  test::PantaRun text = analyze(dir, file);
  EXPECT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("parsePattern(String)  lines 1-21  CYC 5"), std::string::npos);

  test::PantaRun json = analyze(dir, "--format json " + file);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  auto j = nlohmann::json::parse(json.out);
  const auto& m = j["files"][0]["classes"][0]["methods"][0];
  EXPECT_EQ(m["name"], "parsePattern");
  EXPECT_EQ(m["signature"], "parsePattern(String)");
  EXPECT_EQ(m["start_line"], 1);
  EXPECT_EQ(m["end_line"], 21);
  EXPECT_EQ(m["mut"], true);
  EXPECT_EQ(m["cyclomatic"], 5);
  EXPECT_EQ(m["nodes"], 13);
  EXPECT_EQ(m["edges"], 16);
  EXPECT_EQ(m["paths_fallback"], false);
  ASSERT_EQ(m["paths"].size(), 5u);
  const auto& step = m["paths"][0]["steps"][4];
  EXPECT_EQ(step["line"], 6);
  EXPECT_EQ(step["text"], "for (int i = 0; i < pattern.length(); i++)");
  EXPECT_EQ(step["branch"], "false");
  EXPECT_TRUE(m["paths"][0]["steps"][0]["branch"].is_null());

  test::PantaRun dot = analyze(dir, "--format dot " + file);
  EXPECT_EQ(dot.exit_code, 0);
  EXPECT_EQ(dot.out.rfind("digraph panta {", 0), 0u);
  EXPECT_NE(dot.out.find("shape=diamond"), std::string::npos);
}

TEST(AnalyzeCli, MethodFilterAndAllMethods) {
  test::TempDir dir;
  std::string file = test::fixture("Members.java");
  test::PantaRun mut_only = analyze(dir, "--format json " + file);
  test::PantaRun all = analyze(dir, "--format json --all-methods " + file);
  test::PantaRun one = analyze(dir, "--format json --method sum " + file);
  auto count = [](const std::string& out) {
    size_t n = 0;
    auto j = nlohmann::json::parse(out);
    for (const auto& c : j["files"][0]["classes"]) n += c["methods"].size();
    return n;
  };
  EXPECT_EQ(count(mut_only.out), 12u);
  EXPECT_EQ(count(all.out), 23u);
  EXPECT_EQ(count(one.out), 1u);
  EXPECT_NE(all.out.find("\"excluded_because\":\"getter\""), std::string::npos);
  test::PantaRun none = analyze(dir, "--method nosuchmethod " + file);
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_NE(none.err.find("no method named nosuchmethod"), std::string::npos);
}

TEST(AnalyzeCli, FoldersAreSearchedRecursively) {
  test::TempDir dir;
  dir.write("src/a/A.java", kGood);
  dir.write("src/b/c/C.java", kGood);
  dir.write("src/readme.txt", "not java");
  dir.write("src/.panta/backup/1/a/ATest.java", kGood);  // Panta's backups: no sources
  test::PantaRun r = analyze(dir, dir.path() + "/src");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("src/a/A.java"), std::string::npos);
  EXPECT_NE(r.out.find("src/b/c/C.java"), std::string::npos);
  EXPECT_EQ(r.out.find(".panta"), std::string::npos) << r.out;
}

TEST(AnalyzeCli, MissingPathIsAnErrorAndOthersStillRun) {
  test::TempDir dir;
  std::string good = dir.write("Good.java", kGood);
  test::PantaRun r = analyze(dir, dir.path() + "/Nope.java " + good);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("Nope.java: no such file or directory"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("f(int)"), std::string::npos);
}

TEST(AnalyzeCli, NonJavaFileIsRejected) {
  test::TempDir dir;
  std::string txt = dir.write("notes.txt", "hello");
  test::PantaRun r = analyze(dir, txt);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("notes.txt: not a .java file"), std::string::npos) << r.err;
}

TEST(AnalyzeCli, SyntaxErrorIsReportedWithPositionAndTheRestIsAnalysed) {
  test::TempDir dir;
  std::string bad =
      dir.write("Bad.java",
                "class Bad {\n  int ok(int x) {\n    if (x > 1) return 2;\n    return 3;\n  }\n"
                "  void broken() {\n    int = ;\n  }\n}\n");
  std::string good = dir.write("Good.java", kGood);
  test::PantaRun r = analyze(dir, "--format json " + bad + " " + good);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("Bad.java:7:"), std::string::npos) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["files"].size(), 2u);
  const auto& methods = j["files"][0]["classes"][0]["methods"];
  ASSERT_EQ(methods.size(), 2u);
  EXPECT_EQ(methods[0]["cyclomatic"], 2);
  EXPECT_TRUE(methods[1]["cyclomatic"].is_null());
  EXPECT_NE(methods[1]["error"].get<std::string>().find("syntax error at 7:"), std::string::npos);
  EXPECT_EQ(j["files"][1]["classes"][0]["methods"][0]["cyclomatic"], 2);
}

TEST(AnalyzeCli, EmptyFileIsAnError) {
  test::TempDir dir;
  std::string empty = dir.write("Empty.java", "");
  test::PantaRun r = analyze(dir, empty);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("Empty.java: empty file"), std::string::npos) << r.err;
}

TEST(AnalyzeCli, InvalidUtf8IsAnErrorWithItsPosition) {
  test::TempDir dir;
  std::string bad = dir.write("Latin1.java", "class A {\n  String s = \"caf\xE9\";\n}\n");
  test::PantaRun r = analyze(dir, bad);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("Latin1.java:2:18: invalid UTF-8"), std::string::npos) << r.err;
}

TEST(AnalyzeCli, FileNameThatIsNotUtf8DoesNotBreakJson) {
  test::TempDir dir;
  std::string file = dir.write("caf\xE9.java", kGood);
  test::PantaRun r = analyze(dir, "--format json " + dir.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["files"].size(), 1u);
}

TEST(AnalyzeCli, NestedFinallyBlowUpIsAnErrorNotAHang) {
  test::TempDir dir;
  // Each finally is copied for both exit routes of its try: 2^20 copies of the innermost one.
  std::string body = "x++;";
  for (int i = 0; i < 20; ++i) {
    body = "try { if (x > " + std::to_string(i) + ") return " + std::to_string(i) +
           "; } finally { " + body + " }";
  }
  std::string file =
      dir.write("Blow.java", "class Blow { int f(int x) { " + body + " return x; } }\n");
  test::PantaRun r = analyze(dir, file);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("more than 200000 nodes"), std::string::npos) << r.err;
}

TEST(AnalyzeCli, TwentyThousandLineMethod) {
  test::TempDir dir;
  std::string body;
  for (int i = 0; i < 20000; ++i) {
    body += i % 4 == 0 ? "    if (x > " + std::to_string(i) + ") x--;\n"
                       : "    x += " + std::to_string(i) + ";\n";
  }
  std::string file =
      dir.write("Huge.java", "class Huge {\n  int f(int x) {\n" + body + "    return x;\n  }\n}\n");
  auto start = std::chrono::steady_clock::now();
  test::PantaRun r = analyze(dir, "--format json " + file + " >/dev/null");
  auto s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_LT(s, 30.0);
  test::PantaRun text = analyze(dir, file);
  EXPECT_NE(text.out.find("CYC 5001"), std::string::npos);
}

TEST(AnalyzeCli, ThreeHundredNestingLevels) {
  test::TempDir dir;
  std::string open;
  std::string close;
  for (int i = 0; i < 300; ++i) {
    open += "if (x > " + std::to_string(i) + ") { while (x < " + std::to_string(i) + ") { x++;\n";
    close += "} }\n";
  }
  std::string file =
      dir.write("Deep.java", "class Deep {\n  void f(int x) {\n" + open + close + "  }\n}\n");
  test::PantaRun r = analyze(dir, "--format json " + file);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["files"][0]["classes"][0]["methods"][0]["cyclomatic"], 601);
}

TEST(AnalyzeCli, UsageErrorsExitTwo) {
  test::TempDir dir;
  EXPECT_EQ(test::run_panta(dir, "").exit_code, 2);
  EXPECT_EQ(test::run_panta(dir, "analyze").exit_code, 2);
  EXPECT_EQ(test::run_panta(dir, "analyze --format xml x.java").exit_code, 2);
  EXPECT_EQ(test::run_panta(dir, "frobnicate").exit_code, 2);
  test::PantaRun help = test::run_panta(dir, "analyze --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("--all-methods"), std::string::npos);
}

}  // namespace
}  // namespace panta

namespace panta {
namespace {

// A source file past --max-file-size is reported and not read (a 50 MB file took 4.7 GB to
// parse); the others are analysed.
TEST(AnalyzeCli, AFileLargerThanTheLimitIsReportedNotParsed) {
  test::TempDir dir;
  std::string big = "class Big {\n";
  while (big.size() < 3000) big += "  int f" + std::to_string(big.size()) + ";\n";
  dir.write("Big.java", big + "}\n");
  dir.write("Small.java", "class Small {\n  int one() { return 1; }\n}\n");
  test::PantaRun r = test::run_panta(dir, "analyze --max-file-size 0.002 " + dir.path());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("Big.java: 3 KB, more than --max-file-size 2 KB: not analysed"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("Small"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace panta
