#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/result.h"
#include "report/html_report.h"

namespace panta::cli {

/// Writes the HTML report of `entries` (report/html_report.h) into the folder `dir`, created
/// when missing, each file durably; other files there are left alone. Fails naming the file
/// that could not be written or the field of the report that is wrong.
Status write_html_report(const std::string& dir, const std::vector<nlohmann::ordered_json>& entries,
                         const report::HtmlOptions& options);

}  // namespace panta::cli
