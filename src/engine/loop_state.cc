#include "engine/loop_state.h"

#include <algorithm>

#include "engine/gaps.h"

namespace panta::engine {
namespace {

nlohmann::ordered_json reproducer_json(const Reproducer& r) {
  nlohmann::ordered_json members = nlohmann::ordered_json::array();
  for (const auto& [key, code] : r.from.members) members.push_back({key.text(), code});
  return {{"name", r.test.name},
          {"code", r.test.code},
          {"imports", r.from.imports},
          {"members", std::move(members)},
          {"class_annotations", r.from.class_annotations},
          {"claim", {r.claim.first_line, r.claim.last_line, r.claim.claim}},
          {"entry", defect_json(r.entry)}};
}

Reproducer reproducer_from_json(const nlohmann::json& j) {
  Reproducer r;
  r.test = {j.value("name", ""), j.value("code", "")};
  r.from.imports = j.value("imports", std::vector<std::string>{});
  for (const auto& m : j.value("members", nlohmann::json::array())) {
    if (auto key = junit::MemberKey::from_text(m[0].get<std::string>()))
      r.from.members.push_back({*key, m[1].get<std::string>()});
  }
  r.from.class_annotations = j.value("class_annotations", std::vector<std::string>{});
  r.from.tests = {r.test};
  const auto& c = j.at("claim");
  r.claim = {c[0].get<uint32_t>(), c[1].get<uint32_t>(), c[2].get<std::string>()};
  r.entry = defect_from_json(j.value("entry", nlohmann::json::object()));
  return r;
}

}  // namespace

double LoopState::line_pct() const {
  return coverage.lines.empty() ? 0 : coverage.line_counter().percent();
}

double LoopState::branch_pct() const {
  return coverage.lines.empty() ? 0 : coverage.branch_counter().percent();
}

bool LoopState::complete() const {
  return coverage.line_counter().missed == 0 && coverage.branch_counter().missed == 0 &&
         !coverage.lines.empty();
}

nlohmann::ordered_json LoopState::to_json() const {
  nlohmann::ordered_json paths = nlohmann::ordered_json::array();
  for (const auto& [method, counts] : history.counts()) {
    for (const auto& [path, count] : counts) paths.push_back({method, path, count});
  }
  auto tests = [](const std::vector<prompt::FailedTest>& list) {
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& f : list)
      out.push_back({{"name", f.name}, {"code", f.code}, {"error", f.error}});
    return out;
  };
  nlohmann::ordered_json confirmed = nlohmann::ordered_json::array();
  for (const Reproducer& r : reproducers) confirmed.push_back(reproducer_json(r));
  nlohmann::ordered_json others = nlohmann::ordered_json::array();
  for (const DefectEntry& d : other_defects) others.push_back(defect_json(d));
  nlohmann::ordered_json disagreed = nlohmann::ordered_json::array();
  for (const Disagreement& d : disagreements) disagreed.push_back(disagreement_json(d));
  return {{"no_increase", no_increase},
          {"reproducers", std::move(confirmed)},
          {"other_defects", std::move(others)},
          {"disagreements", std::move(disagreed)},
          {"history", std::move(paths)},
          {"failed", tests(failed)},
          {"set_aside", tests(set_aside)},
          {"tampered", tampered},
          {"gap_asks", gap_asks},
          {"gap_ids", gap_ids},
          {"next_gap_id", next_gap_id},
          {"shown_gaps", shown_gaps},
          {"unreachable_gaps", said_unreachable},
          {"unreachable_lines", said_unreachable_lines},
          {"suspected_defects", suspected_defects},
          {"equivalent_mutants", equivalent_mutants},
          {"mutant_ids", mutant_ids},
          {"next_mutant_id", next_mutant_id},
          {"shown_mutants", shown_mutants},
          {"sent_prompts", sent_prompts},
          {"unusable_answer", unusable_answer},
          {"generated_total", generated_total},
          {"kept", kept},
          {"skipped", skipped},
          {"answers", answers},
          {"llm_s", llm_s},
          {"test_file_backed_up", test_file_backed_up}};
}

std::map<std::string, std::string> LoopState::said_gaps(const std::vector<Gap>& gaps) const {
  std::map<std::string, std::string> out = said_unreachable;
  for (const Gap& g : gaps) {
    for (const auto& [first, last, why] : said_unreachable_lines) {
      if (g.line >= first && g.line <= last) out.emplace(g.key, why);
    }
  }
  return out;
}

