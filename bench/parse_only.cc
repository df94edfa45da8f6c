// Baseline for the analysis benchmark: reads and parses the given .java files with tree-sitter
// and nothing else, on `--jobs N` threads, the same way `panta analyze` reads and parses them.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "java/source_text.h"
#include "java/syntax_tree.h"

int main(int argc, char** argv) {
  unsigned jobs = 1;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--jobs") == 0 && i + 1 < argc) {
      jobs = static_cast<unsigned>(std::atoi(argv[++i]));
    } else {
      files.emplace_back(argv[i]);
    }
  }
  std::atomic<size_t> next{0};
  std::atomic<size_t> nodes{0};
  auto work = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      auto text = panta::java::read_file(files[i]);
      if (!text) continue;
      panta::java::SourceText source(files[i], std::move(*text));
      auto tree = panta::java::SyntaxTree::parse(source);
      if (tree) nodes += ts_node_child_count(tree->root());
    }
  };
  std::vector<std::jthread> workers;
  for (unsigned j = 1; j < jobs; ++j) workers.emplace_back(work);
  work();
  workers.clear();
  std::printf("parsed %zu files (%zu top-level nodes)\n", files.size(), nodes.load());
  return 0;
}
