// The sandbox's parts without a JVM: the tests' environment, the bubblewrap command line, the
// project tree snapshot and its restore, the fallback guard, scratch folders.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "sandbox/bubblewrap.h"
#include "sandbox/fallback_runner.h"
#include "sandbox/guard_store.h"
#include "sandbox/helper_sandbox.h"
#include "sandbox/overlay_runner.h"
#include "sandbox/project_tree.h"
#include "sandbox/sandbox_mode.h"
#include "sandbox/scratch_folder.h"
#include "sandbox/test_environment.h"
#include "test_support.h"

namespace panta::sandbox {
namespace {

namespace fs = std::filesystem;

std::map<std::string, std::string> as_map(const Environment& env) {
  return std::map<std::string, std::string>(env.begin(), env.end());
}

TEST(TestEnvironment, KeepsOnlyWhatTheJvmNeedsAndTheNamedOnes) {
  Environment parent = {{"PATH", "/usr/bin:/bin"},
                        {"LANG", "C.UTF-8"},
                        {"TZ", "Europe/Paris"},
                        {"JAVA_HOME", "/usr/lib/jvm/j17"},
                        {"HOME", "/root"},
                        {"OPENAI_API_KEY", "sk-secret-canary"},
                        {"GITHUB_TOKEN", "ghp_x"},
                        {"AWS_SECRET_ACCESS_KEY", "a"},
                        {"DB_PASSWORD", "hunter2"},
                        {"EDITOR", "vim"},
                        {"JAVA_TOOL_OPTIONS", "-X"},
                        {"MY_FLAG", "1"},
                        {"SSH_AUTH_SOCK", "/tmp/ssh"},
                        {"UNSET_ONE_IS_SKIPPED", "x"}};
  auto env = as_map(test_environment(parent, {"MY_FLAG", "NOT_SET"}, "/s/home", "/s/tmp"));
  std::map<std::string, std::string> expected = {
      {"PATH", "/usr/bin:/bin"}, {"LANG", "C.UTF-8"},
      {"TZ", "Europe/Paris"},    {"JAVA_HOME", "/usr/lib/jvm/j17"},
      {"HOME", "/s/home"},       {"TMPDIR", "/s/tmp"},
      {"MY_FLAG", "1"}};
  EXPECT_EQ(env, expected);
}

TEST(TestEnvironment, HomeAndSecretsCannotBePassedThrough) {
  Environment parent = {{"HOME", "/root"}, {"OPENAI_API_KEY", "sk-secret-canary"}};
  auto env = as_map(test_environment(parent, {"HOME", "OPENAI_API_KEY"}, "/s/home", "/s/tmp"));
  EXPECT_EQ(env["HOME"], "/s/home");
  EXPECT_EQ(env.count("OPENAI_API_KEY"), 0u);
  EXPECT_TRUE(check_pass_through({"MY_FLAG", "LC_CTYPE"}).ok());
  auto secret = check_pass_through({"MY_FLAG", "GITHUB_TOKEN"});
  ASSERT_FALSE(secret.ok());
  EXPECT_NE(secret.error().message.find("--test-env GITHUB_TOKEN"), std::string::npos);
  EXPECT_FALSE(check_pass_through({"A=B"}).ok());
  EXPECT_FALSE(check_pass_through({"9LIVES"}).ok());
}

TEST(TestEnvironment, SecretNames) {
  for (const char* name :
       {"OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GITHUB_TOKEN", "NPM_TOKEN", "AWS_SECRET_ACCESS_KEY",
        "DB_PASSWORD", "client_secret", "GITLAB_PAT", "MYAPIKEY"}) {
    EXPECT_TRUE(looks_secret(name)) << name;
  }
  for (const char* name : {"PATH", "HOME", "LANG", "JAVA_HOME", "MAVEN_OPTS", "KEYBOARD"}) {
    EXPECT_FALSE(looks_secret(name)) << name;
  }
  EXPECT_EQ(secret_values({{"OPENAI_API_KEY", "sk-secret-canary"},
                           {"X_TOKEN", "short"},
                           {"PATH", "/usr/bin:/bin"}}),
            std::vector<std::string>{"sk-secret-canary"});
}

// The build's environmentVariables reach the tests, but for what looks like a secret (a pom
// may fill one from the user's environment): that is left out, and said.
TEST(HelperSandbox, TheBuildsVariablesButNotItsSecrets) {
  test::TempDir dir;
  HelperSandboxSpec spec;
  spec.requested = SandboxMode::kFallback;
  spec.scratch = dir.path();
  spec.build_env = {{"APP_MODE", "test"}, {"DEPLOY_TOKEN", "canary-token"}};
  runner::HelperConfig config;
  auto box = confine_helper(spec, config);
  ASSERT_TRUE(box.ok()) << box.error().message;
  ASSERT_TRUE(config.environment.has_value());
  auto env = as_map(*config.environment);
  EXPECT_EQ(env["APP_MODE"], "test");
  EXPECT_EQ(env.count("DEPLOY_TOKEN"), 0u);
  EXPECT_NE(box->notice.find("the build sets DEPLOY_TOKEN for its tests; they do not get what "
                             "looks like a secret here (only with --sandbox off)"),
            std::string::npos)
      << box->notice;
  // --sandbox off: the tests run with the user's rights anyway, the build's variables as set.
  spec.requested = SandboxMode::kOff;
  runner::HelperConfig off;
  auto unconfined = confine_helper(spec, off);
  ASSERT_TRUE(unconfined.ok());
  EXPECT_EQ(as_map(*off.environment)["DEPLOY_TOKEN"], "canary-token");
}

TEST(SandboxMode, Names) {
  EXPECT_EQ(parse_mode("strict"), SandboxMode::kStrict);
  EXPECT_EQ(parse_mode("fallback"), SandboxMode::kFallback);
  EXPECT_EQ(parse_mode("off"), SandboxMode::kOff);
  EXPECT_EQ(parse_mode("none"), std::nullopt);
  EXPECT_EQ(mode_name(SandboxMode::kFallback), "fallback");
}

size_t index_of(const std::vector<std::string>& argv, const std::vector<std::string>& run) {
  auto it = std::search(argv.begin(), argv.end(), run.begin(), run.end());
  return it == argv.end() ? std::string::npos : static_cast<size_t>(it - argv.begin());
}

TEST(Bubblewrap, ReadOnlyRootHiddenFoldersVisiblePathsAndOneWritableScratch) {
  BubblewrapLayout layout;
  layout.scratch = "/tmp/panta-run-1";
  layout.visible = {"/tmp/proj", "/usr/share/java/junit4.jar", "/root/.m2/a.jar"};
  layout.hidden = {"/tmp", "/root"};
  auto argv = bubblewrap_prefix("bwrap", layout);
  ASSERT_FALSE(argv.empty());
  EXPECT_EQ(argv.front(), "bwrap");
  EXPECT_EQ(argv.back(), "--");
  size_t root = index_of(argv, {"--ro-bind", "/", "/"});
  size_t tmpfs = index_of(argv, {"--tmpfs", "/tmp"});
  size_t project = index_of(argv, {"--ro-bind-try", "/tmp/proj", "/tmp/proj"});
  size_t scratch = index_of(argv, {"--bind", "/tmp/panta-run-1", "/tmp/panta-run-1"});
  size_t sealed = index_of(argv, {"--remount-ro", "/tmp"});
  ASSERT_NE(root, std::string::npos);
  ASSERT_NE(tmpfs, std::string::npos);
  ASSERT_NE(project, std::string::npos);
  ASSERT_NE(scratch, std::string::npos);
  ASSERT_NE(sealed, std::string::npos);
  // Later mounts cover earlier ones: root, then the hidden folders, then what shows through.
  EXPECT_LT(root, tmpfs);
  EXPECT_LT(tmpfs, project);
  EXPECT_LT(project, scratch);
  EXPECT_LT(scratch, sealed);
  EXPECT_NE(index_of(argv, {"--ro-bind-try", "/root/.m2/a.jar", "/root/.m2/a.jar"}),
            std::string::npos);
  // A path outside every hidden folder is visible anyway: no mount for it.
  EXPECT_EQ(index_of(argv, {"--ro-bind-try", "/usr/share/java/junit4.jar"}), std::string::npos);
  for (const char* flag : {"--unshare-all", "--die-with-parent", "--new-session", "--dev"}) {
    EXPECT_NE(std::find(argv.begin(), argv.end(), flag), argv.end()) << flag;
  }
  EXPECT_NE(index_of(argv, {"--cap-drop", "ALL"}), std::string::npos);
  EXPECT_NE(index_of(argv, {"--chdir", "/tmp/panta-run-1"}), std::string::npos);
}

// Every file under `root` with its contents (symlinks as "-> target"), but `.panta/`.
std::map<std::string, std::string> tree_contents(const std::string& root) {
  std::map<std::string, std::string> out;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator();
       ++it) {
    std::string rel = fs::relative(it->path(), root).string();
    if (rel.rfind(".panta", 0) == 0) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_symlink()) {
      out[rel] = "-> " + fs::read_symlink(it->path()).string();
    } else if (it->is_regular_file()) {
      out[rel] = test::slurp(it->path().string()) + " mode " +
                 std::to_string(static_cast<int>(it->status().permissions()));
    } else {
      out[rel + "/"] = "";
    }
  }
  return out;
}

