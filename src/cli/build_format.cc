#include "cli/build_format.h"

#include <algorithm>
#include <filesystem>

#include "java/source_text.h"
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

namespace {

// The files' texts, "" for one that cannot be read.
std::vector<std::string> texts_of(const std::vector<std::string>& files) {
  std::vector<std::string> out;
  for (const std::string& f : files) {
    auto text = java::read_file(f);
    out.push_back(text ? *text : std::string());
  }
  return out;
}

// "a, b": the files relative to the build's top folder (as `git status` names them).
std::string listed(const std::vector<std::string>& files, const std::string& top) {
  std::string out;
  for (const std::string& f : files)
    out += (out.empty() ? "" : ", ") + fs::path(f).lexically_relative(top).string();
  return out;
}

}  // namespace

std::vector<std::string> format_written_files(const project::Project& project,
                                              project::MavenTool& maven,
                                              const std::vector<std::string>& files,
                                              std::ostream& err) {
  if (files.empty() || project.formatters.empty()) return {};
  project::FormatTarget target{
      project.reactor_root, project.root, project.module, {project.test_dir, project.src_dir}};
  std::vector<std::string> before = texts_of(files);
  std::string formatters;
  for (const project::BuildFormatter& formatter : project.formatters) {
    if (auto s = project::apply_formatter(maven, formatter, target, files); !s) {
      err << "panta: warning: the build's formatter (" << formatter.name()
          << ") was not run on the files Panta wrote, which stay as Panta wrote them: "
          << s.error().message << "\n";
      return {};
    }
    formatters += (formatters.empty() ? "" : " and ") + formatter.name();
  }
  std::vector<std::string> after = texts_of(files);
  std::vector<std::string> changed;
  for (size_t i = 0; i < files.size(); ++i) {
    if (after[i] != before[i]) changed.push_back(files[i]);
  }
  if (changed.empty()) {
    err << "panta: the build's " << formatters << " left " << listed(files, project.reactor_root)
        << " as Panta wrote them\n";
    return {};
  }
  err << "panta: formatted " << listed(changed, project.reactor_root) << " with the build's "
      << formatters << " (--no-format leaves the files as Panta writes them)\n";
  return changed;
}

}  // namespace panta::cli
