#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/result.h"

namespace panta::report {

/// One `--report` file: its name (for messages) and its parsed JSON.
struct ReportFile {
  std::string name;
  nlohmann::ordered_json json;
};

/// The class entries of a report: its array, or the one object a run of one class writes.
/// Fails when the JSON is neither or an entry has no "class".
Result<std::vector<nlohmann::ordered_json>> class_entries(const ReportFile& report);

/// `panta report merge`: the class entries of every report in one array, ordered by class
/// name, each entry as its shard wrote it. Fails when a class is in two reports (a class
/// belongs to one shard) or a report is not one `--report` writes.
Result<nlohmann::ordered_json> merge_reports(const std::vector<ReportFile>& reports);

}  // namespace panta::report