struct SmallProject {
  test::TempDir dir;
  std::string root = dir.path() + "/p";
  SmallProject() {
    dir.write("p/pom.xml", "<project/>\n");
    dir.write("p/src/main/java/x/Cart.java", "class Cart {}\n");
    dir.write("p/src/main/java/x/Shop.java", "class Shop {}\n");
    dir.write("p/src/test/java/x/CartTest.java", "class CartTest {}\n");
    dir.write("p/.panta/journal.sqlite", "journal");
    dir.write("p/.panta/classes/x/Cart.class", "bytes");
    dir.write("p/.panta/backup/src/test/java/x/CartTest.java", "the user's original");
    fs::create_symlink("src/main/java", root + "/main");
  }
};

TEST(ProjectTree, FindsDeletedModifiedAndCreatedFilesAndPutsThemBack) {
  SmallProject p;
  auto before = tree_contents(p.root);
  auto tree = ProjectTree::snapshot(p.root);
  ASSERT_TRUE(tree.ok()) << tree.error().message;
  // 14 folders, 6 files, 1 symlink (of .panta/ only classes/ and backup/)
  EXPECT_EQ(tree->entries(), 21u);
  auto none = tree->changes();
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());

  fs::remove(p.root + "/src/main/java/x/Cart.java");
  std::ofstream(p.root + "/pom.xml") << "pwned";
  p.dir.write("p/src/main/java/Evil.java", "evil");
  p.dir.write("p/new/deep/file.txt", "x");
  fs::permissions(p.root + "/src/main/java/x/Shop.java", fs::perms::owner_all);
  fs::remove(p.root + "/main");
  fs::create_symlink("/etc", p.root + "/main");
  std::ofstream(p.root + "/.panta/classes/x/Cart.class") << "tampered";
  std::ofstream(p.root + "/.panta/journal.sqlite") << "Panta's own: not watched";
  fs::remove_all(p.root + "/.panta/backup/src");

  auto changes = tree->changes();
  ASSERT_TRUE(changes.ok());
  std::vector<TreeChange> expected = {
      {TreeChange::Kind::kDeleted, ".panta/backup/src"},
      {TreeChange::Kind::kDeleted, ".panta/backup/src/test"},
      {TreeChange::Kind::kDeleted, ".panta/backup/src/test/java"},
      {TreeChange::Kind::kDeleted, ".panta/backup/src/test/java/x"},
      {TreeChange::Kind::kDeleted, ".panta/backup/src/test/java/x/CartTest.java"},
      {TreeChange::Kind::kModified, ".panta/classes/x/Cart.class"},
      {TreeChange::Kind::kModified, "main"},
      {TreeChange::Kind::kCreated, "new"},
      {TreeChange::Kind::kCreated, "new/deep"},
      {TreeChange::Kind::kCreated, "new/deep/file.txt"},
      {TreeChange::Kind::kModified, "pom.xml"},
      {TreeChange::Kind::kCreated, "src/main/java/Evil.java"},
      {TreeChange::Kind::kDeleted, "src/main/java/x/Cart.java"},
      {TreeChange::Kind::kModified, "src/main/java/x/Shop.java"},
  };
  EXPECT_EQ(*changes, expected);
  EXPECT_EQ(describe_changes(*changes, 4),
            "deleted .panta/backup/src, modified .panta/classes/x/Cart.class, modified main, "
            "created new and 4 more");

  std::string aside = p.dir.path() + "/aside";
  auto restored = tree->restore(*changes, aside);
  ASSERT_TRUE(restored.ok()) << restored.error().message;
  EXPECT_EQ(tree_contents(p.root), before);
  EXPECT_EQ(test::slurp(p.root + "/.panta/classes/x/Cart.class"), "bytes");
  EXPECT_EQ(test::slurp(p.root + "/.panta/backup/src/test/java/x/CartTest.java"),
            "the user's original");
  auto after = tree->changes();
  ASSERT_TRUE(after.ok());
  EXPECT_TRUE(after->empty());
  // What the change made or altered is kept aside, not lost.
  EXPECT_EQ(test::slurp(aside + "/pom.xml"), "pwned");
  EXPECT_EQ(test::slurp(aside + "/src/main/java/Evil.java"), "evil");
  EXPECT_EQ(test::slurp(aside + "/new/deep/file.txt"), "x");
}

