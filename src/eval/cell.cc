#include "eval/cell.h"

namespace panta::eval {

nlohmann::ordered_json metrics_json(const CellMetrics& m) {
  nlohmann::ordered_json j = {{"line_coverage", m.line_coverage},
                              {"branch_coverage", m.branch_coverage},
                              {"pass_rate", m.pass_rate},
                              {"tests_kept", m.tests_kept},
                              {"mutation_score", nullptr},
                              {"mutation_note", m.mutation_note},
                              {"mutants_total", m.mutants_total},
                              {"mutants_detected", m.mutants_detected},
                              {"prompt_tokens", m.prompt_tokens},
                              {"completion_tokens", m.completion_tokens},
                              {"model_calls", m.model_calls},
                              {"wall_s", m.wall_s},
                              {"model_s", m.model_s},
                              {"outside_s", m.outside_s},
                              {"stop_reason", m.stop_reason}};
  if (m.mutation_score) j["mutation_score"] = *m.mutation_score;
  if (m.defects) {
    j["defects"] = {{"confirmed", m.defects->confirmed},
                    {"revealing", m.defects->revealing},
                    {"false_alarms", m.defects->false_alarms},
                    {"pinning", m.defects->pinning}};
  }
  if (!m.defects_note.empty()) j["defects_note"] = m.defects_note;
  return j;
}

CellMetrics metrics_from_json(const nlohmann::json& j) {
  CellMetrics m;
  m.line_coverage = j.value("line_coverage", 0.0);
  m.branch_coverage = j.value("branch_coverage", 0.0);
  m.pass_rate = j.value("pass_rate", 0.0);
  m.tests_kept = j.value("tests_kept", 0);
  if (j.contains("mutation_score") && j["mutation_score"].is_number()) {
    m.mutation_score = j["mutation_score"].get<double>();
  }
  m.mutation_note = j.value("mutation_note", "");
  m.mutants_total = j.value("mutants_total", 0);
  m.mutants_detected = j.value("mutants_detected", 0);
  m.prompt_tokens = j.value("prompt_tokens", int64_t{0});
  m.completion_tokens = j.value("completion_tokens", int64_t{0});
  m.model_calls = j.value("model_calls", 0);
  m.wall_s = j.value("wall_s", 0.0);
  m.model_s = j.value("model_s", 0.0);
  m.outside_s = j.value("outside_s", 0.0);
  m.stop_reason = j.value("stop_reason", "");
  if (j.contains("defects") && j["defects"].is_object()) {
    const auto& d = j["defects"];
    m.defects = DefectFigures{d.value("confirmed", 0), d.value("revealing", 0),
                              d.value("false_alarms", 0), d.value("pinning", 0)};
  }
  m.defects_note = j.value("defects_note", "");
  return m;
}

}  // namespace panta::eval
