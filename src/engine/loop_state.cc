#include "engine/loop_state.h"

#include <algorithm>

#include "engine/defect_entries.h"
#include "engine/gaps.h"

namespace panta::engine {

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
  return {{"no_increase", no_increase},
          {"history", std::move(paths)},
          {"failed", tests(failed)},
          {"set_aside", tests(set_aside)},
          {"tampered", tampered},
          {"gap_asks", gap_asks},
          {"said_unreachable", said_unreachable},
          {"suspected_defects", suspected_defects},
          {"generated_total", generated_total},
          {"kept", kept},
          {"skipped", skipped},
          {"answers", answers},
          {"llm_s", llm_s},
          {"test_file_backed_up", test_file_backed_up}};
}

void LoopState::note_defects(std::vector<std::string> defects) {
  said_unreachable.merge(engine::said_unreachable(defects));
  for (uint32_t line : said_reachable(defects)) said_unreachable.erase(line);  // taken back
  for (std::string& d : defects) {
    if (std::find(suspected_defects.begin(), suspected_defects.end(), d) == suspected_defects.end())
      suspected_defects.push_back(std::move(d));
  }
}

std::vector<std::string> LoopState::reported_defects() const {
  std::vector<std::string> out;
  for (const std::string& d : suspected_defects) {
    if (!says_only_unreachable(d)) out.push_back(d);
  }
  return out;
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
  said_unreachable = state.value("said_unreachable", std::map<uint32_t, std::string>{});
  suspected_defects = state.value("suspected_defects", std::vector<std::string>{});
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
  answers = state.value("answers", 0);
  llm_s = state.value("llm_s", 0.0);
}

}  // namespace panta::engine