TEST(ProjectTree, ATouchIsNoChangeAndRefreshTakesPantasOwnWrites) {
  SmallProject p;
  auto tree = ProjectTree::snapshot(p.root);
  ASSERT_TRUE(tree.ok());
  std::string cart = p.root + "/src/main/java/x/Cart.java";
  fs::last_write_time(cart, fs::last_write_time(cart) + std::chrono::hours(1));
  std::ofstream(p.root + "/pom.xml") << "<project/>\n";  // same contents, written again
  auto changes = tree->changes();
  ASSERT_TRUE(changes.ok());
  EXPECT_TRUE(changes->empty());
  // Panta writes the test file between runs: the next run starts from it.
  p.dir.write("p/src/test/java/x/CartTest.java", "class CartTest { /* new test */ }\n");
  ASSERT_TRUE(tree->refresh().ok());
  changes = tree->changes();
  ASSERT_TRUE(changes.ok());
  EXPECT_TRUE(changes->empty());
  fs::remove_all(p.root + "/src");
  changes = tree->changes();
  ASSERT_TRUE(changes.ok());
  EXPECT_EQ(describe_changes(*changes), "deleted src");
  ASSERT_TRUE(tree->restore(*changes, "").ok());
  EXPECT_EQ(test::slurp(p.root + "/src/test/java/x/CartTest.java"),
            "class CartTest { /* new test */ }\n");
}

