// The fallback sandbox's cost: snapshot a project tree once, then time the check around one
// run of tests (ProjectTree::refresh before, ProjectTree::changes after) on an unchanged tree.
// Usage: panta_bench_tree DIR [RUNS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "sandbox/project_tree.h"

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s DIR [RUNS]\n", argv[0]);
    return 2;
  }
  int runs = argc > 2 ? std::atoi(argv[2]) : 21;
  auto start = std::chrono::steady_clock::now();
  auto tree = panta::sandbox::ProjectTree::snapshot(argv[1]);
  if (!tree) {
    std::fprintf(stderr, "%s\n", tree.error().message.c_str());
    return 1;
  }
  double snapshot_ms = ms_since(start);
  std::vector<double> checks;
  for (int i = 0; i < runs; ++i) {
    auto t = std::chrono::steady_clock::now();
    if (!tree->refresh() || !tree->changes()) return 1;
    checks.push_back(ms_since(t));
  }
  std::sort(checks.begin(), checks.end());
  std::printf(
      "%zu entries, %.1f MiB kept; snapshot %.1f ms; per-run check (refresh + changes) "
      "median %.1f ms, max %.1f ms over %d runs\n",
      tree->entries(), static_cast<double>(tree->kept_bytes()) / (1 << 20), snapshot_ms,
      checks[checks.size() / 2], checks.back(), runs);
  return 0;
}
