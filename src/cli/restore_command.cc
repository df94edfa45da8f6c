#include <fmt/format.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "cli/commands.h"
#include "cli/project_options.h"
#include "project/backups.h"
#include "project/project_lock.h"
#include "project/restore.h"

namespace panta::cli {
namespace fs = std::filesystem;
namespace {

struct RestoreArgs {
  std::string project = ".";
  std::string module;
  std::string class_name;
  std::string test_file;
  std::string run;
  bool original = false;
  bool list = false;
};

void print_list(const std::vector<project::Backup>& backups) {
  std::cout << fmt::format("{:<12} {:<12} {:<20} {:<8} {:<12} {}\n", "backup", "before run",
                           "taken (UTC)", "bytes", "sha256", "class and file");
  for (const project::Backup& b : backups) {
    std::cout << fmt::format("{:<12} {:<12} {:<20} {:<8} {:<12} {} {}\n", b.id, b.run, b.time,
                             b.size, b.sha256.substr(0, 12),
                             b.class_name.empty() ? "-" : b.class_name, b.file);
  }
}

std::string undo_hint(const project::RestoreOutcome& done) {
  if (!done.saved) return "";
  return fmt::format(
      "; the file it replaced is backup {} (undo: panta restore --run {} "
      "--test-file {})",
      done.saved->id, done.saved->run, done.saved->file);
}

int restore(project::BackupStore& store, const project::RestoreRequest& request) {
  auto lock = project::ProjectLock::acquire(store.root());
  if (!lock) {
    std::cerr << "panta: " << lock.error().message << "\n";
    return kUsage;
  }
  auto chosen = project::choose_backup(store, request);
  if (!chosen) {
    std::cerr << "panta: " << chosen.error().message << "\n";
    return kUsage;
  }
  auto done = project::restore_backup(store, *chosen);
  if (!done) {
    std::cerr << "panta: " << done.error().message << "\n";
    return kFailed;
  }
  const project::Backup& b = done->restored;
  if (done->unchanged) {
    std::cout << fmt::format("{} is already as it was before run {} (backup {}); nothing to do\n",
                             b.file, b.run, b.id);
    return kOk;
  }
  std::cout << fmt::format("restored {} as it was before run {} (backup {}, taken {}){}\n", b.file,
                           b.run, b.id, b.time, undo_hint(*done));
  return kOk;
}

int run_restore(const RestoreArgs& args) {
  std::error_code ec;
  if (!fs::is_directory(args.project, ec)) {
    std::cerr << "panta: " << args.project << ": no such project folder\n";
    return kUsage;
  }
  // A module of a build of several keeps its backups in its own folder, as generate ran it.
  std::string root = args.project;
  if (!args.module.empty()) {
    ProjectOptions options;
    options.project = args.project;
    options.module = args.module;
    auto project = load_project(options, {});
    if (!project) {
      std::cerr << "panta: " << project.error().message << "\n";
      return kUsage;
    }
    root = project->root;
  }
  auto store = project::BackupStore::open(root);
  if (!store) {
    std::cerr << "panta: " << store.error().message << "\n";
    return kUsage;
  }
  project::RestoreRequest request{"", args.class_name, args.run, args.original};
  if (!args.test_file.empty()) {
    auto rel = store->relative(args.test_file);
    if (!rel) {
      std::cerr << "panta: " << rel.error().message << "\n";
      return kUsage;
    }
    request.file = *rel;
  }
  if (!args.list) return restore(*store, request);
  auto backups = project::matching_backups(*store, request);
  if (backups.empty()) {
    std::cerr << "panta: no backups in " << store->folder() << " match\n";
    return kOk;
  }
  print_list(backups);
  return kOk;
}

}  // namespace

Runner define_restore(CLI::App& sub) {
  auto args = std::make_shared<RestoreArgs>();
  sub.add_option("--project", args->project, "Project root")->default_str(".");
  sub.add_option("--module", args->module,
                 "The module of a Maven or Gradle build of several whose test file to restore "
                 "(artifactId or folder, as given to generate)");
  auto* cls = sub.add_option("--class", args->class_name,
                             "The class whose test file to restore (as given to generate)");
  auto* file = sub.add_option("--test-file", args->test_file, "The test file to restore");
  cls->excludes(file);
  auto* run = sub.add_option("--run", args->run,
                             "Put the file back as it was before this run (a run id from --list; "
                             "default: before the newest run that changed it)");
  sub.add_flag("--original", args->original,
               "Put back the oldest backup: the file as it was before Panta's first run")
      ->excludes(run);
  sub.add_flag("--list", args->list, "List the backups (of the class or file, when given)");
  sub.footer(
      "Backups live in <project>/.panta/backup/<run>/<file>, listed in index.json; a restore "
      "backs the file it replaces up first. Exit codes: 0 restored (or nothing to do), 1 the "
      "file could not be written, 2 usage error or nothing to restore.");
  return [args] { return run_restore(*args); };
}

}  // namespace panta::cli
