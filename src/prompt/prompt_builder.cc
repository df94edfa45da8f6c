#include "prompt/prompt_builder.h"

#include <algorithm>
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
  constexpr int kHalving = 4;
  while (state.next <= kHalving) {
    int step = state.next++;
    bool any_code = std::any_of(in.failed_tests.begin(), in.failed_tests.end(),
                                [](const FailedTest& f) { return !f.code.empty(); });
    if (step == 0 && any_code) {
      for (FailedTest& f : in.failed_tests) f.code.clear();
      return ShrinkStep::kFailedCode;
    }
    if (step == 1 && !test_names.empty()) {
      std::string names;
      for (const std::string& n : test_names) names += (names.empty() ? "" : ", ") + n;
      in.test_file = "// " + in.test_class_name + " exists with tests: " + names;
      return ShrinkStep::kTestBodies;
    }
    if (step == 2) {
      std::string near = near_lines_source(in, source_text);
      if (near == source_text || near.size() >= in.source_text.size()) continue;
      in.source_text = std::move(near);
      return ShrinkStep::kFarSource;
    }
    if (step == 3 && !in.failed_tests.empty()) {
      in.failed_tests.clear();
      return ShrinkStep::kNoFailed;
    }
    if (step == kHalving && in.targets.size() > 1) {
      keep_most_missed(in.targets, in.targets.size() / 2);
      if (in.source_text != source_text) in.source_text = near_lines_source(in, source_text);
      state.next = kHalving;  // halve again next time
      return ShrinkStep::kHalfTargets;
    }
  }
  return std::nullopt;
}

namespace {

// `text` cut to about `max` bytes at a line end, with a line saying how many lines were cut.
std::string cut(const std::string& text, size_t max, const char* comment) {
  if (text.size() <= max) return text;
  size_t end = text.rfind('\n', max);
  if (end == std::string::npos || end == 0) {
    end = max;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
  }
  size_t lines =
      static_cast<size_t>(std::count(text.begin() + static_cast<long>(end), text.end(), '\n')) + 1;
  return text.substr(0, end) + "\n" + comment + " ... (" + std::to_string(lines) +
         " more lines cut)";
}

// The class file limit javac names in `error`, or "".
std::string class_file_limit(const std::string& error) {
  for (const char* limit : {"code too large", "too many constants"}) {
    if (error.find(limit) != std::string::npos) return limit;
  }
  return "";
}

}  // namespace

void bound_failed_tests(std::vector<FailedTest>& tests, const FailedTestLimits& limits) {
  size_t total = 0;
  size_t kept = 0;
  for (; kept < tests.size(); ++kept) {
    FailedTest& f = tests[kept];
    if (std::string limit = class_file_limit(f.error); !limit.empty()) {
      f.code = "// not shown: javac cannot compile it, whatever its text (\"" + limit +
               "\", a limit of the class file); write smaller tests";
      f.error = "javac: " + limit;
    } else {
      f.code = cut(f.code, limits.code_bytes, "//");
      f.error = cut(f.error, limits.error_bytes, "");
    }
    total += f.name.size() + f.code.size() + f.error.size();
    if (total > limits.section_bytes && kept > 0) break;
  }
  tests.resize(kept);
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
