// The time Panta takes to resolve Maven projects (project::load_project with the real Maven
// tool): first with an empty cache of Panta's (the local Maven repository already holding what
// the projects need), then again from the cache. One line per project: "dir cold_ms cached_ms
// mvn_calls_cold", tab-separated. The cache goes to a fresh folder (XDG_CACHE_HOME) per project.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "project/maven_tool.h"
#include "project/project.h"

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: panta_bench_maven CACHE_ROOT PROJECT_DIR...\n");
    return 2;
  }
  for (int i = 2; i < argc; ++i) {
    std::string cache = std::string(argv[1]) + "/" + std::to_string(i);
    fs::remove_all(cache);
    ::setenv("XDG_CACHE_HOME", cache.c_str(), 1);
    double ms[2] = {0, 0};
    for (int pass = 0; pass < 2; ++pass) {
      panta::project::RealMavenTool maven;  // fresh: nothing kept in memory between passes
      auto start = Clock::now();
      auto project = panta::project::load_project(argv[i], {}, maven);
      ms[pass] = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
      if (!project) {
        std::fprintf(stderr, "%s: %s\n", argv[i], project.error().message.c_str());
        return 1;
      }
      if (!project->resolution_note.empty()) {
        std::fprintf(stderr, "%s: %s\n", argv[i], project->resolution_note.c_str());
      }
    }
    std::printf("%s\t%.0f\t%.0f\n", argv[i], ms[0], ms[1]);
  }
  return 0;
}
