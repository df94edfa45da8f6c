#include "cli/build_format.h"

#include <algorithm>
#include <filesystem>

#include "project/build_formatter.h"

namespace panta::cli {
namespace fs = std::filesystem;

std::vector<std::string> files_written(const std::vector<ClassOutcome>& outcomes) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const ClassOutcome& o : outcomes) {
    if (!o.report) continue;
    for (const std::string& f : o.report->files_written) {
      if (fs::is_regular_file(f, ec) && std::find(out.begin(), out.end(), f) == out.end())
        out.push_back(f);
    }
  }
  return out;
}

std::vector<std::string> format_written_files(const project::Project& project,
                                              project::MavenTool& maven,
                                              const std::vector<std::string>& files,
                                              std::ostream& err) {
  if (files.empty() || project.formatters.empty()) return {};
  project::FormatTarget target{
      project.reactor_root, project.root, {project.test_dir, project.src_dir}};
  std::string names;
  for (const std::string& f : files) {
    names += (names.empty() ? "" : ", ") + fs::path(f).lexically_relative(project.root).string();
  }
  for (const project::BuildFormatter& formatter : project.formatters) {
    if (auto s = project::apply_formatter(maven, formatter, target, files); !s) {
      err << "panta: warning: the build's formatter (" << formatter.name()
          << ") failed on the files Panta wrote, which stay as Panta wrote them: "
          << s.error().message << "\n";
      return {};
    }
  }
  std::string formatters;
  for (const project::BuildFormatter& formatter : project.formatters) {
    formatters += (formatters.empty() ? "" : " and ") + formatter.name();
  }
  err << "panta: formatted " << names << " with the build's " << formatters
      << " (--no-format leaves the files as Panta writes them)\n";
  return files;
}

}  // namespace panta::cli
