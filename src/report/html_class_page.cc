#include <fmt/format.h>

#include <map>
#include <set>
#include <sstream>

#include "report/cfg_svg.h"
#include "report/html_parts.h"

namespace panta::report::html {
namespace {

using nlohmann::json;

// JaCoCo's line colour (fc, pc, nc) and branch mark with its hover text.
struct LineLook {
  std::string css;
  std::string branch_css;
  std::string title;
};

LineLook look_of(const json& l) {
  int mi = l.value("mi", 0), ci = l.value("ci", 0), mb = l.value("mb", 0), cb = l.value("cb", 0);
  LineLook look;
  if (ci == 0 && mi > 0) look.css = "nc";
  if (ci > 0) look.css = (mi > 0 || mb > 0) ? "pc" : "fc";
  int branches = mb + cb;
  if (branches == 0) return look;
  if (cb == 0) {
    look.branch_css = "bnc";
    look.title = fmt::format("All {} branches missed.", branches);
  } else if (mb > 0) {
    look.branch_css = "bpc";
    look.title = fmt::format("{} of {} branches missed.", mb, branches);
  } else {
    look.branch_css = "bfc";
    look.title = fmt::format("All {} branches covered.", branches);
  }
  return look;
}

std::string source_view(const json& detail) {
  std::map<uint32_t, json> by_line;
  for (const json& l : detail.value("lines", json::array())) by_line[l.value("line", 0u)] = l;
  std::istringstream in(detail.value("source", ""));
  std::string out = "<pre class=\"source\">";
  uint32_t n = 0;
  for (std::string text; std::getline(in, text);) {
    ++n;
    if (!text.empty() && text.back() == '\r') text.pop_back();
    auto l = by_line.find(n);
    LineLook look = l == by_line.end() ? LineLook{} : look_of(l->second);
    out += fmt::format(
        "<span class=\"line {}\" id=\"L{}\"{}><span class=\"ln\">{}</span>"
        "<span class=\"br {}\">{}</span>{}</span>\n",
        look.css, n, look.title.empty() ? "" : " title=\"" + escape_html(look.title) + "\"", n,
        look.branch_css, look.branch_css.empty() ? " " : "◆", escape_html(text));
  }
  return out + "</pre>\n";
}

// "method key" -> path number (1-based) -> the iterations that asked for it.
using AskedPaths = std::map<std::string, std::map<int, std::vector<int>>>;

AskedPaths asked_paths(const json& entry) {
  AskedPaths out;
  for (const json& it : entry.value("iterations", json::array())) {
    for (const json& s : it.value("selected_paths", json::array())) {
      std::string text = s.get<std::string>();
      size_t at = text.rfind(": path ");
      if (at == std::string::npos) continue;
      out[text.substr(0, at)][std::atoi(text.c_str() + at + 7)].push_back(it.value("n", 0));
    }
  }
  return out;
}

// A path as the lines it goes through: "12 → 14 (true) → 20".
std::string path_text(const json& method, const json& path) {
  const json& nodes = method["nodes"];
  const json& edges = method["edges"];
  std::string out;
  for (const json& id : path) {
    const json& e = edges.at(id.get<size_t>());
    const json& to = nodes.at(e.value("to", 0u));
    std::string label = e.value("label", "");
    if (!label.empty()) out += " (" + label + ")";
    std::string kind = to.value("kind", "");
    out += " → " + (kind == "exit" ? std::string("EXIT") : std::to_string(to.value("line", 0)));
  }
  return "ENTRY" + out;
}

std::string paths_list(const json& method, const std::string& svg_id, const AskedPaths& asked) {
  const json& paths = method.value("paths", json::array());
  if (paths.empty()) return "";
  auto mine = asked.find(method.value("key", ""));
  std::string out = "<ol class=\"paths\">\n";
  for (size_t p = 0; p < paths.size(); ++p) {
    std::string edges, when = "not asked for";
    for (const json& e : paths[p]) edges += (edges.empty() ? "" : " ") + e.dump();
    if (mine != asked.end()) {
      auto it = mine->second.find(static_cast<int>(p + 1));
      if (it != mine->second.end()) {
        when = "asked for in iteration";
        for (size_t i = 0; i < it->second.size(); ++i) {
          when += fmt::format("{}{}", i == 0 ? (it->second.size() > 1 ? "s " : " ") : ", ",
                              it->second[i]);
        }
      }
    }
    out += fmt::format(
        "<li class=\"path\" data-cfg=\"{}\" data-path-edges=\"{}\"><b>path {}</b> ({}): "
        "<code>{}</code></li>\n",
        svg_id, edges, p + 1, escape_html(when), escape_html(path_text(method, paths[p])));
  }
  return out + "</ol>\n";
}

std::string legend() {
  std::string out = "<p class=\"legend\">Edges: ";
  for (const char* s : {"covered", "missed", "possibly unreachable", "unknown"}) {
    out += fmt::format("<span><i style=\"background:{}\"></i>{}</span>", edge_colour(s), s);
  }
  return out + " (unknown: JaCoCo's line counters cannot tell). Hover over a path to see it.</p>\n";
}

std::string method_section(const json& m, size_t index, const AskedPaths& asked) {
  std::string id = fmt::format("cfg{}", index);
  return fmt::format(
      "<div class=\"method\" data-method=\"{}\">\n<h3>{}</h3>\n<p>lines {}–{}, cyclomatic "
      "complexity {}</p>\n{}{}</div>\n",
      escape_html(m.value("key", "")), escape_html(m.value("key", "")), m.value("start_line", 0),
      m.value("end_line", 0), m.value("cyclomatic", 0), cfg_svg(m, id), paths_list(m, id, asked));
}

std::string methods_view(const json& entry) {
  AskedPaths asked = asked_paths(entry);
  const json& methods = entry["detail"].value("methods", json::array());
  std::string mut, others;
  size_t count_others = 0;
  for (size_t i = 0; i < methods.size(); ++i) {
    if (methods[i].value("under_test", false)) {
      mut += method_section(methods[i], i, asked);
    } else {
      others += method_section(methods[i], i, asked);
      ++count_others;
    }
  }
  std::string out = "<h2>Methods under test</h2>\n" + legend() + mut;
  if (count_others > 0) {
    out += fmt::format(
        "<details><summary>{} other method{} (private, accessors, …)</summary>\n{}</details>\n",
        count_others, count_others == 1 ? "" : "s", others);
  }
  return out;
}

std::string names(const json& list) {
  std::string out;
  for (const json& n : list) out += (out.empty() ? "" : ", ") + n.get<std::string>();
  return out;
}

std::string iterations_table(const json& entry) {
  const json& its = entry.value("iterations", json::array());
  if (its.empty()) return "";
  std::string out =
      "<h2>Iterations</h2>\n<table class=\"data\" id=\"iterations\"><thead><tr><th>#</th>"
      "<th>lines</th><th>branches</th><th>tests added</th><th>repaired / failed</th>"
      "<th>tokens in / out</th><th>paths asked for</th></tr></thead>\n<tbody>\n";
  for (const json& it : its) {
    size_t added = it.contains("tests_added")
                       ? it["tests_added"].size()
                       : it.value("tests_passed_first_try", 0u) + it.value("tests_repaired", 0u);
    std::string named = it.contains("tests_added") ? names(it["tests_added"]) : "";
    out += fmt::format(
        "<tr><td class=\"num\">{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>"
        "<td>{}{}</td><td class=\"num\">{} / {}</td><td class=\"num\">{} / {}</td><td>{}</td>"
        "</tr>\n",
        it.value("n", 0), percent(it.value("line_coverage", json())),
        percent(it.value("branch_coverage", json())), added,
        named.empty() ? "" : ": " + escape_html(named), it.value("tests_repaired", 0),
        it.value("tests_failed", 0), it.value("prompt_tokens", 0), it.value("completion_tokens", 0),
        escape_html(names(it.value("selected_paths", json::array()))));
  }
  return out + "</tbody></table>\n";
}

std::string bullet_list(const std::string& title, const json& items, bool with_line) {
  if (items.empty()) return "";
  std::string out = "<h2>" + title + "</h2>\n<ul>\n";
  for (const json& i : items) {
    if (with_line) {
      out += fmt::format("<li><a href=\"#L{}\">line {}</a>: {} ({})</li>\n", i.value("line", 0),
                         i.value("line", 0), escape_html(i.value("what", "")),
                         escape_html(i.value("why", "")));
    } else {
      out += "<li>" + escape_html(i.get<std::string>()) + "</li>\n";
    }
  }
  return out + "</ul>\n";
}

// The reproducers (engine::DefectEntry), confirmed ones first as the report lists them.
std::string defects_table(const json& defects) {
  if (defects.empty()) return "";
  std::string out =
      "<h2>Defects</h2>\n<table class=\"data\"><thead><tr><th>status</th><th>line</th>"
      "<th>claim</th><th>expected</th><th>actual</th><th>reproducer</th><th>seen</th></tr>"
      "</thead><tbody>\n";
  for (const json& d : defects) {
    uint32_t line = d.value("line", 0u);
    out += fmt::format(
        "<tr class=\"defect-{0}\"><td>{0}</td><td>{1}</td><td>{2}</td><td>{3}</td><td>{4}</td>"
        "<td>{5}</td><td>{6}</td></tr>\n",
        escape_html(d.value("status", "")),
        line == 0 ? "" : fmt::format("<a href=\"#L{0}\">{0}</a>", line),
        escape_html(d.value("claim", "")), escape_html(d.value("expected", "")),
        escape_html(d.value("actual", "")), escape_html(d.value("test", "")),
        escape_html(d.value("why", "")));
  }
  return out + "</tbody></table>\n";
}

}  // namespace

std::string class_page(const json& entry, const HtmlOptions& options) {
  std::string name = entry.value("class", "");
  const json& detail = entry["detail"];
  auto [in, out_tokens] = tokens(entry);
  double c = cost(entry, options);
  std::string page = page_start(name + " – " + options.title);
  page += fmt::format("<p><a href=\"index.html\">← all classes</a></p>\n<h1>{}</h1>\n",
                      escape_html(name));
  page += fmt::format(
      "<p>{}: lines {}, branches {}; {} tests added; tokens {} in / {} out{}; {}</p>\n",
      escape_html(detail.value("source_file", "")),
      percent(entry.contains("final") ? entry["final"].value("line_coverage", json()) : json()),
      percent(entry.contains("final") ? entry["final"].value("branch_coverage", json()) : json()),
      tests_added(entry), in, out_tokens, c < 0 ? "" : fmt::format(", cost {:.4f}", c),
      escape_html(entry.value("stop_reason", entry.value("status", ""))));
  page += iteration_chart(entry) + iterations_table(entry);
  page += defects_table(entry.value("defects", json::array()));
  page += bullet_list("Suspected defects", entry.value("suspected_defects", json::array()), false);
  page +=
      bullet_list("Possibly unreachable", entry.value("possibly_infeasible", json::array()), true);
  page += bullet_list("Not analysed (no test was asked for them)",
                      entry.value("not_analysed", json::array()), false);
  page += methods_view(entry);
  page +=
      "<h2>Source</h2>\n<p class=\"legend\"><span class=\"fc\">covered</span> <span "
      "class=\"pc\">partly covered</span> <span class=\"nc\">missed</span> (hover over a "
      "◆ line: its branches)</p>\n" +
      source_view(detail);
  return page + page_end();
}

}  // namespace panta::report::html
