#include "engine/report_detail.h"

#include "report/class_detail.h"

namespace panta::engine {

nlohmann::ordered_json report_detail(const ClassUnderTest& cut,
                                     const coverage::SourceCoverage& coverage,
                                     const std::vector<Gap>& gaps) {
  std::vector<report::MethodCfg> methods;
  for (const MethodGraph& m : cut.graphs) {
    report::MethodCfg mc{m.key, m.start_line, m.end_line, m.mut, m.graph.get(), {}};
    for (const cfg::Path& p : m.paths) mc.paths.push_back(p.edges);
    methods.push_back(std::move(mc));
  }
  std::map<std::string, std::string> unreachable;
  for (const Gap& g : gaps) {
    if (!g.infeasible.empty()) unreachable[g.key] = g.infeasible;
  }
  return report::class_detail(cut.source_path, cut.source_text, methods, coverage, unreachable);
}

}  // namespace panta::engine
