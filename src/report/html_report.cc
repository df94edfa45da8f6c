#include "report/html_report.h"

#include <fmt/format.h>

#include "report/cfg_svg.h"
#include "report/html_parts.h"

namespace panta::report {

namespace html {

using nlohmann::json;

std::string page_start(const std::string& title) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n"
      "<link rel=\"stylesheet\" href=\"report.css\">\n</head>\n<body>\n",
      escape_html(title));
}

std::string page_end() {
  return "<script src=\"report.js\"></script>\n</body>\n</html>\n";
}

std::string percent(const json& value) {
  return value.is_number() ? fmt::format("{:.1f} %", value.get<double>()) : "–";
}

std::pair<int64_t, int64_t> tokens(const json& entry) {
  std::pair<int64_t, int64_t> out{0, 0};
  if (!entry.contains("iterations")) return out;
  for (const json& it : entry["iterations"]) {
    out.first += it.value("prompt_tokens", int64_t{0});
    out.second += it.value("completion_tokens", int64_t{0});
  }
  return out;
}

double cost(const json& entry, const HtmlOptions& options) {
  if (entry.contains("cost") && entry["cost"].is_number()) return entry["cost"].get<double>();
  if (options.price_in <= 0 && options.price_out <= 0) return -1;
  auto [in, out] = tokens(entry);
  return (in * options.price_in + out * options.price_out) / 1e6;
}

int tests_added(const json& entry) {
  if (entry.contains("final") && entry["final"].contains("tests_kept")) {
    return entry["final"]["tests_kept"].get<int>();
  }
  int n = 0;
  if (!entry.contains("iterations")) return n;
  for (const json& it : entry["iterations"]) {
    n += static_cast<int>(it.value("tests_added", json::array()).size());
  }
  return n;
}

namespace {

// A cell with its sort value; `text` is HTML already.
std::string cell(const std::string& text, const std::string& value, bool number) {
  return fmt::format("<td{} data-value=\"{}\">{}</td>", number ? " class=\"num\"" : "",
                     escape_html(value), text);
}

std::string coverage_cell(const json& entry, const char* field) {
  json before = entry.contains("initial") ? entry["initial"].value(field, json()) : json();
  json after = entry.contains("final") ? entry["final"].value(field, json()) : json();
  std::string text = before.is_number() ? percent(before) + " → " + percent(after) : percent(after);
  return cell(text, after.is_number() ? fmt::format("{}", after.get<double>()) : "", true);
}

std::string index_row(const json& e, const HtmlOptions& options) {
  std::string name = e.value("class", "");
  std::string status = e.value("status", e.contains("final") ? "done" : "");
  std::string link = e.contains("detail")
                         ? fmt::format("<a href=\"{}\">{}</a>", escape_html(class_page_name(name)),
                                       escape_html(name))
                         : escape_html(name);
  auto [in, out] = tokens(e);
  double c = cost(e, options);
  size_t defects = 0;
  for (const auto& d : e.value("defects", json::array()))
    defects += d.value("status", "") == "confirmed" ? 1 : 0;
  std::string note = e.value("error", e.value("stop_reason", ""));
  int added = tests_added(e);
  return "<tr>" + cell(link, name, false) +
         cell(fmt::format("<span class=\"status-{}\">{}</span>", escape_html(status),
                          escape_html(status)),
              status, false) +
         coverage_cell(e, "line_coverage") + coverage_cell(e, "branch_coverage") +
         cell(std::to_string(added), std::to_string(added), true) +
         cell(fmt::format("{} / {}", in, out), std::to_string(in + out), true) +
         cell(c < 0 ? "–" : fmt::format("{:.4f}", c), c < 0 ? "" : std::to_string(c), true) +
         cell(std::to_string(defects), std::to_string(defects), true) +
         cell(escape_html(note), note, false) + "</tr>\n";
}

}  // namespace

std::string index_page(const std::vector<nlohmann::ordered_json>& entries,
                       const HtmlOptions& options) {
  std::string out = page_start(options.title);
  out += fmt::format("<h1>{}</h1>\n<p>{} class{}. Click a column's heading to sort by it.</p>\n",
                     escape_html(options.title), entries.size(), entries.size() == 1 ? "" : "es");
  out +=
      "<table class=\"data sortable\" id=\"classes\">\n<thead><tr><th>class</th><th>status</th>"
      "<th data-type=\"number\">lines</th><th data-type=\"number\">branches</th>"
      "<th data-type=\"number\">tests added</th><th data-type=\"number\">tokens in / out</th>"
      "<th data-type=\"number\">cost</th><th data-type=\"number\">confirmed defects</th>"
      "<th>stop reason or error</th></tr></thead>\n<tbody>\n";
  for (const auto& e : entries) out += index_row(e, options);
  return out + "</tbody>\n</table>\n" + page_end();
}

}  // namespace html

std::string class_page_name(const std::string& class_name) {
  std::string out;
  for (char c : class_name) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '.' || c == '$' || c == '_' || c == '-';
    out += plain ? c : '_';
  }
  return out == "index" ? "index_.html" : out + ".html";  // a class `index` of no package
}

Result<std::vector<HtmlFile>> html_report(const std::vector<nlohmann::ordered_json>& classes,
                                          const HtmlOptions& options) {
  std::vector<HtmlFile> files;
  try {
    files.push_back({"index.html", html::index_page(classes, options)});
    for (const auto& e : classes) {
      if (!e.contains("detail")) continue;
      files.push_back({class_page_name(e.value("class", "")), html::class_page(e, options)});
    }
  } catch (const nlohmann::json::exception& e) {
    return Error{std::string("the report does not have the fields Panta writes: ") + e.what()};
  }
  files.push_back({"report.css", html::kCss});
  files.push_back({"report.js", html::kJs});
  return files;
}

}  // namespace panta::report