std::vector<std::string> LoopState::take_statements(const junit::AnswerStatements& said) {
  std::vector<std::string> unread = said.unread;
  answer_stated = !said.unreachable.empty() || !said.equivalent.empty() || !said.defects.empty();
  for (const auto& u : said.unreachable) {
    if (u.gaps.empty()) said_unreachable_lines.emplace_back(u.first_line, u.last_line, u.reason);
    for (int id : u.gaps) {
      auto shown = shown_gaps.find(id);
      if (shown == shown_gaps.end()) {
        unread.push_back("Unreachable: G" + std::to_string(id) + " (no such gap was asked for)");
        continue;
      }
      for (const std::string& key : shown->second) said_unreachable.emplace(key, u.reason);
    }
  }
  for (const auto& e : said.equivalent) {
    for (int id : e.mutants) {
      auto shown = shown_mutants.find(id);
      if (shown == shown_mutants.end()) {
        unread.push_back("Equivalent: M" + std::to_string(id) + " (no such mutant was asked for)");
        continue;
      }
      equivalent_mutants.emplace(shown->second, e.reason);
    }
  }
  for (const auto& d : said.defects) {
    std::string text = junit::defect_text(d);
    if (std::find(suspected_defects.begin(), suspected_defects.end(), text) ==
        suspected_defects.end())
      suspected_defects.push_back(std::move(text));
  }
  return unread;
}

void LoopState::restore_from(const nlohmann::json& state) {
  no_increase = state.value("no_increase", 0);
  for (const auto& h : state.value("history", nlohmann::json::array())) {
    history.set(h[0].get<std::string>(), h[1].get<size_t>(), h[2].get<int>());
  }
  auto tests = [&state](const char* key) {
    std::vector<prompt::FailedTest> out;
    for (const auto& f : state.value(key, nlohmann::json::array())) {
      out.push_back({f.value("name", ""), f.value("code", ""), f.value("error", "")});
    }
    return out;
  };
  failed = tests("failed");
  set_aside = tests("set_aside");
  tampered = state.value("tampered", std::vector<std::pair<std::string, std::string>>{});
  gap_asks = state.value("gap_asks", std::map<std::string, int>{});
  gap_ids = state.value("gap_ids", std::map<std::string, int>{});
  next_gap_id = state.value("next_gap_id", 1);
  shown_gaps = state.value("shown_gaps", std::map<int, std::vector<std::string>>{});
  // Journals from before gap ids kept lines ("said_unreachable"): those are not taken.
  said_unreachable = state.value("unreachable_gaps", std::map<std::string, std::string>{});
  said_unreachable_lines = state.value("unreachable_lines", decltype(said_unreachable_lines){});
  suspected_defects = state.value("suspected_defects", std::vector<std::string>{});
  equivalent_mutants = state.value("equivalent_mutants", std::map<std::string, std::string>{});
  mutant_ids = state.value("mutant_ids", std::map<std::string, int>{});
  next_mutant_id = state.value("next_mutant_id", 1);
  shown_mutants = state.value("shown_mutants", std::map<int, std::string>{});
  sent_prompts = state.value("sent_prompts", std::vector<std::string>{});
  unusable_answer = state.value("unusable_answer", std::string());
  test_file_backed_up = state.value("test_file_backed_up", false);  // older journals: back up
  generated_total = state.value("generated_total", 0);
  kept.clear();
  std::vector<std::string> names = file ? file->test_names() : std::vector<std::string>{};
  for (const std::string& k : state.value("kept", std::vector<std::string>{})) {
    if (std::find(names.begin(), names.end(), k) != names.end()) kept.push_back(k);
  }
  skipped.clear();
  for (const std::string& k : state.value("skipped", std::vector<std::string>{})) {
    if (std::find(kept.begin(), kept.end(), k) != kept.end()) skipped.push_back(k);
  }
  reproducers.clear();
  for (const auto& r : state.value("reproducers", nlohmann::json::array()))
    reproducers.push_back(reproducer_from_json(r));
  other_defects.clear();
  for (const auto& d : state.value("other_defects", nlohmann::json::array()))
    other_defects.push_back(defect_from_json(d));
  disagreements.clear();
  for (const auto& d : state.value("disagreements", nlohmann::json::array()))
    disagreements.push_back(disagreement_from_json(d));
  answers = state.value("answers", 0);
  llm_s = state.value("llm_s", 0.0);
}

}  // namespace panta::engine
