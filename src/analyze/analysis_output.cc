#include "analyze/analysis_output.h"

#include <nlohmann/json.hpp>
#include <unordered_map>

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

using Json = nlohmann::ordered_json;

std::string dump(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// `object` (a dumped JSON object) with `"key": value` added last, value being JSON text.
std::string with_member(std::string object, const char* key, const std::string& value) {
  object.pop_back();  // the closing brace
  if (object.size() > 1) object += ',';
  return object + "\"" + key + "\":" + value + "}";
}

// Paths are most of the output: their steps are written straight to text (strings still
// escaped by the JSON library), which costs a fraction of building them as JSON values.
std::string paths_json(const MethodAnalysis& m) {
  // Paths share most of their statements: escape each distinct text once.
  std::unordered_map<std::string_view, std::string> escaped;
  auto quoted = [&escaped](const std::string& text) -> const std::string& {
    auto [it, fresh] = escaped.try_emplace(text);
    if (fresh) it->second = dump(Json(text));
    return it->second;
  };
  std::string out = "[";
  for (size_t p = 0; p < m.path_steps.size(); ++p) {
    out += p == 0 ? "{\"steps\":[" : ",{\"steps\":[";
    const auto& steps = m.path_steps[p];
    for (size_t i = 0; i < steps.size(); ++i) {
      const cfg::PathStep& s = steps[i];
      out += i == 0 ? "{\"line\":" : ",{\"line\":";
      out += std::to_string(s.line);
      out += ",\"text\":";
      out += quoted(s.text);
      out += ",\"branch\":";
      out += s.branch_kind ? quoted(s.branch) : std::string("null");
      out += '}';
    }
    out += "]}";
  }
  return out + "]";
}

std::string method_json(const MethodAnalysis& m) {
  const java::Method& jm = *m.method;
  Json j = {{"name", jm.name},
            {"signature", jm.signature},
            {"constructor", jm.is_constructor},
            {"start_line", jm.start_line},
            {"end_line", jm.end_line},
            {"mut", jm.is_mut()}};
  if (!jm.is_mut()) j["excluded_because"] = jm.excluded_because;
  if (!m.error.empty()) j["error"] = m.error;
  if (!m.graph) {
    j["cyclomatic"] = nullptr;
    j["paths"] = Json::array();
    return dump(j);
  }
  const cfg::Graph& g = *m.graph;
  j["cyclomatic"] = g.cyclomatic();
  j["decisions"] = g.decisions();
  j["nodes"] = g.nodes().size();
  j["edges"] = g.edges().size();
  j["paths_fallback"] = m.paths.fallback;
  j["paths_truncated"] = m.paths.truncated;
  return with_member(dump(j), "paths", paths_json(m));
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
  Json jf = {{"path", f.path}, {"errors", f.errors}};
  jf["package"] = f.file ? f.file->package_name : "";
  std::string classes = "[";
  for (const ClassAnalysis& c : f.classes) {
    std::string methods = "[";
    for (const MethodAnalysis& m : c.methods)
      methods += (methods.size() > 1 ? "," : "") + method_json(m);
    Json jc = {{"name", c.java_class->name},
               {"qualified_name", qualified(f, c)},
               {"kind", c.java_class->kind},
               {"start_line", c.java_class->start_line},
               {"end_line", c.java_class->end_line}};
    classes += (classes.size() > 1 ? "," : "") + with_member(dump(jc), "methods", methods + "]");
  }
  return with_member(dump(jf), "classes", classes + "]");
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
