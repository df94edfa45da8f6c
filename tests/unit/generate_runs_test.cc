// End-to-end: what `panta generate` keeps of its runs and what it does with them: Ctrl-C then
// --resume (reusing the answer already paid for), several classes with a summary table.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>

#include "test_support.h"

namespace panta {
namespace {

namespace fs = std::filesystem;
using test::calls;
using test::counting_model;

std::string test_method(const std::string& name, const std::string& body) {
  return "```java\n@Test\nvoid " + name + "() {\n  " + body + "\n}\n```\n";
}

std::vector<std::string> three_answers() {
  return {test_method("sizeOfEmpty", "assertEquals(0, new Cart().size());"),
          test_method("bulkFood",
                      "Cart cart = new Cart();\n  cart.add(new Cart.Item(\"rice\", "
                      "Cart.Category.FOOD, 10, 100));\n  assertEquals(900, cart.total());"),
          test_method("nothingNew", "assertEquals(0, new Cart().size());")};
}

// The test file an uninterrupted run with these answers writes (it must ask for all of them).
std::string uninterrupted_result(const test::TempDir& dir, const std::vector<std::string>& answers,
                                 const std::string& flags) {
  std::string straight = test::copy_shop(dir, "straight");
  std::string state = dir.path() + "/straight-calls";
  test::PantaRun whole = test::run_panta(dir, "generate --project " + straight + flags + " --llm " +
                                                  counting_model(dir, answers, state, 0));
  EXPECT_EQ(whole.exit_code, 0) << whole.err;
  EXPECT_EQ(calls(state), static_cast<int>(answers.size()));
  return test::slurp(straight + "/src/test/java/org/example/shop/CartTest.java");
}

TEST(GenerateRuns, CtrlCThenResumeGivesTheSameFileAndReusesThePaidAnswer) {
  test::TempDir dir;
  const std::string flags = " --class org.example.shop.Cart --max-no-increase 1";
  std::string expected = uninterrupted_result(dir, three_answers(), flags);

  std::string root = test::copy_shop(dir, "shop");
  std::string state = dir.path() + "/calls";
  std::string model = counting_model(dir, three_answers(), state, 2);
  std::string report = dir.path() + "/interrupted.json";
  test::PantaRun stopped = test::run_panta(
      dir, "generate --project " + root + flags + " --llm " + model + " --report " + report);
  EXPECT_EQ(stopped.exit_code, 130) << stopped.err;
  EXPECT_NE(stopped.err.find("stopping after the current step"), std::string::npos) << stopped.err;
  EXPECT_EQ(calls(state), 2);
  std::string test_file = root + "/src/test/java/org/example/shop/CartTest.java";
  std::string after_stop = test::slurp(test_file);
  EXPECT_NE(after_stop.find("sizeOfEmpty"), std::string::npos);  // iteration 1 was kept
  EXPECT_EQ(after_stop.find("bulkFood"), std::string::npos);     // iteration 2 never ran
  auto j = nlohmann::json::parse(test::slurp(report));
  EXPECT_EQ(j["stop_reason"], "interrupted");
  EXPECT_EQ(j["status"], "interrupted");
  ASSERT_EQ(j["iterations"].size(), 2u);  // the second one cut short, and undone
  EXPECT_EQ(j["iterations"][1]["interrupted"], true);
  EXPECT_GT(j["iterations"][1]["prompt_tokens"].get<int>(), 0);  // its answer was paid for
  test::PantaRun check =
      test::run_panta(dir, "test --project " + root + " --test org.example.shop.CartTest");
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;

  // --resume takes the model from the journal and asks it only for what it did not answer.
  std::string resumed_report = dir.path() + "/resumed.json";
  test::PantaRun resumed = test::run_panta(
      dir, "generate --project " + root +
               " --class org.example.shop.Cart --resume --max-iterations 9 --report " +
               resumed_report);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("not used: --max-iterations 9 (the run's: 7)"), std::string::npos)
      << resumed.err;
  EXPECT_NE(resumed.err.find("resuming run 1 after iteration 1"), std::string::npos) << resumed.err;
  EXPECT_NE(resumed.err.find("answer reused from the journal"), std::string::npos) << resumed.err;
  EXPECT_EQ(calls(state), 3);
  EXPECT_EQ(test::slurp(test_file), expected);
  auto r = nlohmann::json::parse(test::slurp(resumed_report));
  EXPECT_EQ(r["resumed_after"], 1);
  ASSERT_EQ(r["iterations"].size(), 3u);
  EXPECT_EQ(r["iterations"][0]["n"], 1);
  EXPECT_EQ(r["iterations"][2]["n"], 3);
  EXPECT_EQ(r["stop_reason"], "1 round without coverage gain");
  EXPECT_EQ(r["final"]["tests_kept"], 2);  // the third answer repeats the first

