#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "analyze/analysis.h"

namespace panta::analyze {

/// For people: per file, class and method the CYC, graph size and each path as Figure 1(b).
std::string format_text(const std::vector<FileAnalysis>& files);

/// For tools: files -> classes -> methods with counts and paths (see README, `panta analyze`).
nlohmann::ordered_json to_json(const std::vector<FileAnalysis>& files);

/// For Graphviz: one digraph, one cluster per method.
std::string format_dot(const std::vector<FileAnalysis>& files);

}  // namespace panta::analyze