TEST(ProjectTree, AFileTooLargeToKeepIsWatchedAndNamedWhenItCannotBePutBack) {
  SmallProject p;
  p.dir.write("p/big.bin", std::string(2000, 'b'));
  SnapshotLimits limits;
  limits.max_file_bytes = 1000;
  auto tree = ProjectTree::snapshot(p.root, limits);
  ASSERT_TRUE(tree.ok());
  EXPECT_LT(tree->kept_bytes(), 1000u);
  fs::remove(p.root + "/big.bin");
  fs::remove(p.root + "/pom.xml");
  auto changes = tree->changes();
  ASSERT_TRUE(changes.ok());
  ASSERT_EQ(changes->size(), 2u);
  auto restored = tree->restore(*changes, "");
  ASSERT_FALSE(restored.ok());
  EXPECT_NE(restored.error().message.find("big.bin: its contents were not kept"), std::string::npos)
      << restored.error().message;
  EXPECT_EQ(test::slurp(p.root + "/pom.xml"), "<project/>\n");  // the rest is back
}

TEST(ProjectTree, TheWholeTreeDeletedComesBack) {
  SmallProject p;
  auto before = tree_contents(p.root);
  auto tree = ProjectTree::snapshot(p.root);
  ASSERT_TRUE(tree.ok());
  fs::remove_all(p.root);
  auto changes = tree->changes();
  ASSERT_TRUE(changes.ok());
  ASSERT_TRUE(tree->restore(*changes, "").ok());
  EXPECT_EQ(tree_contents(p.root), before);
}

