#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cfg/cfg.h"
#include "cfg/path_render.h"
#include "cfg/paths.h"
#include "java/java_file.h"

namespace panta::analyze {

/// Algorithm 1 for one method: its CFG, cyclomatic complexity and rendered paths.
struct MethodAnalysis {
  const java::Method* method = nullptr;  ///< Owned by the FileAnalysis's JavaFile.
  std::optional<cfg::Graph> graph;       ///< Absent for bodiless or unparsable methods.
  cfg::PathSet paths;
  std::vector<std::vector<cfg::PathStep>> path_steps;  ///< One list per path.
  std::string error;  ///< Why there is no graph, when the method has a body.
};

struct ClassAnalysis {
  const java::JavaClass* java_class = nullptr;  ///< Owned by the FileAnalysis's JavaFile.
  std::vector<MethodAnalysis> methods;
};

/// A file's analysis. `errors` hold "path:line:col: message" lines; a file with errors may
/// still have classes (everything that parsed).
struct FileAnalysis {
  std::string path;
  std::unique_ptr<java::JavaFile> file;
  std::vector<ClassAnalysis> classes;
  std::vector<std::string> errors;
};

struct AnalyzeOptions {
  bool all_methods = false;           ///< Also list methods that are not MUTs.
  std::optional<std::string> method;  ///< Only methods with this name or signature.
  cfg::PathOptions paths;
  unsigned jobs = 0;  ///< Worker threads; 0 means one per core.
  /// The sources' encoding; other than UTF-8 they are converted to UTF-8 when read (line
  /// numbers stay those of the file).
  std::string encoding = "UTF-8";
  /// A larger file is not read: an error names its size and the limit (--max-file-size). A
  /// syntax tree takes about 100 bytes of memory per byte of source.
  uint64_t max_file_bytes = 8ULL << 20;
};

/// Expands files and folders (searched recursively, sorted, hidden folders such as .panta and
/// .git left out) into .java files. Each path that
/// is missing or not a .java file adds a line to `errors`.
std::vector<std::string> collect_java_files(const std::vector<std::string>& paths,
                                            std::vector<std::string>& errors);

/// Reads, parses and analyses one file. Never throws for bad input: problems are `errors`.
FileAnalysis analyze_file(const std::string& path, const AnalyzeOptions& options);

/// Turns one file's analysis into output text; runs on the worker thread that analysed it.
/// `index` is the file's position in the list.
using FileRenderer = std::function<std::string(const FileAnalysis& file, size_t index)>;

/// What is kept of a file once it is rendered: the output and the error lines.
struct RenderedFile {
  std::string output;
  std::vector<std::string> errors;
};

/// Analyses and renders files on options.jobs threads; each analysis is dropped as soon as it
/// is rendered, so memory holds outputs, not graphs. Results keep the order of `paths`.
std::vector<RenderedFile> analyze_files(const std::vector<std::string>& paths,
                                        const AnalyzeOptions& options, const FileRenderer& render);

}  // namespace panta::analyze