  // The run is done now: resuming again changes nothing.
  test::PantaRun again = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --resume");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("nothing to resume"), std::string::npos) << again.err;
  EXPECT_EQ(calls(state), 3);
}

// A run stopped before it wrote the test file takes its backup when, resumed, it first writes
// (it was taken for granted: the resumed run wrote without one, and `panta restore` found
// none); a later run that changes nothing takes none, so a plain `panta restore` puts back the
// file as it was before the newest run that changed it.
TEST(GenerateRuns, AResumedRunBacksUpBeforeItsFirstWriteAndARunThatChangesNothingTakesNoBackup) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string test_file = root + "/src/test/java/org/example/shop/CartTest.java";
  const std::string original = test::slurp(test_file);
  const std::string flags = " --class org.example.shop.Cart --max-iterations 1";
  std::string state = dir.path() + "/calls";
  std::string model = counting_model(dir, three_answers(), state, 1);
  test::PantaRun stopped =
      test::run_panta(dir, "generate --project " + root + flags + " --llm " + model);
  EXPECT_EQ(stopped.exit_code, 130) << stopped.err;
  EXPECT_EQ(test::slurp(test_file), original);  // the cut-short iteration is undone
  test::PantaRun resumed = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --resume");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  ASSERT_NE(test::slurp(test_file), original);
  EXPECT_NE(resumed.err.find("backed up"), std::string::npos) << resumed.err;
  test::PantaRun list = test::run_panta(dir, "restore --project " + root + " --list");
  EXPECT_EQ(list.exit_code, 0) << list.err;

  // A second run whose answer has no test: the file is not changed, and not backed up.
  std::string none = dir.path() + "/none";
  std::string garbage = counting_model(dir, {"no code here"}, none, 0);
  std::string changed = test::slurp(test_file);
  test::PantaRun idle =
      test::run_panta(dir, "generate --project " + root + flags + " --llm " + garbage);
  EXPECT_EQ(test::slurp(test_file), changed) << idle.err;
  EXPECT_EQ(idle.err.find("backed up"), std::string::npos) << idle.err;
  test::PantaRun restore = test::run_panta(dir, "restore --project " + root);
  EXPECT_EQ(restore.exit_code, 0) << restore.out << restore.err;
  EXPECT_EQ(test::slurp(test_file), original) << restore.out << restore.err;
}

TEST(GenerateRuns, JournalKeepsEachIterationsCoverage) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string state = dir.path() + "/calls";
  test::PantaRun r =
      test::run_panta(dir, "generate --project " + root +
                               " --class org.example.shop.Cart --max-no-increase 1 --llm " +
                               counting_model(dir, three_answers(), state, 0));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string journal = root + "/.panta/journal.sqlite";
  auto rows = test::run_command(
      "python3 -c \"import sqlite3,sys; d=sqlite3.connect(sys.argv[1]); "
      "print(d.execute('select status from runs').fetchall()); "
      "print(d.execute('select n, round(line_coverage,1) from iterations order by n').fetchall()); "
      "print(d.execute('select count(*) from exchanges where run_id=1').fetchall())\" " +
      journal);
  ASSERT_EQ(rows.exit_code, 0) << rows.out;
  EXPECT_NE(rows.out.find("[('done',)]"), std::string::npos) << rows.out;
  EXPECT_NE(rows.out.find("[(1, "), std::string::npos) << rows.out;
  EXPECT_NE(rows.out.find("(3, "), std::string::npos) << rows.out;
  EXPECT_NE(rows.out.find("[(3,)]"), std::string::npos) << rows.out;
}