// A helper whose run does what a hostile test would, and reports a pass.
class HostileRunner final : public runner::JvmRunner {
 public:
  explicit HostileRunner(std::function<void()> act) : act_(std::move(act)) {}
  Result<runner::CompileResult> compile(const runner::CompileRequest&) override {
    return runner::CompileResult{true, {}, {}};
  }
  Result<runner::RunResult> run(const runner::RunRequest& request) override {
    act_();
    runner::RunResult r;
    for (const std::string& t : request.tests) {
      runner::TestResult passed;
      passed.id = t;
      passed.status = runner::TestStatus::kPassed;
      passed.stdout_text = "key sk-secret-canary!";
      r.results.push_back(passed);
    }
    return r;
  }

 private:
  std::function<void()> act_;
};

TEST(FallbackRunner, ARunThatChangesTheProjectIsUndoneAndEveryTestRejected) {
  SmallProject p;
  auto before = tree_contents(p.root);
  auto tree = ProjectTree::snapshot(p.root);
  ASSERT_TRUE(tree.ok());
  std::string cart = p.root + "/src/main/java/x/Cart.java";
  FallbackRunner guard(std::make_unique<HostileRunner>([&] { fs::remove(cart); }), std::move(*tree),
                       {p.dir.path() + "/undone", {"sk-secret-canary"}, {}, std::nullopt});
  runner::RunRequest request;
  request.tests = {"x.CartTest#a", "x.CartTest#b"};
  auto r = guard.run(request);
  ASSERT_TRUE(r.ok()) << r.error().message;
  ASSERT_EQ(r->results.size(), 2u);
  for (const runner::TestResult& t : r->results) {
    EXPECT_EQ(t.status, runner::TestStatus::kError);
    EXPECT_EQ(t.message.rfind("the test changed the project: deleted src/main/java/x/Cart.java", 0),
              0u)
        << t.message;
    EXPECT_EQ(t.stdout_text, "key [redacted]!");
  }
  EXPECT_EQ(tree_contents(p.root), before);
}

TEST(FallbackRunner, ARunThatChangesNothingPasses) {
  SmallProject p;
  auto tree = ProjectTree::snapshot(p.root);
  ASSERT_TRUE(tree.ok());
  FallbackRunner guard(std::make_unique<HostileRunner>([] {}), std::move(*tree), {});
  runner::RunRequest request;
  request.tests = {"x.CartTest"};
  auto r = guard.run(request);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->results.size(), 1u);
  EXPECT_EQ(r->results[0].status, runner::TestStatus::kPassed);
}

