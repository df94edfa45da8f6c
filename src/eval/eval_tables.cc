#include <fmt/format.h>

#include <algorithm>

#include "eval/eval_tables.h"

namespace panta::eval {
namespace {

int max_cyc_of(const std::vector<ChosenClasses>& chosen, const CellKey& k) {
  for (const ChosenClasses& c : chosen) {
    if (c.subject.id != k.subject) continue;
    for (const SurveyedClass& cls : c.classes) {
      if (cls.name == k.class_name) return cls.max_cyc();
    }
  }
  return 0;
}

// Adds `m` into the running sums of `sum` (every field but the notes).
void add(CellMetrics& sum, const CellMetrics& m) {
  sum.line_coverage += m.line_coverage;
  sum.branch_coverage += m.branch_coverage;
  sum.pass_rate += m.pass_rate;
  sum.tests_kept += m.tests_kept;
  if (m.mutation_score) sum.mutation_score = sum.mutation_score.value_or(0) + *m.mutation_score;
  if (!m.mutation_note.empty()) sum.mutation_note = m.mutation_note;
  sum.mutants_total += m.mutants_total;
  sum.mutants_detected += m.mutants_detected;
  sum.prompt_tokens += m.prompt_tokens;
  sum.completion_tokens += m.completion_tokens;
  sum.model_calls += m.model_calls;
  sum.wall_s += m.wall_s;
  sum.model_s += m.model_s;
  sum.outside_s += m.outside_s;
  if (m.defects) {  // sums over the repeats, not means
    DefectFigures& d = sum.defects ? *sum.defects : sum.defects.emplace();
    d.confirmed += m.defects->confirmed;
    d.revealing += m.defects->revealing;
    d.false_alarms += m.defects->false_alarms;
    d.pinning += m.defects->pinning;
  }
  if (!m.defects_note.empty()) sum.defects_note = m.defects_note;
}

void divide(ClassResult& r) {
  if (r.runs == 0) return;
  CellMetrics& m = r.mean;
  double n = r.runs;
  m.line_coverage /= n;
  m.branch_coverage /= n;
  m.pass_rate /= n;
  m.tests_kept = static_cast<int>(m.tests_kept / n + 0.5);
  if (m.mutation_score && r.mutation_runs > 0) *m.mutation_score /= r.mutation_runs;
  m.prompt_tokens = static_cast<int64_t>(static_cast<double>(m.prompt_tokens) / n + 0.5);
  m.completion_tokens = static_cast<int64_t>(static_cast<double>(m.completion_tokens) / n + 0.5);
  m.model_calls = static_cast<int>(m.model_calls / n + 0.5);
  m.wall_s /= n;
  m.model_s /= n;
  m.outside_s /= n;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string number(double v) {
  return fmt::format("{:.2f}", v);
}

std::string optional_number(const std::optional<double>& v) {
  return v ? number(*v) : "";
}

}  // namespace

std::vector<ClassResult> class_results(const EvalSpec& spec,
                                       const std::vector<ChosenClasses>& chosen,
                                       const std::vector<CellResult>& cells) {
  std::vector<CellKey> plan = plan_cells(spec, chosen);
  std::vector<ClassResult> rows;
  for (const CellKey& k : plan) {
    if (k.repeat != 1) continue;
    ClassResult r{
        k.subject, k.class_name, k.strategy, k.llm, max_cyc_of(chosen, k), 0, 0, {}, 0, 0, 0, 0};
    for (const CellResult& c : cells) {
      const CellKey& ck = c.key;
      if (ck.subject != k.subject || ck.class_name != k.class_name || ck.strategy != k.strategy ||
          ck.llm != k.llm || ck.repeat > spec.repeats) {
        continue;
      }
      if (c.status != "done") {
        ++r.failed;
        continue;
      }
      ++r.runs;
      if (c.metrics.mutation_score) ++r.mutation_runs;
      if (c.metrics.defects) {
        ++r.defect_runs;
        r.revealed_runs += c.metrics.defects->revealing > 0 ? 1 : 0;
        r.pinned_runs += c.metrics.defects->pinning > 0 ? 1 : 0;
      }
      add(r.mean, c.metrics);
    }
    divide(r);
    rows.push_back(std::move(r));
  }
  return rows;
}

std::string class_results_csv(const std::vector<ClassResult>& rows) {
  std::string out =
      "subject,class,strategy,llm,max_cyc,runs,failed,line_coverage,branch_coverage,pass_rate,"
      "tests_kept,mutation_score,prompt_tokens,completion_tokens,model_calls,wall_s,model_s,"
      "outside_s\n";
  for (const ClassResult& r : rows) {
    const CellMetrics& m = r.mean;
    bool has = r.runs > 0;
    out += fmt::format(
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n", csv_field(r.subject),
        csv_field(r.class_name), csv_field(r.strategy), csv_field(r.llm), r.max_cyc, r.runs,
        r.failed, has ? number(m.line_coverage) : "", has ? number(m.branch_coverage) : "",
        has ? number(m.pass_rate) : "", has ? std::to_string(m.tests_kept) : "",
        optional_number(m.mutation_score), has ? std::to_string(m.prompt_tokens) : "",
        has ? std::to_string(m.completion_tokens) : "", has ? std::to_string(m.model_calls) : "",
        has ? number(m.wall_s) : "", has ? number(m.model_s) : "", has ? number(m.outside_s) : "");
  }
  return out;
}

nlohmann::ordered_json class_results_json(const std::vector<ClassResult>& rows) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const ClassResult& r : rows) {
    nlohmann::ordered_json j = {
        {"subject", r.subject}, {"class", r.class_name}, {"strategy", r.strategy}, {"llm", r.llm},
        {"max_cyc", r.max_cyc}, {"runs", r.runs},        {"failed", r.failed}};
    j["mean"] = r.runs > 0 ? nlohmann::ordered_json(metrics_json(r.mean)) : nullptr;
    if (r.defect_runs > 0) {
      j["defect_runs"] = r.defect_runs;
      j["revealed_runs"] = r.revealed_runs;
      j["pinned_runs"] = r.pinned_runs;
    }
    out.push_back(std::move(j));
  }
  return out;
}

std::string cells_csv(const std::vector<CellResult>& cells) {
  std::string out =
      "subject,class,strategy,llm,repeat,status,line_coverage,branch_coverage,pass_rate,"
      "tests_kept,mutation_score,mutants_total,mutants_detected,prompt_tokens,completion_tokens,"
      "model_calls,wall_s,model_s,outside_s,stop_reason,note\n";
  for (const CellResult& c : cells) {
    const CellMetrics& m = c.metrics;
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                       csv_field(c.key.subject), csv_field(c.key.class_name),
                       csv_field(c.key.strategy), csv_field(c.key.llm), c.key.repeat, c.status,
                       number(m.line_coverage), number(m.branch_coverage), number(m.pass_rate),
                       m.tests_kept, optional_number(m.mutation_score), m.mutants_total,
                       m.mutants_detected, m.prompt_tokens, m.completion_tokens, m.model_calls,
                       number(m.wall_s), number(m.model_s), number(m.outside_s),
                       csv_field(m.stop_reason),
                       csv_field(c.status == "done" ? m.mutation_note : c.error));
  }
  return out;
}

}  // namespace panta::eval
