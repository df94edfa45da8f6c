#include "analyze/analysis.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <system_error>
#include <thread>

#include "cfg/cfg_builder.h"
#include "java/source_text.h"
#include "java/text_encoding.h"

namespace panta::analyze {
namespace fs = std::filesystem;

namespace {

bool is_java_file(const fs::path& p) {
  return p.extension() == ".java";
}

bool selected(const java::Method& m, const AnalyzeOptions& options) {
  if (!options.all_methods && !m.is_mut()) return false;
  return !options.method || *options.method == m.name || *options.method == m.signature;
}

MethodAnalysis analyze_method(const java::JavaFile& file, const java::Method& m,
                              const AnalyzeOptions& options) {
  MethodAnalysis out;
  out.method = &m;
  if (ts_node_is_null(m.body)) return out;
  if (m.syntax_error) {
    out.error = fmt::format("syntax error at {}:{}", m.syntax_error->line, m.syntax_error->column);
    return out;
  }
  auto graph = cfg::build_cfg(file.text, m.body);
  if (!graph) {
    out.error = graph.error().message;
    return out;
  }
  out.paths = cfg::explore_paths(*graph, options.paths);
  for (const cfg::Path& p : out.paths.paths) out.path_steps.push_back(cfg::path_steps(*graph, p));
  out.graph = std::move(*graph);
  return out;
}

}  // namespace

std::vector<std::string> collect_java_files(const std::vector<std::string>& paths,
                                            std::vector<std::string>& errors) {
  std::vector<std::string> files;
  for (const std::string& p : paths) {
    std::error_code ec;
    fs::file_status status = fs::status(p, ec);
    if (ec || !fs::exists(status)) {
      errors.push_back(p + ": no such file or directory");
    } else if (fs::is_directory(status)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(
               p, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        // Hidden folders are no sources: .panta's backups, .git
        if (it->path().filename().string().starts_with(".") && it->is_directory(ec)) {
          it.disable_recursion_pending();
          continue;
        }
        if (it->is_regular_file(ec) && is_java_file(it->path()))
          found.push_back(it->path().string());
      }
      if (ec) errors.push_back(fmt::format("{}: {}", p, ec.message()));
      if (found.empty() && !ec) errors.push_back(p + ": no .java files in this folder");
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (!is_java_file(p)) {
      errors.push_back(p + ": not a .java file");
    } else {
      files.push_back(p);
    }
  }
  return files;
}

namespace {

// Why a file larger than `limit` bytes is not read, "" when it is not.
std::string over_size_limit(const std::string& path, uint64_t limit) {
  std::error_code ec;
  uintmax_t size = std::filesystem::file_size(path, ec);
  if (ec || size <= limit) return "";
  auto amount = [](double bytes) {
    return bytes < 1048576 ? fmt::format("{:.0f} KB", bytes / 1024)
                           : fmt::format("{:.1f} MB", bytes / 1048576);
  };
  return fmt::format(
      "{}: {}, more than --max-file-size {}: not analysed (its syntax tree would take about {} "
      "of memory)",
      path, amount(static_cast<double>(size)), amount(static_cast<double>(limit)),
      amount(static_cast<double>(size) * 100.0));
}

}  // namespace

FileAnalysis analyze_file(const std::string& path, const AnalyzeOptions& options) {
  FileAnalysis out;
  out.path = path;
  if (std::string too_large = over_size_limit(path, options.max_file_bytes); !too_large.empty()) {
    out.errors.push_back(too_large);
    return out;
  }
  auto text = java::read_text_file(path, options.encoding);
  if (!text) {
    out.errors.push_back(text.error().message);
    return out;
  }
  if (text->find_first_not_of(" \t\r\n\f") == std::string::npos) {
    out.errors.push_back(path + ": empty file, no Java code to analyse");
    return out;
  }
  if (auto bad = java::find_invalid_utf8(*text)) {
    java::SourceText where(path, text->substr(0, *bad));
    uint32_t line = where.line_count();
    auto column = static_cast<uint32_t>(where.line(line).size() + 1);
    out.errors.push_back(fmt::format(
        "{}:{}:{}: invalid UTF-8 (byte offset {}); the file is skipped (give its encoding with "
        "--encoding)",
        path, line, column, *bad));
    return out;
  }
  auto parsed = java::parse_java_file(java::SourceText(path, std::move(*text)));
  if (!parsed) {
    out.errors.push_back(parsed.error().message);
    return out;
  }
  out.file = std::make_unique<java::JavaFile>(std::move(*parsed));
  const java::JavaFile& file = *out.file;
  for (const java::SyntaxError& e : file.syntax_errors) {
    out.errors.push_back(fmt::format("{}:{}:{}: {}", path, e.line, e.column, e.message));
  }
  for (const java::JavaClass& cls : file.classes) {
    ClassAnalysis ca;
    ca.java_class = &cls;
    for (const java::Method& m : cls.methods) {
      if (!selected(m, options)) continue;
      ca.methods.push_back(analyze_method(file, m, options));
      if (!ca.methods.back().error.empty() && !m.syntax_error) {
        out.errors.push_back(
            fmt::format("{}:{}: {}: {}", path, m.start_line, m.signature, ca.methods.back().error));
      }
    }
    out.classes.push_back(std::move(ca));
  }
  return out;
}

std::vector<RenderedFile> analyze_files(const std::vector<std::string>& paths,
                                        const AnalyzeOptions& options, const FileRenderer& render) {
  std::vector<RenderedFile> results(paths.size());
  unsigned jobs =
      options.jobs != 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  jobs = static_cast<unsigned>(std::min<size_t>(jobs, paths.size()));
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i = next++; i < paths.size(); i = next++) {
      FileAnalysis analysis = analyze_file(paths[i], options);
      results[i].output = render(analysis, i);
      results[i].errors = std::move(analysis.errors);
    }
  };
  std::vector<std::jthread> workers;
  for (unsigned j = 1; j < jobs; ++j) workers.emplace_back(work);
  work();
  return results;
}

}  // namespace panta::analyze