TEST(FallbackRunner, TheFirstBaselineHoldsForTheWholeCommandButForPantasOwnWrites) {
  SmallProject p;
  std::string cart = p.root + "/src/main/java/x/Cart.java";
  std::string test_file = p.root + "/src/test/java/x/CartTest.java";
  auto before = tree_contents(p.root);
  auto tree = ProjectTree::snapshot(p.root);
  ASSERT_TRUE(tree.ok());
  std::vector<std::string> notices;
  int runs = 0;
  {
    FallbackRunner guard(std::make_unique<HostileRunner>([&] { ++runs; }), std::move(*tree),
                         {p.dir.path() + "/undone",
                          {},
                          [&](const std::string& n) { notices.push_back(n); },
                          std::nullopt});
    guard.allow_edits(test_file);
    runner::RunRequest request;
    request.tests = {"x.CartTest"};
    // Panta writes the test file and a new file in a new folder, and says so.
    p.dir.write("p/src/test/java/x/CartTest.java", "class CartTest { /* more */ }\n");
    p.dir.write("p/.panta/backup/1/CartTest.java", "copy\n");
    ASSERT_TRUE(guard.accept_changes({test_file, p.root + "/.panta/backup"}).ok());
    auto first = guard.run(request);
    ASSERT_TRUE(first.ok());
    EXPECT_EQ(first->results[0].status, runner::TestStatus::kPassed) << first->results[0].message;
    EXPECT_TRUE(notices.empty());
    // Between runs something else deletes a main source, and the user edits the test file.
    fs::remove(cart);
    p.dir.write("p/src/test/java/x/CartTest.java", "class CartTest { /* the user's */ }\n");
    auto second = guard.run(request);
    ASSERT_TRUE(second.ok());
    EXPECT_EQ(second->results[0].status, runner::TestStatus::kPassed);
    ASSERT_EQ(notices.size(), 1u);
    EXPECT_NE(notices[0].find("changed while no test ran: deleted src/main/java/x/Cart.java"),
              std::string::npos)
        << notices[0];
    EXPECT_TRUE(fs::exists(cart));
    EXPECT_EQ(test::slurp(test_file), "class CartTest { /* the user's */ }\n");
    // After the last run: the guard's end finds it.
    fs::remove(cart);
  }
  EXPECT_EQ(runs, 2);
  ASSERT_EQ(notices.size(), 2u);
  EXPECT_TRUE(fs::exists(cart));
  auto after = tree_contents(p.root);
  after.erase("src/test/java/x/CartTest.java");
  before.erase("src/test/java/x/CartTest.java");
  EXPECT_EQ(after, before);
}

TEST(FallbackRunner, ARunThatLeavesADetachedProcessIsRejected) {
  SmallProject p;
  auto tree = ProjectTree::snapshot(p.root);
  ASSERT_TRUE(tree.ok());
  class LeavesStrays final : public runner::JvmRunner {
   public:
    Result<runner::CompileResult> compile(const runner::CompileRequest&) override {
      return runner::CompileResult{};
    }
    Result<runner::RunResult> run(const runner::RunRequest&) override {
      runner::RunResult r;
      runner::TestResult passed;
      passed.id = "x.CartTest#a";
      passed.status = runner::TestStatus::kPassed;
      passed.duration_ms = 1;
      r.results.push_back(passed);
      r.stray_processes = 2;
      return r;
    }
  };
  FallbackRunner guard(std::make_unique<LeavesStrays>(), std::move(*tree), {});
  auto r = guard.run(runner::RunRequest{});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->results[0].status, runner::TestStatus::kError);
  EXPECT_NE(r->results[0].message.find("left 2 processes running"), std::string::npos)
      << r->results[0].message;
}

TEST(ScratchFolder, LockedWhileItLivesRemovedWithItAndAfterItsPantaIsGone) {
  test::TempDir parent;
  std::string path;
  {
    auto scratch = ScratchFolder::create(parent.path());
    ASSERT_TRUE(scratch.ok()) << scratch.error().message;
    path = scratch->path();
    EXPECT_EQ(fs::path(path).filename().string().rfind("panta-run-", 0), 0u);
    EXPECT_TRUE(fs::is_directory(path));
    parent.write(fs::path(path).filename().string() + "/home/x", "x");
    EXPECT_EQ(remove_abandoned_scratch_folders(parent.path()), 0);  // ours is locked
    auto second = ScratchFolder::create(parent.path());
    ASSERT_TRUE(second.ok());
    EXPECT_TRUE(fs::exists(path));
  }
  EXPECT_FALSE(fs::exists(path));
  // The folder of a panta killed before it could remove it: nobody holds its lock.
  fs::create_directories(parent.path() + "/panta-run-abandoned/tmp");
  fs::create_directories(parent.path() + "/panta-test-other");
  EXPECT_EQ(remove_abandoned_scratch_folders(parent.path()), 1);
  EXPECT_FALSE(fs::exists(parent.path() + "/panta-run-abandoned"));
  EXPECT_TRUE(fs::exists(parent.path() + "/panta-test-other"));
}

}  // namespace
}  // namespace panta::sandbox

