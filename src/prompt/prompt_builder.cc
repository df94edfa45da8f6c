#include "prompt/prompt_builder.h"

#include <set>

#include "java/source_text.h"
#include "select/path_selection.h"

namespace panta::prompt {

Result<PromptBuilder> PromptBuilder::load(const std::string& dir, const std::string& strategy) {
  auto own = PromptTemplates::load(dir, strategy);
  if (!own) return own.error();
  auto basic = PromptTemplates::load(dir, "basic");
  if (!basic) return basic.error();
  auto cov = PromptTemplates::load(dir, "cov");
  if (!cov) return cov.error();
  return PromptBuilder(std::move(*own), std::move(*basic), std::move(*cov));
}

const PromptTemplates& PromptBuilder::templates(Template which) const {
  switch (which) {
    case Template::kBasic:
      return basic_;
    case Template::kCov:
      return cov_;
    case Template::kStrategy:
      break;
  }
  return strategy_;
}

std::string PromptBuilder::generate(const GenerateInputs& in, Template which) const {
  return templates(which).render_generate(in);
}

std::string PromptBuilder::repair(const RepairInputs& in) const {
  return strategy_.render_repair(in);
}

namespace {

// Keeps the `n` targets whose first path misses most, in their order.
void keep_most_missed(std::vector<MethodTarget>& targets, size_t n) {
  std::vector<int> scores;
  for (const MethodTarget& t : targets) scores.push_back(t.score);
  std::vector<MethodTarget> kept;
  for (size_t i : select::top_scores(scores, n)) kept.push_back(std::move(targets[i]));
  targets = std::move(kept);
}

}  // namespace

std::optional<ShrinkStep> PromptBuilder::shrink(GenerateInputs& in, ShrinkState& state,
                                                const std::string& source_text,
                                                const std::vector<std::string>& test_names) const {
  while (state.next < 3) {
    int step = state.next++;
    if (step == 0 && !test_names.empty()) {
      std::string names;
      for (const std::string& n : test_names) names += (names.empty() ? "" : ", ") + n;
      in.test_file = "// " + in.test_class_name + " exists with tests: " + names;
      return ShrinkStep::kTestBodies;
    }
    if (step == 1) {
      std::string near = near_lines_source(in, source_text);
      if (near == source_text || near.size() >= in.source_text.size()) continue;
      in.source_text = std::move(near);
      return ShrinkStep::kFarSource;
    }
    if (step == 2 && in.targets.size() > 1) {
      keep_most_missed(in.targets, in.targets.size() / 2);
      if (in.source_text != source_text) in.source_text = near_lines_source(in, source_text);
      state.next = 2;  // halve again next time
      return ShrinkStep::kHalfTargets;
    }
  }
  return std::nullopt;
}

std::string near_lines_source(const GenerateInputs& in, const std::string& source_text) {
  std::set<uint32_t> keep;
  auto near = [&keep](uint32_t line) {
    for (uint32_t l = line > 3 ? line - 3 : 1; l <= line + 3; ++l) keep.insert(l);
  };
  for (const auto& t : in.targets) {
    for (const auto& path : t.paths) {
      for (const auto& s : path) near(s.line);
    }
  }
  for (uint32_t l : in.uncovered_lines) near(l);
  for (uint32_t l : in.partly_lines) near(l);
  for (const auto& s : in.symprompt_path) near(s.line);
  if (keep.empty()) return source_text;
  java::SourceText src("source", source_text);
  std::string out;
  for (uint32_t l = 1; l <= src.line_count(); ++l) {
    out += keep.count(l) ? std::string(src.line(l)) + "\n" : std::string("\n");
  }
  // No line past the source's own last one.
  while (out.size() > source_text.size() && !out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace panta::prompt
