// The fallback sandbox's cost on an unchanged project tree: the snapshot, the first save of the
// baseline to disk (GuardStore, blobs and manifest), and per run of tests the two checks (before
// and after it, ProjectTree::changes) and the save of the baseline after Panta wrote one file.
// Usage: panta_bench_tree DIR [RUNS] (writes DIR/.panta/guard, removed at the end with the
// .panta folder when they were not there before).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "sandbox/guard_store.h"
#include "sandbox/project_tree.h"

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The first regular file below `root` (outside .panta), relative to it: the one Panta "writes".
std::string some_file(const std::string& root) {
  for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
    std::string rel = std::filesystem::relative(e.path(), root).string();
    if (e.is_regular_file() && rel.rfind(".panta", 0) != 0) return rel;
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s DIR [RUNS]\n", argv[0]);
    return 2;
  }
  std::string root = argv[1];
  int runs = argc > 2 ? std::atoi(argv[2]) : 21;
  bool had_panta = std::filesystem::exists(root + "/.panta");
  bool had_guard = std::filesystem::exists(root + "/.panta/guard");
  auto start = std::chrono::steady_clock::now();
  auto tree = panta::sandbox::ProjectTree::snapshot(root);
  if (!tree) {
    std::fprintf(stderr, "%s\n", tree.error().message.c_str());
    return 1;
  }
  double snapshot_ms = ms_since(start);
  auto store = panta::sandbox::GuardStore::open(root);
  start = std::chrono::steady_clock::now();
  if (!store || !store->save(*tree)) return 1;
  double first_save_ms = ms_since(start);
  std::vector<double> checks;
  std::vector<double> saves;
  std::string file = some_file(root);
  for (int i = 0; i < runs; ++i) {
    auto t = std::chrono::steady_clock::now();
    if (!tree->changes() || !tree->changes()) return 1;
    checks.push_back(ms_since(t));
    t = std::chrono::steady_clock::now();
    if (!tree->accept({file}) || !store->save(*tree)) return 1;
    saves.push_back(ms_since(t));
  }
  store->close();
  if (!had_guard) std::filesystem::remove_all(root + "/.panta/guard");
  if (!had_panta) std::filesystem::remove(root + "/.panta");
  std::printf(
      "%zu entries, %.1f MiB kept; snapshot %.1f ms; first save of the baseline %.1f ms; per run "
      "the two checks median %.1f ms (max %.1f), a save after one written file median %.1f ms, "
      "over %d runs\n",
      tree->entries(), static_cast<double>(tree->kept_bytes()) / (1 << 20), snapshot_ms,
      first_save_ms, median(checks), *std::max_element(checks.begin(), checks.end()), median(saves),
      runs);
  return 0;
}
