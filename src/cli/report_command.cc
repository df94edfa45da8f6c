#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/commands.h"
#include "cli/html_output.h"
#include "report/report_merge.h"

namespace panta::cli {
namespace {

using nlohmann::ordered_json;

struct ReportArgs {
  std::vector<std::string> inputs;
  std::string out_dir;
  report::HtmlOptions html;
  CLI::App* html_command = nullptr;
  CLI::App* merge_command = nullptr;
};

Result<report::ReportFile> read_report(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"cannot read " + path};
  std::stringstream text;
  text << in.rdbuf();
  try {
    return report::ReportFile{path, ordered_json::parse(text.str())};
  } catch (const nlohmann::json::parse_error& e) {
    return Error{path + ": not JSON: " + e.what()};
  }
}

Result<std::vector<report::ReportFile>> read_reports(const std::vector<std::string>& paths) {
  std::vector<report::ReportFile> out;
  for (const std::string& p : paths) {
    auto r = read_report(p);
    if (!r) return r.error();
    out.push_back(std::move(*r));
  }
  return out;
}

int run_merge(const ReportArgs& args) {
  auto reports = read_reports(args.inputs);
  if (!reports) {
    std::cerr << "panta: " << reports.error().message << "\n";
    return kUsage;
  }
  for (const auto& r : *reports) {  // a file that is not a report: a usage error, as for html
    if (auto e = report::class_entries(r); !e) {
      std::cerr << "panta: " << e.error().message << "\n";
      return kUsage;
    }
  }
  auto merged = report::merge_reports(*reports);
  if (!merged) {
    std::cerr << "panta: " << merged.error().message << "\n";
    return kFailed;
  }
  std::cout << merged->dump(2, ' ', false, ordered_json::error_handler_t::replace) << "\n";
  return kOk;
}

int run_html(const ReportArgs& args) {
  auto reports = read_reports(args.inputs);
  if (!reports) {
    std::cerr << "panta: " << reports.error().message << "\n";
    return kUsage;
  }
  std::vector<ordered_json> entries;
  for (const auto& r : *reports) {
    auto e = report::class_entries(r);
    if (!e) {
      std::cerr << "panta: " << e.error().message << "\n";
      return kUsage;
    }
    entries.insert(entries.end(), e->begin(), e->end());
  }
  if (auto s = write_html_report(args.out_dir, entries, args.html); !s) {
    std::cerr << "panta: " << s.error().message << "\n";
    return kFailed;
  }
  std::cerr << "panta: HTML report in " << args.out_dir << "/index.html\n";
  return kOk;
}

}  // namespace

Runner define_report(CLI::App& sub) {
  auto args = std::make_shared<ReportArgs>();
  sub.require_subcommand(1);
  args->html_command =
      sub.add_subcommand("html", "Write the static HTML report of --report JSON files");
  args->html_command->add_option("reports", args->inputs, "REPORT.json files")->required();
  args->html_command->add_option("--out", args->out_dir, "Folder to write it to")->required();
  args->html_command->add_option("--price-in", args->html.price_in,
                                 "Price per million prompt tokens, for the cost column");
  args->html_command->add_option("--price-out", args->html.price_out,
                                 "Price per million completion tokens");
  args->merge_command = sub.add_subcommand(
      "merge", "Combine the --report JSON files of shards into one report on stdout");
  args->merge_command->add_option("reports", args->inputs, "REPORT.json files")->required();
  sub.footer(
      "Exit codes: 0 done, 1 a class in two reports or a file not written, 2 usage error "
      "or a file that is not a Panta report.");
  return [args] { return args->html_command->parsed() ? run_html(*args) : run_merge(*args); };
}

}  // namespace panta::cli