// How often the model of APackageRunsEachClassWithASummaryTable was called, by class (it
// writes one line per call, its class, to calls.log in the test's folder).
std::map<std::string, int> model_calls(const test::TempDir& dir) {
  std::map<std::string, int> out;
  std::ifstream in(dir.path() + "/calls.log");
  for (std::string line; std::getline(in, line);) ++out[line];
  return out;
}

TEST(GenerateRuns, APackageRunsEachClassWithASummaryTable) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string pkg = root + "/src/main/java/org/example/shop";
  std::ofstream(pkg + "/Wallet.java")
      << "package org.example.shop;\n\npublic class Wallet {\n  private long cents;\n\n"
         "  public boolean pay(long amount) {\n    if (amount > cents) {\n      return false;\n"
         "    }\n    cents -= amount;\n    return true;\n  }\n\n"
         "  public void topUp(long amount) {\n    cents += amount;\n  }\n}\n";
  std::ofstream(pkg + "/Priced.java")
      << "package org.example.shop;\n\npublic interface Priced {\n  long cents();\n}\n";
  std::string script =
      dir.write("model.sh",
                "cat >/dev/null\n"
                "echo \"$PANTA_CLASS\" >> '" +
                    dir.path() +
                    "/calls.log'\n"
                    "case \"$PANTA_CLASS\" in\n"
                    "*Wallet) printf '```java\\n@Test\\nvoid emptyWalletCannotPay() {\\n  "
                    "assertFalse(new Wallet().pay(1));\\n}\\n```\\n' ;;\n"
                    "*) printf '```java\\n@Test\\nvoid sizeOfEmpty() {\\n  assertEquals(0, new "
                    "Cart().size());\\n}\\n```\\n' ;;\n"
                    "esac\n");
  std::string report = dir.path() + "/report.json";
  test::PantaRun r =
      test::run_panta(dir, "generate --project " + root +
                               " --class org.example.shop --max-iterations 1 --llm 'cmd:sh " +
                               script + "' --report " + report);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex("\nclass +lines % +branches % +tests +iter +result\n")))
      << r.out;
  EXPECT_TRUE(std::regex_search(
      r.out, std::regex("\norg\\.example\\.shop\\.Wallet +0\\.0 -> [1-9][0-9.]* +0\\.0 -> "
                        "[0-9.]+ +1 +1 +iteration limit\n")))
      << r.out;
  EXPECT_NE(r.out.find("org.example.shop.Priced"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("skipped: no methods under test"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("3 classes: 2 done, 1 skipped; 2 tests kept"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::exists(root + "/src/test/java/org/example/shop/WalletTest.java"));
  auto j = nlohmann::json::parse(test::slurp(report));
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 3u);
  EXPECT_EQ(j[0]["class"], "org.example.shop.Cart");
  EXPECT_EQ(j[1]["class"], "org.example.shop.Priced");
  EXPECT_EQ(j[1]["status"], "skipped");
  EXPECT_EQ(j[2]["class"], "org.example.shop.Wallet");
  EXPECT_EQ(j[2]["status"], "done");
  EXPECT_GT(j[2]["final"]["line_coverage"].get<double>(), 0);

  EXPECT_EQ(model_calls(dir), (std::map<std::string, int>{{"org.example.shop.Cart", 1},
                                                          {"org.example.shop.Wallet", 1}}));

  // A folder names the same classes; a class named twice runs once.
  fs::remove(dir.path() + "/calls.log");
  test::PantaRun folder = test::run_panta(
      dir, "generate --project " + root + " --class " + pkg +
               "/ --class org.example.shop.Cart --max-iterations 1 --llm 'cmd:sh " + script + "'");
  EXPECT_EQ(folder.exit_code, 0) << folder.err;
  EXPECT_EQ(model_calls(dir), (std::map<std::string, int>{{"org.example.shop.Cart", 1},
                                                          {"org.example.shop.Wallet", 1}}));
  EXPECT_NE(folder.out.find("3 classes: 2 done, 1 skipped"), std::string::npos) << folder.out;

  test::PantaRun missing = test::run_panta(
      dir, "generate --project " + root + " --class org.example.nothing --llm cmd:true");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find("no such class"), std::string::npos) << missing.err;
  test::PantaRun two_files = test::run_panta(
      dir, "generate --project " + root +
               " --class org.example.shop --test-file /tmp/x/FooTest.java --llm cmd:true");
  EXPECT_EQ(two_files.exit_code, 2);
  EXPECT_NE(two_files.err.find("--test-file names one file"), std::string::npos) << two_files.err;
}

