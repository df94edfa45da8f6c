#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/result.h"

namespace panta::report {

/// Prices per million tokens, for a cost where a report entry has none.
struct HtmlOptions {
  double price_in = 0;
  double price_out = 0;
  std::string title = "Panta report";
};

/// One file of the HTML report: its name in the report's folder and its text.
struct HtmlFile {
  std::string name;
  std::string text;
};

/// The static HTML report of a report's class entries (report_merge.h's class_entries): an
/// index.html with a sortable table of every class, a page per class with a "detail" object
/// (source coloured by coverage as JaCoCo's report colours it, each method's CFG as an inline
/// SVG with its edges coloured by coverage, the paths asked for, the tests added per iteration,
/// a chart of coverage and tokens per iteration), and report.css and report.js. Nothing is
/// loaded from elsewhere. Fails when an entry's fields have the wrong types.
Result<std::vector<HtmlFile>> html_report(const std::vector<nlohmann::ordered_json>& classes,
                                          const HtmlOptions& options);

/// The class page's file name: the class name, characters other than letters, digits, '.',
/// '$', '_' and '-' as '_', then ".html" ("index_.html" for a class `index`: not the index).
std::string class_page_name(const std::string& class_name);

}  // namespace panta::report
