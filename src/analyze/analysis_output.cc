#include "analyze/analysis_output.h"

#include <nlohmann/json.hpp>

#include <fmt/format.h>

#include "cfg/dot.h"

namespace panta::analyze {
namespace {

std::string qualified(const FileAnalysis& f, const ClassAnalysis& c) {
  const std::string& pkg = f.file->package_name;
  return pkg.empty() ? c.java_class->name : pkg + "." + c.java_class->name;
}

void append_method_text(std::string& out, const MethodAnalysis& m) {
  const java::Method& jm = *m.method;
  out += fmt::format("  {}  lines {}-{}", jm.signature, jm.start_line, jm.end_line);
  if (!jm.is_mut()) out += fmt::format("  [not a MUT: {}]", jm.excluded_because);
  if (!m.graph) {
    out += m.error.empty() ? "\n" : fmt::format("  [no CFG: {}]\n", m.error);
    return;
  }
  const cfg::Graph& g = *m.graph;
  out += fmt::format("  CYC {}  nodes {}  edges {}  paths {}\n", g.cyclomatic(), g.nodes().size(),
                     g.edges().size(), m.paths.paths.size());
  if (m.paths.fallback) {
    out += "    (search budget spent: the remaining edges got shortest ENTRY->edge->EXIT paths)\n";
  }
  if (m.paths.truncated) out += "    (path set cut short: too many path steps for this method)\n";
  for (size_t i = 0; i < m.path_steps.size(); ++i) {
    out += fmt::format("    path {} of {}:\n", i + 1, m.path_steps.size());
    out += cfg::render_path(m.path_steps[i], "      ");
  }
}

nlohmann::ordered_json step_json(const cfg::PathStep& s) {
  nlohmann::ordered_json branch = nullptr;
  if (s.branch_kind) branch = s.branch;
  return {{"line", s.line}, {"text", s.text}, {"branch", branch}};
}

nlohmann::ordered_json method_json(const MethodAnalysis& m) {
  const java::Method& jm = *m.method;
  nlohmann::ordered_json j = {{"name", jm.name},
                              {"signature", jm.signature},
                              {"constructor", jm.is_constructor},
                              {"start_line", jm.start_line},
                              {"end_line", jm.end_line},
                              {"mut", jm.is_mut()}};
  if (!jm.is_mut()) j["excluded_because"] = jm.excluded_because;
  if (!m.error.empty()) j["error"] = m.error;
  if (!m.graph) {
    j["cyclomatic"] = nullptr;
    j["paths"] = nlohmann::ordered_json::array();
    return j;
  }
  const cfg::Graph& g = *m.graph;
  j["cyclomatic"] = g.cyclomatic();
  j["decisions"] = g.decisions();
  j["nodes"] = g.nodes().size();
  j["edges"] = g.edges().size();
  j["paths_fallback"] = m.paths.fallback;
  j["paths_truncated"] = m.paths.truncated;
  nlohmann::ordered_json paths = nlohmann::ordered_json::array();
  for (const auto& steps : m.path_steps) {
    nlohmann::ordered_json js = nlohmann::ordered_json::array();
    for (const cfg::PathStep& s : steps) js.push_back(step_json(s));
    paths.push_back({{"steps", std::move(js)}});
  }
  j["paths"] = std::move(paths);
  return j;
}

}  // namespace

std::string file_text(const FileAnalysis& f) {
  if (!f.file) return "";
  std::string out = fmt::format("== {}\n", f.path);
  for (const ClassAnalysis& c : f.classes) {
    out += fmt::format("{} {}  lines {}-{}\n", c.java_class->kind, qualified(f, c),
                       c.java_class->start_line, c.java_class->end_line);
    for (const MethodAnalysis& m : c.methods) append_method_text(out, m);
  }
  return out;
}

std::string file_json(const FileAnalysis& f) {
  nlohmann::ordered_json jf = {{"path", f.path}, {"errors", f.errors}};
  jf["package"] = f.file ? f.file->package_name : "";
  nlohmann::ordered_json classes = nlohmann::ordered_json::array();
  for (const ClassAnalysis& c : f.classes) {
    nlohmann::ordered_json methods = nlohmann::ordered_json::array();
    for (const MethodAnalysis& m : c.methods) methods.push_back(method_json(m));
    classes.push_back({{"name", c.java_class->name},
                       {"qualified_name", qualified(f, c)},
                       {"kind", c.java_class->kind},
                       {"start_line", c.java_class->start_line},
                       {"end_line", c.java_class->end_line},
                       {"methods", std::move(methods)}});
  }
  jf["classes"] = std::move(classes);
  return jf.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

std::string file_dot(const FileAnalysis& f, size_t index) {
  std::string out;
  size_t method_index = 0;
  for (const ClassAnalysis& c : f.classes) {
    for (const MethodAnalysis& m : c.methods) {
      if (!m.graph) continue;
      std::string title =
          fmt::format("{}.{} CYC {}", qualified(f, c), m.method->signature, m.graph->cyclomatic());
      cfg::append_dot_cluster(out, *m.graph, title, fmt::format("f{}m{}", index, method_index++));
    }
  }
  return out;
}

std::string json_document(const std::vector<std::string>& file_entries,
                          const std::vector<std::string>& errors) {
  std::string out = "{\"files\":[";
  for (size_t i = 0; i < file_entries.size(); ++i) {
    if (i > 0) out += ',';
    out += file_entries[i];
  }
  out += "],\"errors\":" +
         nlohmann::ordered_json(errors).dump(-1, ' ', false,
                                             nlohmann::ordered_json::error_handler_t::replace) +
         "}\n";
  return out;
}

std::string dot_document(const std::vector<std::string>& file_clusters) {
  std::string out = "digraph panta {\n  node [fontname=\"monospace\"];\n";
  for (const std::string& c : file_clusters) out += c;
  return out + "}\n";
}

std::string format_text(const std::vector<FileAnalysis>& files) {
  std::string out;
  for (const FileAnalysis& f : files) out += file_text(f);
  return out;
}

std::string format_dot(const std::vector<FileAnalysis>& files) {
  std::vector<std::string> clusters;
  for (size_t i = 0; i < files.size(); ++i) clusters.push_back(file_dot(files[i], i));
  return dot_document(clusters);
}

}  // namespace panta::analyze
