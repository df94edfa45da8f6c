#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cfg/cfg.h"
#include "core/result.h"
#include "coverage/coverage.h"

namespace panta::report {

/// A method of the class with its control-flow graph and Algorithm 1's paths.
struct MethodCfg {
  std::string key;  ///< "Class.signature", as the loop and the report's selected_paths name it
  uint32_t start_line = 0;
  uint32_t end_line = 0;
  bool under_test = false;
  const cfg::Graph* graph = nullptr;         ///< Outlives the call that reads it.
  std::vector<std::vector<uint32_t>> paths;  ///< Each path's edge ids in `graph`.
};

/// An edge's coverage as the report names it: "covered", "missed", "possibly unreachable"
/// (missed, and the code or the run says it cannot be taken) or "unknown" (JaCoCo's per-line
/// counters cannot tell).
inline constexpr const char* kEdgeStatuses[] = {"covered", "missed", "possibly unreachable",
                                                "unknown"};

/// The report's "detail" object of a class: the source file and text, JaCoCo's counters per
/// line ("lines": {line, mi, ci, mb, cb}), and per method its CFG ("nodes", "edges" with their
/// coverage status, "paths" as edge ids). `unreachable` maps decision outcomes the run ruled
/// out ("LINE:label", as the focused strategy's gaps name them) to why. Costs O(lines + E).
nlohmann::ordered_json class_detail(const std::string& source_file, const std::string& source_text,
                                    const std::vector<MethodCfg>& methods,
                                    const coverage::SourceCoverage& coverage,
                                    const std::map<std::string, std::string>& unreachable = {});

/// class_detail for a source file read and analysed here (every method with a body, private
/// ones too). Fails when the file cannot be read or parsed.
Result<nlohmann::ordered_json> class_detail_of_file(const std::string& source_file,
                                                    const std::string& encoding,
                                                    const coverage::SourceCoverage& coverage);

}  // namespace panta::report