std::vector<std::string> repaired_answers() {
  return {
      "```java\n@Test\nvoid sizeOfEmpty() {\n  assertEquals(0, new Cart().size());\n}\n"
      "@Test\nvoid bulkFood() {\n  Cart cart = new Cart();\n  cart.add(new Cart.Item(\"rice\", "
      "Cart.Category.FOOD, 10, 100));\n  assertEquals(1000, cart.total());\n}\n```\n",
      test_method("bulkFood",
                  "Cart cart = new Cart();\n  cart.add(new Cart.Item(\"rice\", "
                  "Cart.Category.FOOD, 10, 100));\n  assertEquals(900, cart.total());"),
      test_method("nothingNew", "assertEquals(0, new Cart().size());")};
}

TEST(GenerateRuns, CtrlCDuringARepairUndoesTheIterationAndResumeRedoesItFromTheJournal) {
  test::TempDir dir;
  const std::string flags = " --class org.example.shop.Cart --max-no-increase 1";
  std::string expected = uninterrupted_result(dir, repaired_answers(), flags);

  std::string root = test::copy_shop(dir, "shop");
  std::string test_file = root + "/src/test/java/org/example/shop/CartTest.java";
  std::string before = test::slurp(test_file);
  std::string state = dir.path() + "/calls";
  test::PantaRun stopped = test::run_panta(
      dir, "generate --project " + root + flags + " --llm " +
               counting_model(dir, repaired_answers(), state, 2));  // call 2: the repair
  EXPECT_EQ(stopped.exit_code, 130) << stopped.err;
  EXPECT_NE(stopped.err.find("interrupted in iteration 1: its tests are not kept"),
            std::string::npos)
      << stopped.err;
  EXPECT_EQ(test::slurp(test_file), before);  // the last whole iteration: none yet

  test::PantaRun resumed = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --resume");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("repair answer reused from the journal"), std::string::npos)
      << resumed.err;
  EXPECT_EQ(calls(state), 3);  // generate and repair of iteration 1 were not asked again
  EXPECT_EQ(test::slurp(test_file), expected);
}

TEST(GenerateRuns, ASecondCtrlCCancelsTheModelCallAtOnceAndSigtermIsHandledToo) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string test_file = root + "/src/test/java/org/example/shop/CartTest.java";
  std::string before = test::slurp(test_file);
  std::string script = dir.write(
      "slow.sh",
      "cat >/dev/null\np=$PPID\n"
      "while [ \"$p\" -gt 1 ] && [ \"$(cat /proc/$p/comm)\" != panta ]; do p=$(cut -d' ' -f4 "
      "/proc/$p/stat); done\n"
      "kill -$SIG \"$p\"; sleep 0.3; kill -$SIG \"$p\"\nsleep 60\n");
  auto started = std::chrono::steady_clock::now();
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root + " --class org.example.shop.Cart --llm 'cmd:SIG=INT sh " +
               script + "'");
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_EQ(r.exit_code, 130) << r.err;
  EXPECT_LT(seconds, 30) << "the model call was not cancelled";
  EXPECT_NE(r.err.find("cancelling the current step"), std::string::npos) << r.err;
  EXPECT_EQ(test::slurp(test_file), before);
  test::CommandResult status = test::run_command(
      "python3 -c \"import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute('select "
      "status from runs').fetchall())\" " +
      root + "/.panta/journal.sqlite");
  EXPECT_NE(status.out.find("interrupted"), std::string::npos) << status.out;

  test::PantaRun term =
      test::run_panta(dir, "generate --project " + root +
                               " --class org.example.shop.Cart --llm 'cmd:SIG=TERM "
                               "sh " +
                               script + "'");
  EXPECT_EQ(term.exit_code, 143) << term.err;
  EXPECT_EQ(test::slurp(test_file), before);
}

