#pragma once

#include <string>
#include <vector>

#include "analyze/analysis.h"

namespace panta::analyze {

/// For people: per class and method the CYC, graph size and each path as Figure 1(b).
std::string file_text(const FileAnalysis& file);

/// For tools: one file's entry of the "files" list (docs/cli/analyze.md), as JSON text.
std::string file_json(const FileAnalysis& file);

/// For Graphviz: one cluster per method of the file; `index` keeps cluster ids unique.
std::string file_dot(const FileAnalysis& file, size_t index);

/// The JSON document {"files": [...], "errors": [...]} around entries made by file_json.
std::string json_document(const std::vector<std::string>& file_entries,
                          const std::vector<std::string>& errors);

/// The Graphviz digraph around clusters made by file_dot.
std::string dot_document(const std::vector<std::string>& file_clusters);

/// Whole-list forms of the above, for callers that hold every analysis.
std::string format_text(const std::vector<FileAnalysis>& files);
std::string format_dot(const std::vector<FileAnalysis>& files);

}  // namespace panta::analyze
