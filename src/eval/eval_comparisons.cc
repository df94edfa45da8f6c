#include <fmt/format.h>

#include <functional>

#include "eval/eval_tables.h"
#include "eval/statistics.h"

namespace panta::eval {
namespace {

const ClassResult* find(const std::vector<ClassResult>& rows, const ClassResult& like,
                        const std::string& strategy) {
  for (const ClassResult& r : rows) {
    if (r.subject == like.subject && r.class_name == like.class_name && r.llm == like.llm &&
        r.strategy == strategy) {
      return &r;
    }
  }
  return nullptr;
}

using Pick = std::function<std::optional<double>(const ClassResult&)>;

struct Measure {
  const char* title;
  Pick pick;
};

const Measure kMeasures[] = {
    {"branch coverage (points)",
     [](const ClassResult& r) {
       return r.runs > 0 ? std::optional<double>(r.mean.branch_coverage) : std::nullopt;
     }},
    {"mutation score (points)",
     [](const ClassResult& r) {
       return r.mutation_runs > 0 ? r.mean.mutation_score : std::nullopt;
     }},
    {"tokens (prompt + completion)",
     [](const ClassResult& r) {
       return r.runs > 0 ? std::optional<double>(
                               static_cast<double>(r.mean.prompt_tokens + r.mean.completion_tokens))
                         : std::nullopt;
     }},
};

std::string comparison_line(const std::vector<ClassResult>& rows, const std::string& llm,
                            const std::string& a, const std::string& b, const Measure& m) {
  std::vector<std::optional<double>> va;
  std::vector<std::optional<double>> vb;
  for (const ClassResult& r : rows) {
    if (r.llm != llm || r.strategy != a) continue;
    const ClassResult* other = find(rows, r, b);
    if (other == nullptr) continue;
    va.push_back(m.pick(r));
    vb.push_back(m.pick(*other));
  }
  PairedComparison c = compare_paired(va, vb);
  std::string p = c.p_value ? fmt::format("{:.4f}", *c.p_value)
                            : fmt::format("– ({} non-zero differences, 5 needed)", c.nonzero);
  std::string diff = c.pairs > 0 ? fmt::format("{:+.2f}", c.mean_difference) : "–";
  return fmt::format("| {} vs {} | {} | {} | {} | {} |\n", b, a, m.title, c.pairs, diff, p);
}

}  // namespace

std::string comparisons_markdown(const EvalSpec& spec, const std::vector<ClassResult>& rows) {
  if (spec.strategies.size() < 2) return "";
  std::string out;
  for (const std::string& llm : spec.model.llms) {
    out += fmt::format("## Paired comparisons (model `{}`)\n\n", llm);
    out +=
        "Per class (mean over repeats), second strategy minus first; p: two-sided Wilcoxon "
        "signed-rank test (ALGLIB), zero differences left out.\n\n";
    out += "| strategies | measure | classes | mean difference | p |\n|---|---|---:|---:|---:|\n";
    for (size_t i = 0; i < spec.strategies.size(); ++i) {
      for (size_t j = i + 1; j < spec.strategies.size(); ++j) {
        for (const Measure& m : kMeasures) {
          out += comparison_line(rows, llm, spec.strategies[i], spec.strategies[j], m);
        }
      }
    }
    out += "\n";
  }
  return out;
}

std::string cost_markdown(const EvalSpec& spec, const std::vector<ClassResult>& rows, bool time) {
  std::string out = time ? "## Time per class\n\nMeans over the classes, in seconds: the whole "
                           "`panta generate` command, waiting for the model, and the rest.\n\n"
                         : "## Cost per class\n\nMeans over the classes.\n\n";
  out += time ? "| model | strategy | runs | wall | model | outside the model |\n"
                "|---|---|---:|---:|---:|---:|\n"
              : "| model | strategy | runs | prompt tokens | completion tokens | model calls | "
                "tests kept |\n|---|---|---:|---:|---:|---:|---:|\n";
  for (const std::string& llm : spec.model.llms) {
    for (const std::string& s : spec.strategies) {
      std::vector<double> v[4];
      int runs = 0;
      for (const ClassResult& r : rows) {
        if (r.llm != llm || r.strategy != s || r.runs == 0) continue;
        runs += r.runs;
        const CellMetrics& m = r.mean;
        v[0].push_back(time ? m.wall_s : static_cast<double>(m.prompt_tokens));
        v[1].push_back(time ? m.model_s : static_cast<double>(m.completion_tokens));
        v[2].push_back(time ? m.outside_s : m.model_calls);
        v[3].push_back(m.tests_kept);
      }
      auto f = [&](int i) {
        auto m = mean(v[i]);
        return m ? fmt::format("{:.1f}", *m) : std::string("–");
      };
      out += fmt::format("| `{}` | {} | {} | {} | {} | {} |{}\n", llm, s, runs, f(0), f(1), f(2),
                         time ? "" : " " + f(3) + " |");
    }
  }
  return out + "\n";
}

}  // namespace panta::eval