TEST(GenerateRuns, BadAnswersEachGetALineAndTheRunGoesOn) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string state = dir.path() + "/calls";
  std::vector<std::string> answers = {
      "I would test the cart with a few cases, but here is only prose.",
      "",  // printed nothing
      "Sure! Here you go:\n```java\npackage com.other;\n\nimport org.junit.jupiter.api.Test;\n\n"
      "public class SomethingElseTest {\n  @Test\n  void spins() {\n    while (true) { }\n  }\n\n"
      "  @Test\n  void sizeOfEmpty() {\n    org.junit.jupiter.api.Assertions.assertEquals(0, new "
      "Cart().size());\n  }\n}\n```\nHope this helps."};
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root +
               " --class org.example.shop.Cart --max-iterations 3 --max-no-increase 3 "
               "--repair-attempts 0 --test-timeout 2 --llm " +
               counting_model(dir, answers, state, 0));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("no usable tests in the answer"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("printed nothing"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("dropped spins"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("kept sizeOfEmpty"), std::string::npos) << r.err;
  std::string written = test::slurp(root + "/src/test/java/org/example/shop/CartTest.java");
  EXPECT_NE(written.find("package org.example.shop;"), std::string::npos);
  EXPECT_EQ(written.find("com.other"), std::string::npos);
  EXPECT_EQ(written.find("spins"), std::string::npos);
  EXPECT_NE(written.find("void sizeOfEmpty()"), std::string::npos);
  test::PantaRun check =
      test::run_panta(dir, "test --project " + root + " --test org.example.shop.CartTest");
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
}

TEST(GenerateRuns, TestsThatPassAloneButNotTogetherAreCheckedOneByOne) {
  test::TempDir dir;
  // Both tests pass alone; together, whichever runs second sees the other's count.
  std::string answer =
      "```java\nclass CartTest {\n  static int added;\n\n  @Test\n  void first() {\n    added++;\n"
      "    assertEquals(1, added + new Cart().size());\n  }\n\n  @Test\n  void second() {\n"
      "    added += 1;\n    assertEquals(1, added + new Cart().size());\n  }\n\n  @Test\n  void "
      "size() {\n    assertEquals(0, new "
      "Cart().size());\n  }\n}\n```\n";
  for (const char* mode : {"", " --check-each-test-in-class"}) {
    std::string root = test::copy_shop(dir, std::string("shop") + (*mode ? "-each" : ""));
    std::string state = dir.path() + "/calls" + (*mode ? "-each" : "");
    test::PantaRun r = test::run_panta(
        dir, "generate --project " + root + " --class org.example.shop.Cart --max-iterations 1 " +
                 "--repair-attempts 0" + mode + " --llm " +
                 counting_model(dir, {answer}, state, 0));
    ASSERT_EQ(r.exit_code, 0) << mode << r.err;
    if (*mode == '\0') {
      EXPECT_NE(r.err.find("pass alone but not all together"), std::string::npos) << r.err;
    }
    EXPECT_NE(r.err.find("breaks the test class"), std::string::npos) << mode << r.err;
    std::string written = test::slurp(root + "/src/test/java/org/example/shop/CartTest.java");
    EXPECT_NE(written.find("void first()"), std::string::npos) << mode;
    EXPECT_EQ(written.find("void second()"), std::string::npos) << mode << written;
    EXPECT_NE(written.find("void size()"), std::string::npos) << mode;
    test::PantaRun check =
        test::run_panta(dir, "test --project " + root + " --test org.example.shop.CartTest");
    EXPECT_EQ(check.exit_code, 0) << mode << check.out << check.err;
  }
}

TEST(GenerateRuns, OneCompilationPerAnswerStillPinsEachCompileErrorOnItsTest) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  std::string state = dir.path() + "/calls";
  std::string answer =
      "```java\n@Test\nvoid a() {\n  assertEquals(0, new Cart().size());\n}\n\n@Test\nvoid "
      "b() {\n  assertEquals(0, new Cart().sizeOf());\n}\n\n@Test\nvoid c() {\n  "
      "assertEquals(0L, new Cart().total() + 0L);\n}\n\n@Test\nvoid d() {\n  assertEquals(3, new "
      "Cart().size());\n}\n```\n";
  // The repair of b repeats a; d's repair fixes it.
  std::string repair_b = test_method("b", "assertEquals(0, new Cart().size());");
  std::string repair_d = test_method("d", "assertEquals(0, new Cart().size() * 3);");
  test::PantaRun r = test::run_panta(
      dir, "generate --project " + root +
               " --class org.example.shop.Cart --max-iterations 1 --repair-attempts 1 --llm " +
               counting_model(dir, {answer, repair_b, repair_d}, state, 0));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("kept a"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("kept c"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("b fails (does not compile)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the repair of b repeats the existing test a"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("dropped b: line"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("cannot find symbol symbol: method sizeOf()"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("d fails (does not pass)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("kept d"), std::string::npos) << r.err;
  std::string written = test::slurp(root + "/src/test/java/org/example/shop/CartTest.java");
  EXPECT_EQ(written.find("sizeOf()"), std::string::npos);
  EXPECT_NE(written.find("size() * 3"), std::string::npos);
  EXPECT_EQ(calls(state), 3);
}

TEST(GenerateRuns, AShrunkPromptCountsOnlyThePathsItSent) {
  test::TempDir dir;
  std::string root = test::copy_shop(dir, "shop");
  // A first test for some coverage, so that the second prompt selects paths.
  std::string script = dir.write(
      "model.sh",
      "n=$(cat '" + dir.path() + "/n' 2>/dev/null || echo 0); n=$((n + 1)); echo $n > '" +
          dir.path() + "/n'\ncat > '" + dir.path() +
          "/prompt'$n.txt\nprintf '```java\\n@Test\\nvoid t%d() {\\n  assertEquals(0, new "
          "Cart().size() * %d);\\n}\\n```\\n' $n $n\n");
  std::string report = dir.path() + "/r.json";
  test::PantaRun r = test::run_panta(
      dir, "generate --strategy panta --project " + root +
               " --class org.example.shop.Cart --max-iterations 2 --max-prompt-tokens 900 "
               "--report " +
               report + " --llm 'cmd:sh " + script + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("only the paths of the"), std::string::npos) << r.err;
  auto j = nlohmann::json::parse(test::slurp(report));
  ASSERT_EQ(j["iterations"].size(), 2u);
  std::string prompt = test::slurp(dir.path() + "/prompt2.txt");
  std::set<std::string> sent;
  const std::string marker = "Please generate test for `";
  for (size_t at = prompt.find(marker); at != std::string::npos; at = prompt.find(marker, at + 1)) {
    size_t start = at + marker.size();
    sent.insert(prompt.substr(start, prompt.find('`', start) - start));
  }
  size_t methods = sent.size();
  std::set<std::string> reported;
  for (const auto& p : j["iterations"][1]["selected_paths"]) {
    std::string path = p.get<std::string>();
    reported.insert(path.substr(0, path.find(": path")));
  }
  EXPECT_GE(methods, 1u);
  EXPECT_EQ(reported, sent) << j["iterations"][1]["selected_paths"].dump();
}

}  // namespace
}  // namespace panta
