#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <set>

#include "eval/eval_tables.h"
#include "eval/statistics.h"

namespace panta::eval {
namespace {

constexpr double kHighCoverage = 75;  // the paper's HCC: branch coverage of at least 75 %
constexpr const char* kAblation[] = {"baseline", "basic", "cov", "panta", "focused"};

using Pick = std::function<std::optional<double>(const ClassResult&)>;

std::optional<double> line(const ClassResult& r) {
  return r.runs > 0 ? std::optional<double>(r.mean.line_coverage) : std::nullopt;
}
std::optional<double> branch(const ClassResult& r) {
  return r.runs > 0 ? std::optional<double>(r.mean.branch_coverage) : std::nullopt;
}
std::optional<double> pass_rate(const ClassResult& r) {
  return r.runs > 0 ? std::optional<double>(r.mean.pass_rate) : std::nullopt;
}
std::optional<double> mutation(const ClassResult& r) {
  return r.mutation_runs > 0 ? r.mean.mutation_score : std::nullopt;
}

// The rows of one table line: a subject, a CYC group or everything.
using RowFilter = std::function<bool(const ClassResult&)>;

std::vector<const ClassResult*> rows_of(const std::vector<ClassResult>& rows, const RowFilter& keep,
                                        const std::string& strategy, const std::string& llm) {
  std::vector<const ClassResult*> out;
  for (const ClassResult& r : rows) {
    if (r.strategy == strategy && r.llm == llm && keep(r)) out.push_back(&r);
  }
  return out;
}

std::string mean_cell(const std::vector<const ClassResult*>& rows, const Pick& pick) {
  std::vector<double> values;
  for (const ClassResult* r : rows) {
    if (auto v = pick(*r)) values.push_back(*v);
  }
  auto m = mean(values);
  return m ? fmt::format("{:.2f}", *m) : "–";
}

std::string hcc_cell(const std::vector<const ClassResult*>& rows) {
  int n = 0;
  for (const ClassResult* r : rows) n += r->runs > 0 && r->mean.branch_coverage >= kHighCoverage;
  return std::to_string(n);
}

size_t class_count(const std::vector<ClassResult>& rows, const RowFilter& keep) {
  std::set<std::pair<std::string, std::string>> classes;
  for (const ClassResult& r : rows) {
    if (keep(r)) classes.insert({r.subject, r.class_name});
  }
  return classes.size();
}

struct Column {
  std::string title;
  std::string strategy;
  std::string llm;
  Pick pick;  // empty: HCC
};

struct Row {
  std::string title;
  RowFilter keep;
};

std::string render(const std::vector<Row>& rows, const std::vector<Column>& columns,
                   const std::vector<ClassResult>& results) {
  std::string out = "| Identifier | #Class |";
  std::string rule = "|---|---:|";
  for (const Column& c : columns) {
    out += " " + c.title + " |";
    rule += "---:|";
  }
  out += "\n" + rule + "\n";
  for (const Row& row : rows) {
    out += fmt::format("| {} | {} |", row.title, class_count(results, row.keep));
    for (const Column& c : columns) {
      auto picked = rows_of(results, row.keep, c.strategy, c.llm);
      out += " " + (c.pick ? mean_cell(picked, c.pick) : hcc_cell(picked)) + " |";
    }
    out += "\n";
  }
  return out;
}

std::vector<Row> subject_rows(const std::vector<ChosenClasses>& chosen, bool cyc_groups) {
  std::vector<Row> rows;
  for (const ChosenClasses& c : chosen) {
    std::string id = c.subject.id;
    rows.push_back({id, [id](const ClassResult& r) { return r.subject == id; }});
  }
  if (cyc_groups) {
    rows.push_back({"CYC max ≤ 20", [](const ClassResult& r) { return r.max_cyc <= 20; }});
    rows.push_back({"CYC max > 20", [](const ClassResult& r) { return r.max_cyc > 20; }});
  }
  rows.push_back({"Total/Ave", [](const ClassResult&) { return true; }});
  return rows;
}

struct Metric {
  const char* title;
  Pick pick;
};

std::vector<Metric> metrics(bool with_mutation_and_hcc) {
  std::vector<Metric> m = {{"line", line}, {"branch", branch}, {"pass rate", pass_rate}};
  if (with_mutation_and_hcc) {
    m.push_back({"mutation", mutation});
    m.push_back({"HCC", nullptr});
  }
  return m;
}

std::string short_model(const EvalSpec& spec, const std::string& llm) {
  if (spec.model.llms.size() < 2) return "";
  for (size_t i = 0; i < spec.model.llms.size(); ++i) {
    if (spec.model.llms[i] == llm) return fmt::format("m{}", i + 1);
  }
  return llm;
}

std::string table2(const EvalSpec& spec, const std::vector<ChosenClasses>& chosen,
                   const std::vector<ClassResult>& rows, const std::string& llm) {
  std::vector<Column> columns;
  for (const Metric& m : metrics(true)) {
    for (const std::string& s : spec.strategies)
      columns.push_back({fmt::format("{}: {}", m.title, s), s, llm, m.pick});
  }
  return fmt::format("## Table 2: strategies (model `{}`)\n\n", llm) +
         render(subject_rows(chosen, false), columns, rows) + "\n";
}

std::string table3(const EvalSpec& spec, const std::vector<ChosenClasses>& chosen,
                   const std::vector<ClassResult>& rows, const std::string& llm) {
  std::vector<std::string> ablation;
  for (const char* s : kAblation) {
    if (std::find(spec.strategies.begin(), spec.strategies.end(), s) != spec.strategies.end())
      ablation.emplace_back(s);
  }
  if (ablation.size() < 2) return "";
  std::vector<Column> columns;
  for (const Metric& m : metrics(false)) {
    for (const std::string& s : ablation)
      columns.push_back({fmt::format("{}: {}", m.title, s), s, llm, m.pick});
  }
  return fmt::format("## Table 3: ablation (model `{}`)\n\n", llm) +
         render(subject_rows(chosen, true), columns, rows) + "\n";
}

std::string table4(const EvalSpec& spec, const std::vector<ChosenClasses>& chosen,
                   const std::vector<ClassResult>& rows) {
  if (spec.model.llms.size() < 2) return "";
  std::string out;
  for (const std::string& s : spec.strategies) {
    std::vector<Column> columns;
    for (const Metric& m : metrics(true)) {
      for (const std::string& llm : spec.model.llms) {
        columns.push_back({fmt::format("{}: {}", m.title, short_model(spec, llm)), s, llm, m.pick});
      }
    }
    out += fmt::format("## Table 4: models (strategy {})\n\n", s) +
           render(subject_rows(chosen, false), columns, rows) + "\n";
  }
  std::string legend;
  for (const std::string& llm : spec.model.llms)
    legend += fmt::format("{} = `{}`; ", short_model(spec, llm), llm);
  return out + "Models: " + legend.substr(0, legend.size() - 2) + ".\n\n";
}

}  // namespace

std::string table1_markdown(const std::vector<ChosenClasses>& chosen) {
  std::string out =
      "| Identifier | #Class | #MUTs | CYC max | CYC med |\n|---|---:|---:|---:|---:|\n";
  std::vector<SurveyedClass> all;
  for (const ChosenClasses& c : chosen) {
    SubjectFigures f = subject_figures(c.classes);
    out += fmt::format("| {} | {} | {} | {} | {:g} |\n", c.subject.id, f.classes, f.muts, f.cyc_max,
                       f.cyc_median);
    all.insert(all.end(), c.classes.begin(), c.classes.end());
  }
  SubjectFigures f = subject_figures(all);
  out +=
      fmt::format("| Total | {} | {} | {} | {:g} |\n", f.classes, f.muts, f.cyc_max, f.cyc_median);
  return out;
}

std::string defects_markdown(const EvalSpec& spec, const std::vector<ClassResult>& rows) {
  bool any =
      std::any_of(rows.begin(), rows.end(), [](const ClassResult& r) { return r.defect_runs > 0; });
  if (!any) return "";
  std::string out =
      "## Bugs: the tests against the fixed versions\n\nPer strategy, summed over the classes "
      "with a fixed version and their repeats. Revealed: a confirmed reproducer passes on the "
      "fixed version; false alarm: one still fails there; pinned: a kept test fails there (it "
      "asserts the bug).\n\n| model | strategy | runs | confirmed reproducers | bugs revealed | "
      "revealing reproducers | false alarms | bugs pinned | pinning tests |\n"
      "|---|---|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const std::string& llm : spec.model.llms) {
    for (const std::string& strategy : spec.strategies) {
      int runs = 0, revealed = 0, pinned = 0;
      DefectFigures sum;
      for (const ClassResult& r : rows) {
        if (r.llm != llm || r.strategy != strategy || r.defect_runs == 0) continue;
        runs += r.defect_runs;
        revealed += r.revealed_runs;
        pinned += r.pinned_runs;
        sum.confirmed += r.mean.defects->confirmed;
        sum.revealing += r.mean.defects->revealing;
        sum.false_alarms += r.mean.defects->false_alarms;
        sum.pinning += r.mean.defects->pinning;
      }
      if (runs == 0) continue;
      out += fmt::format("| `{}` | {} | {} | {} | {} | {} | {} | {} | {} |\n", llm, strategy, runs,
                         sum.confirmed, revealed, sum.revealing, sum.false_alarms, pinned,
                         sum.pinning);
    }
  }
  std::set<std::string> notes;
  for (const ClassResult& r : rows) {
    if (!r.mean.defects_note.empty()) notes.insert(r.mean.defects_note);
  }
  for (const std::string& n : notes) out += "\nBugs " + n + ".\n";
  return out + "\n";
}

