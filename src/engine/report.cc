#include "engine/report.h"

namespace panta::engine {

int64_t GenerateReport::prompt_tokens() const {
  int64_t n = 0;
  for (const auto& it : iterations) n += it.prompt_tokens;
  return n;
}

int GenerateReport::model_calls() const {
  int n = 0;
  for (const auto& it : iterations) n += it.model_calls;
  return n;
}

int64_t GenerateReport::completion_tokens() const {
  int64_t n = 0;
  for (const auto& it : iterations) n += it.completion_tokens;
  return n;
}

nlohmann::ordered_json iteration_json(const IterationReport& i) {
  nlohmann::ordered_json j = {{"n", i.n},
                              {"line_coverage", i.line_coverage},
                              {"branch_coverage", i.branch_coverage},
                              {"tests_generated", i.tests_generated},
                              {"tests_passed_first_try", i.tests_passed_first_try},
                              {"tests_repaired", i.tests_repaired},
                              {"tests_failed", i.tests_failed},
                              {"tests_skipped", i.tests_skipped},
                              {"prompt_tokens", i.prompt_tokens},
                              {"completion_tokens", i.completion_tokens},
                              {"model_calls", i.model_calls},
                              {"selected_paths", i.selected_paths},
                              {"wall_s", i.wall_s},
                              {"llm_s", i.llm_s}};
  if (i.interrupted) j["interrupted"] = true;
  j["tests_added"] = i.tests_added;
  return j;
}

IterationReport iteration_from_json(const nlohmann::json& j) {
  IterationReport i;
  i.n = j.value("n", 0);
  i.line_coverage = j.value("line_coverage", 0.0);
  i.branch_coverage = j.value("branch_coverage", 0.0);
  i.tests_generated = j.value("tests_generated", 0);
  i.tests_passed_first_try = j.value("tests_passed_first_try", 0);
  i.tests_repaired = j.value("tests_repaired", 0);
  i.tests_failed = j.value("tests_failed", 0);
  i.tests_skipped = j.value("tests_skipped", 0);
  i.prompt_tokens = j.value("prompt_tokens", int64_t{0});
  i.completion_tokens = j.value("completion_tokens", int64_t{0});
  i.model_calls = j.value("model_calls", 0);
  i.selected_paths = j.value("selected_paths", std::vector<std::string>{});
  i.wall_s = j.value("wall_s", 0.0);
  i.llm_s = j.value("llm_s", 0.0);
  i.tests_added = j.value("tests_added", std::vector<std::string>{});
  return i;
}

std::string_view to_string(DefectStatus status) {
  switch (status) {
    case DefectStatus::kConfirmed:
      return "confirmed";
    case DefectStatus::kRefuted:
      return "refuted";
    case DefectStatus::kUnconfirmed:
      return "unconfirmed";
    case DefectStatus::kFixed:
      return "fixed";
  }
  return "unconfirmed";
}

nlohmann::ordered_json defect_json(const DefectEntry& d) {
  return {{"test", d.test},
          {"file", d.file},
          {"line", d.line},
          {"claim", d.claim},
          {"status", to_string(d.status)},
          {"expected", d.expected},
          {"actual", d.actual},
          {"why", d.why}};
}

DefectEntry defect_from_json(const nlohmann::json& j) {
  DefectEntry d;
  d.test = j.value("test", "");
  d.file = j.value("file", "");
  d.line = j.value("line", 0u);
  d.claim = j.value("claim", "");
  std::string status = j.value("status", "");
  for (DefectStatus s : {DefectStatus::kConfirmed, DefectStatus::kRefuted,
                         DefectStatus::kUnconfirmed, DefectStatus::kFixed}) {
    if (to_string(s) == status) d.status = s;
  }
  d.expected = j.value("expected", "");
  d.actual = j.value("actual", "");
  d.why = j.value("why", "");
  return d;
}

nlohmann::ordered_json disagreement_json(const Disagreement& d) {
  return {{"test", d.test},
          {"line", d.line},
          {"expected", d.expected},
          {"actual", d.actual},
          {"message", d.message}};
}

Disagreement disagreement_from_json(const nlohmann::json& j) {
  return {j.value("test", ""), j.value("line", 0u), j.value("expected", ""), j.value("actual", ""),
          j.value("message", "")};
}

namespace {

nlohmann::ordered_json tampering_json(const std::vector<std::pair<std::string, std::string>>& t) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& [test, tried] : t) out.push_back({{"test", test}, {"tried", tried}});
  return out;
}

nlohmann::ordered_json report_fields(const GenerateReport& r) {
  nlohmann::ordered_json its = nlohmann::ordered_json::array();
  for (const auto& i : r.iterations) its.push_back(iteration_json(i));
  nlohmann::ordered_json defects = nlohmann::ordered_json::array();
  for (const auto& d : r.defects) defects.push_back(defect_json(d));
  nlohmann::ordered_json disagreements = nlohmann::ordered_json::array();
  for (const auto& d : r.disagreements) disagreements.push_back(disagreement_json(d));
  nlohmann::ordered_json infeasible = nlohmann::ordered_json::array();
  for (const auto& p : r.possibly_infeasible) {
    infeasible.push_back({{"line", p.line}, {"what", p.what}, {"why", p.why}});
  }
  return {{"class", r.class_name},
          {"strategy", r.strategy},
          {"llm", r.llm},
          {"initial",
           {{"line_coverage", r.initial_line_coverage},
            {"branch_coverage", r.initial_branch_coverage}}},
          {"iterations", std::move(its)},
          {"final",
           {{"line_coverage", r.line_coverage},
            {"branch_coverage", r.branch_coverage},
            {"pass_rate", r.pass_rate},
            {"tests_kept", r.tests_kept},
            {"tests_skipped", r.tests_skipped},
            {"prompt_tokens", r.prompt_tokens()},
            {"completion_tokens", r.completion_tokens()},
            {"model_calls", r.model_calls()}}},
          {"stop_reason", r.stop_reason},
          {"resumed_after", r.resumed_from},
          {"test_file", r.test_file},
          {"wall_s", r.wall_s},
          {"llm_s", r.llm_s},
          {"possibly_infeasible", std::move(infeasible)},
          {"suspected_defects", r.suspected_defects},
          {"tampering", tampering_json(r.tampering)},
          {"defects", defects},
          {"defects_file", r.defects_file},
          {"disagreements", disagreements},
          {"not_analysed", r.not_analysed}};
}

}  // namespace

nlohmann::ordered_json report_object(const GenerateReport& r) {
  nlohmann::ordered_json out = report_fields(r);
  if (r.mutation_score_before || !r.mutants_stop.empty()) {
    auto score = [](const std::optional<double>& s) {
      return s ? nlohmann::ordered_json(*s) : nlohmann::ordered_json(nullptr);
    };
    nlohmann::ordered_json equivalent = nlohmann::ordered_json::array();
    for (const auto& [mutant, why] : r.equivalent_mutants)
      equivalent.push_back({{"mutant", mutant}, {"why", why}});
    out["mutants"] = {{"score_before", score(r.mutation_score_before)},
                      {"score_after", score(r.mutation_score_after)},
                      {"rounds", r.mutants_rounds},
                      {"stop_reason", r.mutants_stop},
                      {"equivalent", std::move(equivalent)}};
  }
  if (!r.detail.is_null()) out["detail"] = r.detail;
  return out;
}

std::string report_json(const GenerateReport& r) {
  return report_object(r).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
         "\n";
}

}  // namespace panta::engine
