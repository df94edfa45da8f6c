#include "cli/generate_summary.h"

#include <fmt/format.h>

#include <map>

#include "llm/llm_client.h"

namespace panta::cli {
namespace {

std::string shortened(const std::string& text, size_t max) {
  std::string line = text.substr(0, text.find('\n'));
  return line.size() <= max ? line : line.substr(0, max - 3) + "...";
}

std::string row(const ClassOutcome& o, size_t width) {
  if (!o.report) {
    std::string result = o.note.empty() ? o.status : o.status + ": " + shortened(o.note, 70);
    return fmt::format("{:<{}}  {:>15}  {:>15}  {:>5}  {:>4}  {}\n", o.class_name, width, "-", "-",
                       "-", "-", result);
  }
  const auto& g = *o.report;
  return fmt::format("{:<{}}  {:>15}  {:>15}  {:>5}  {:>4}  {}\n", o.class_name, width,
                     fmt::format("{:.1f} -> {:.1f}", g.initial_line_coverage, g.line_coverage),
                     fmt::format("{:.1f} -> {:.1f}", g.initial_branch_coverage, g.branch_coverage),
                     g.tests_kept, g.iterations.size(), g.stop_reason);
}

}  // namespace

// The confirmed defects first, each with its place and its reproducer; then how many
// reproducers were not confirmed or refuted, and the disagreements, in one line.
std::string defect_lines(const engine::GenerateReport& r) {
  std::string out;
  int unconfirmed = 0;
  int refuted = 0;
  for (const engine::DefectEntry& d : r.defects) {
    if (d.status == engine::DefectStatus::kUnconfirmed) ++unconfirmed;
    if (d.status == engine::DefectStatus::kRefuted) ++refuted;
    if (d.status != engine::DefectStatus::kConfirmed && d.status != engine::DefectStatus::kFixed)
      continue;
    std::string values = d.expected.empty() && d.actual.empty() ? ""
                         : d.expected.empty()
                             ? " (" + d.actual + ")"
                             : " (expected " + d.expected + ", actual " + d.actual + ")";
    out += fmt::format("{}: {} defect at {}{}: {}{}; reproducer {}\n", r.class_name,
                       d.status == engine::DefectStatus::kFixed ? "fixed" : "confirmed", d.file,
                       d.line > 0 ? ":" + std::to_string(d.line) : "", d.claim, values, d.test);
  }
  if (unconfirmed + refuted > 0 || !r.disagreements.empty()) {
    out += fmt::format(
        "{}: {} reproducer{} not confirmed, {} refuted, {} disagreement{} (--report and "
        "--html list them)\n",
        r.class_name, unconfirmed, unconfirmed == 1 ? "" : "s", refuted, r.disagreements.size(),
        r.disagreements.size() == 1 ? "" : "s");
  }
  return out;
}

std::string one_line_result(const engine::GenerateReport& r, double price_in, double price_out) {
  double cost = llm::cost(r.prompt_tokens(), r.completion_tokens(), price_in, price_out);
  int generated = 0;
  for (const engine::IterationReport& i : r.iterations) generated += i.tests_generated;
  std::string line = fmt::format(
      "{}: lines {:.1f}% -> {:.1f}%, branches {:.1f}% -> {:.1f}%, {} test{} kept, {}, {} "
      "iteration{} ({}), tokens {} in / {} out{}, test file {}\n",
      r.class_name, r.initial_line_coverage, r.line_coverage, r.initial_branch_coverage,
      r.branch_coverage, r.tests_kept, r.tests_kept == 1 ? "" : "s",
      // No test generated: no rate of them passing (not "0%").
      generated == 0 ? std::string("no test generated")
                     : fmt::format("pass rate {:.0f}%", r.pass_rate),
      r.iterations.size(), r.iterations.size() == 1 ? "" : "s", r.stop_reason, r.prompt_tokens(),
      r.completion_tokens(),
      price_in > 0 || price_out > 0 ? fmt::format(", cost {:.4f}", cost) : "", r.test_file);
  line = defect_lines(r) + line;
  if (r.mutants_stop.empty()) return line;
  auto score = [](const std::optional<double>& s) {
    return s ? fmt::format("{:.1f}%", *s) : std::string("-");
  };
  return line + fmt::format("{}: mutation score {} -> {}, {} mutants round{} ({})\n", r.class_name,
                            score(r.mutation_score_before), score(r.mutation_score_after),
                            r.mutants_rounds, r.mutants_rounds == 1 ? "" : "s", r.mutants_stop);
}

std::string summary_table(const std::vector<ClassOutcome>& outcomes) {
  size_t width = 5;
  for (const ClassOutcome& o : outcomes) width = std::max(width, o.class_name.size());
  std::string out = fmt::format("\n{:<{}}  {:>15}  {:>15}  {:>5}  {:>4}  {}\n", "class", width,
                                "lines %", "branches %", "tests", "iter", "result");
  int kept = 0;
  int confirmed = 0;
  std::map<std::string, int> by_status;
  for (const ClassOutcome& o : outcomes) {
    ++by_status[o.status];
    if (o.report) kept += o.report->tests_kept;
    for (const auto& d : o.report ? o.report->defects : std::vector<engine::DefectEntry>{})
      confirmed += d.status == engine::DefectStatus::kConfirmed ? 1 : 0;
    out += row(o, width);
  }
  std::string counts;
  for (const auto& [status, n] : by_status) {
    counts += fmt::format("{}{} {}", counts.empty() ? "" : ", ", n, status);
  }
  return out + fmt::format("{} classes: {}; {} tests kept{}\n", outcomes.size(), counts, kept,
                           confirmed == 0 ? "" : fmt::format("; {} confirmed defects", confirmed));
}

std::vector<nlohmann::ordered_json> report_entries(const std::vector<ClassOutcome>& outcomes,
                                                   const Prices& prices) {
  std::vector<nlohmann::ordered_json> all;
  for (const ClassOutcome& o : outcomes) {
    nlohmann::ordered_json j;
    if (o.report) {
      j = engine::report_object(*o.report);
    } else {
      j["class"] = o.class_name;
    }
    j["status"] = o.status;
    if (o.report && prices.given()) {
      j["cost"] = llm::cost(o.report->prompt_tokens(), o.report->completion_tokens(), prices.in,
                            prices.out);
    }
    if (!o.note.empty()) j["error"] = o.note;
    all.push_back(std::move(j));
  }
  return all;
}

std::string report_text(const std::vector<ClassOutcome>& outcomes, bool many,
                        const Prices& prices) {
  nlohmann::ordered_json all = report_entries(outcomes, prices);
  const auto& out = many || all.size() != 1 ? all : all.front();
  return out.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace panta::cli
