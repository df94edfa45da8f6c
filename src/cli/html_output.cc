#include "cli/html_output.h"

#include <filesystem>

#include "core/durable_file.h"

namespace panta::cli {

Status write_html_report(const std::string& dir, const std::vector<nlohmann::ordered_json>& entries,
                         const report::HtmlOptions& options) {
  auto files = report::html_report(entries, options);
  if (!files) return files.error();
  for (const report::HtmlFile& f : *files) {
    std::string path = (std::filesystem::path(dir) / f.name).string();
    if (auto s = write_durably(path, f.text); !s) return s;
  }
  return ok_status();
}

}  // namespace panta::cli
