#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "report/html_report.h"

// The pieces html_report() puts together; internal to the report module.
namespace panta::report::html {

/// report.css and report.js, written for this report.
extern const char* const kCss;
extern const char* const kJs;

/// <!DOCTYPE html> up to <body>, with the stylesheet, and the end of a page with the script.
std::string page_start(const std::string& title);
std::string page_end();

/// "12.5 %"; "–" for a missing number.
std::string percent(const nlohmann::json& value);

/// The entry's tokens in and out, summed over its iterations.
std::pair<int64_t, int64_t> tokens(const nlohmann::json& entry);

/// The entry's "cost", else its tokens at the given prices; negative when neither is known.
double cost(const nlohmann::json& entry, const HtmlOptions& options);

/// The generated tests the run kept (final.tests_kept), else those its iterations added.
int tests_added(const nlohmann::json& entry);

/// The SVG chart of line and branch coverage (0 = before the first iteration) and tokens per
/// iteration; "" without iterations.
std::string iteration_chart(const nlohmann::json& entry);

/// The class's page.
std::string class_page(const nlohmann::json& entry, const HtmlOptions& options);

/// The index page over every entry.
std::string index_page(const std::vector<nlohmann::ordered_json>& entries,
                       const HtmlOptions& options);

}  // namespace panta::report::html
