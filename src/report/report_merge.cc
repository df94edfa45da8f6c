#include "report/report_merge.h"

#include <algorithm>
#include <map>

namespace panta::report {

using nlohmann::ordered_json;

Result<std::vector<ordered_json>> class_entries(const ReportFile& report) {
  const ordered_json& j = report.json;
  std::vector<ordered_json> out;
  if (j.is_object()) {
    out.push_back(j);
  } else if (j.is_array()) {
    out.assign(j.begin(), j.end());
  } else {
    return Error{report.name + ": not a Panta report (an object or an array of classes)"};
  }
  for (size_t i = 0; i < out.size(); ++i) {
    if (!out[i].is_object() || !out[i].contains("class") || !out[i]["class"].is_string()) {
      return Error{report.name + ": entry " + std::to_string(i + 1) + " has no \"class\""};
    }
  }
  return out;
}

Result<ordered_json> merge_reports(const std::vector<ReportFile>& reports) {
  std::map<std::string, std::pair<ordered_json, std::string>> by_class;  // class -> entry, file
  for (const ReportFile& r : reports) {
    auto entries = class_entries(r);
    if (!entries) return entries.error();
    for (ordered_json& e : *entries) {
      std::string name = e["class"].get<std::string>();
      auto [it, added] = by_class.try_emplace(name, std::move(e), r.name);
      if (!added) {
        return Error{"class " + name + " is in both " + it->second.second + " and " + r.name +
                     " (each class belongs to one shard)"};
      }
    }
  }
  ordered_json out = ordered_json::array();
  for (auto& [name, entry] : by_class) out.push_back(std::move(entry.first));
  return out;
}

}  // namespace panta::report