std::string tables_markdown(const EvalSpec& spec, const std::string& version,
                            const std::vector<ChosenClasses>& chosen,
                            const std::vector<ClassResult>& rows) {
  int done = 0;
  int failed = 0;
  for (const ClassResult& r : rows) {
    done += r.runs;
    failed += r.failed;
  }
  int planned = static_cast<int>(rows.size()) * spec.repeats;
  std::string out =
      fmt::format("# Panta evaluation{}\n\n", spec.title.empty() ? "" : ": " + spec.title);
  out += fmt::format("Panta {}; spec `{}`; cells: {} done, {} failed, {} not run yet.\n\n", version,
                     std::filesystem::path(spec.path).filename().string(), done, failed,
                     planned - done - failed);
  out += "```toml\n" + spec.text + (spec.text.ends_with("\n") ? "" : "\n") + "```\n\n";
  out +=
      "Coverage, pass rate and mutation score in percent: per class the mean over its finished "
      "repeats, per row the mean over its classes; HCC: classes with branch coverage of at "
      "least 75 %; – : nothing measured.\n\n";
  out += "## Table 1: subjects\n\n" + table1_markdown(chosen) + "\n";
  for (const std::string& llm : spec.model.llms) out += table2(spec, chosen, rows, llm);
  std::set<std::string> notes;
  for (const ClassResult& r : rows) {
    if (r.runs > r.mutation_runs && !r.mean.mutation_note.empty())
      notes.insert(r.mean.mutation_note);
  }
  for (const std::string& n : notes) out += "Mutation score " + n + ".\n";
  if (!notes.empty()) out += "\n";
  for (const std::string& llm : spec.model.llms) out += table3(spec, chosen, rows, llm);
  out += table4(spec, chosen, rows);
  out += defects_markdown(spec, rows);
  out += cost_markdown(spec, rows, false);
  out += comparisons_markdown(spec, rows);
  out += cost_markdown(spec, rows, true);
  return out;
}

}  // namespace panta::eval