namespace panta::sandbox {
namespace {

TEST(GuardStore, AProjectLeftChangedByARunThatNeverEndedIsPutBackByTheNextStart) {
  SmallProject p;
  auto before = tree_contents(p.root);
  auto tree = ProjectTree::snapshot(p.root);
  ASSERT_TRUE(tree.ok());
  {
    auto store = GuardStore::open(p.root);
    ASSERT_TRUE(store.ok()) << store.error().message;
    ASSERT_TRUE(store->save(*tree).ok());
    ASSERT_TRUE(store->begin_run().ok());
    // The run deletes and changes files, then Panta dies: end_run() is never called.
  }
  fs::remove(p.root + "/src/main/java/x/Cart.java");
  p.dir.write("p/pom.xml", "pwned");
  p.dir.write("p/src/main/java/x/Evil.java", "class Evil {}");
  std::string aside = p.dir.path() + "/aside";
  auto undone = recover_interrupted_run(p.root, aside);
  ASSERT_TRUE(undone.ok()) << undone.error().message;
  EXPECT_NE(undone->find("deleted src/main/java/x/Cart.java"), std::string::npos) << *undone;
  EXPECT_NE(undone->find("modified pom.xml"), std::string::npos) << *undone;
  EXPECT_EQ(tree_contents(p.root), before);
  EXPECT_EQ(test::slurp(aside + "/pom.xml"), "pwned");
  // Done: the next start finds nothing to do.
  auto again = recover_interrupted_run(p.root, aside);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, "");
}

TEST(GuardStore, ABlobThatWasTamperedWithIsNotUsed) {
  SmallProject p;
  auto tree = ProjectTree::snapshot(p.root);
  ASSERT_TRUE(tree.ok());
  auto store = GuardStore::open(p.root);
  ASSERT_TRUE(store.ok());
  ASSERT_TRUE(store->save(*tree).ok());
  ASSERT_TRUE(store->begin_run().ok());
  for (const auto& e : fs::directory_iterator(p.root + "/.panta/guard/blobs")) {
    std::ofstream(e.path()) << "tampered";
  }
  fs::remove(p.root + "/pom.xml");
  auto undone = recover_interrupted_run(p.root, p.dir.path() + "/aside");
  ASSERT_FALSE(undone.ok());
  EXPECT_NE(undone.error().message.find("pom.xml: its contents were not kept"), std::string::npos)
      << undone.error().message;
  EXPECT_FALSE(fs::exists(p.root + "/pom.xml"));
}

}  // namespace
}  // namespace panta::sandbox

namespace panta::sandbox {
namespace {

TEST(OverlayRunner, TheUpperFoldersSayWhatTheTestsTriedToChange) {
  SmallProject p;
  std::string overlay = p.dir.path() + "/overlay";
  // As the kernel leaves them: a changed file, a new folder, a whiteout, and a folder copied up
  // only because something below it changed.
  p.dir.write("overlay/upper/pom.xml", "pwned");
  p.dir.write("overlay/upper/src/main/java/x/New.java", "class New {}");
  p.dir.write("overlay/upper/evil/a.txt", "x");
  if (::mknod((overlay + "/upper/src/main/java/x/Cart.java").c_str(), S_IFCHR | 0000, 0) != 0) {
    GTEST_SKIP() << "cannot make a whiteout here (mknod 0/0)";
  }
  p.dir.write("overlay/upper-123/src/test/java/x/CartTest.java", "changed before a restart");
  auto changes = overlay_changes(overlay, p.root);
  EXPECT_EQ(describe_changes(changes, 10),
            "created evil, modified pom.xml, deleted src/main/java/x/Cart.java, created "
            "src/main/java/x/New.java, modified src/test/java/x/CartTest.java");
  remove_old_uppers(overlay);
  EXPECT_FALSE(fs::exists(overlay + "/upper-123"));
  EXPECT_TRUE(fs::exists(overlay + "/upper/pom.xml"));
}

}  // namespace
}  // namespace panta::sandbox
