#include <fmt/format.h>

#include <atomic>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "analyze/analysis.h"
#include "analyze/analysis_output.h"
#include "cli/commands.h"

namespace panta::cli {
namespace {

struct AnalyzeArgs {
  std::vector<std::string> paths;
  std::string method;
  std::string format = "text";
  bool all_methods = false;
  unsigned jobs = 0;
  size_t path_budget = cfg::PathOptions{}.max_partial_paths;
  std::string encoding = "UTF-8";
  double max_file_mb = 8;
};

int run_analyze(const AnalyzeArgs& args) {
  analyze::AnalyzeOptions options;
  options.all_methods = args.all_methods;
  if (!args.method.empty()) options.method = args.method;
  options.jobs = args.jobs;
  options.paths.max_partial_paths = args.path_budget;
  options.encoding = args.encoding;
  options.max_file_bytes = static_cast<uint64_t>(args.max_file_mb * 1048576);

  std::vector<std::string> errors;
  std::vector<std::string> files = analyze::collect_java_files(args.paths, errors);
  std::atomic<bool> any_method{false};
  analyze::FileRenderer render = [&args, &any_method](const analyze::FileAnalysis& f,
                                                      size_t index) {
    for (const auto& c : f.classes) {
      if (!c.methods.empty()) any_method = true;
    }
    if (args.format == "json") return analyze::file_json(f);
    if (args.format == "dot") return analyze::file_dot(f, index);
    return analyze::file_text(f);
  };
  std::vector<analyze::RenderedFile> results = analyze::analyze_files(files, options, render);
  std::vector<std::string> outputs;
  outputs.reserve(results.size());
  for (auto& r : results) {
    errors.insert(errors.end(), r.errors.begin(), r.errors.end());
    outputs.push_back(std::move(r.output));
  }
  if (args.format == "json") {
    std::cout << analyze::json_document(outputs, errors);
  } else if (args.format == "dot") {
    std::cout << analyze::dot_document(outputs);
  } else {
    for (const std::string& o : outputs) std::cout << o;
  }
  std::cout.flush();
  if (options.method && !any_method) {
    errors.push_back("no method named " + *options.method + " in the files analysed");
  }
  for (const std::string& e : errors) std::cerr << "panta: " << e << "\n";
  return errors.empty() ? kOk : kFailed;
}

}  // namespace

Runner define_analyze(CLI::App& sub) {
  auto args = std::make_shared<AnalyzeArgs>();
  sub.add_option("PATH", args->paths, ".java files or folders (searched recursively)")->required();
  sub.add_option("--method", args->method,
                 "Only methods with this name or signature, e.g. parse(String)");
  sub.add_option("--format", args->format, "Output format")
      ->check(CLI::IsMember({"text", "json", "dot"}))
      ->default_str("text");
  sub.add_flag("--all-methods", args->all_methods,
               "Also list methods that are not under test (private, getters, setters, abstract)");
  sub.add_option("--jobs", args->jobs, "Worker threads (default: one per core)");
  sub.add_option("--path-budget", args->path_budget,
                 "Partial paths the breadth-first search may create per method before the "
                 "shortest-path fallback")
      ->check(CLI::Range(size_t{1}, size_t{100'000'000}))
      ->default_str(std::to_string(args->path_budget));
  sub.add_option("--encoding", args->encoding,
                 "The sources' encoding (ISO-8859-1, windows-1252, ...: any name iconv knows)")
      ->default_str("UTF-8");
  sub.add_option("--max-file-size", args->max_file_mb,
                 "Larger source files (in MB) are not analysed but reported: a syntax tree takes "
                 "about 100 bytes of memory per byte of source")
      ->check(CLI::Range(0.001, 4096.0))
      ->default_str("8");
  sub.footer(
      "Exit codes: 0 success, 1 a file had errors (it is reported and the others analysed), "
      "2 usage error.");
  return [args] { return run_analyze(*args); };
}

}  // namespace panta::cli
