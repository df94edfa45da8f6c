#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "coverage/coverage.h"
#include "engine/class_under_test.h"
#include "engine/report.h"

namespace panta::engine {

/// Why a gap is not asked for.
enum class Aside {
  kNo,             ///< It is asked for.
  kAnalysis,       ///< The CFG or JaCoCo's counting says no test can make it count.
  kAnswer,         ///< An answer said no test can reach it (`Unreachable: G3 - why`).
  kWithAnswer,     ///< It runs only with code an answer said no test can reach.
  kAskedTooOften,  ///< Asked for twice without progress.
};

/// Something of the class no test has run yet: a line, or an outcome of a decision that ran.
/// What a gap is.
enum class GapKind {
  kLine,        ///< A line that never ran.
  kOutcome,     ///< An outcome of a decision never taken (a CFG edge: `label`).
  kPartial,     ///< Some branch of a decision never ran; the counters cannot tell which.
  kExpression,  ///< Branches JaCoCo counts on a line that is no decision of the CFG.
};

struct Gap {
  std::string method;  ///< MethodGraph::key, "" outside every method (a field initializer)
  /// "L<line>" or select::MissedOutcome::key: the gap's name in the journal, stable across
  /// iterations and --resume (read back by nothing: `kind` and `label` say what it is).
  std::string key;
  uint32_t line = 0;
  std::string what;        ///< As a prompt says it: "`if (x)` has never been true"
  std::string infeasible;  ///< Why it may be unreachable; "" when nothing says so
  Aside aside = Aside::kNo;
  int id = 0;  ///< G<id> in prompts (assign_gap_ids); 0 before one is given
  GapKind kind = GapKind::kLine;
  std::string label;  ///< kOutcome: the edge's label ("true", "default", "case 1, 2")
};

/// Gives each gap its id: the one its key got when first shown (`ids`), else the next
/// (`next_id`, then counted up). Ids stay the same for the whole run.
void assign_gap_ids(std::vector<Gap>& gaps, std::map<std::string, int>& ids, int& next_id);

/// Line `line` (1-based) of `text`, trimmed and cut to `width` characters ("" when there is
/// no such line).
std::string line_text(const std::string& text, uint32_t line, size_t width = 100);

/// The gaps of the class under `coverage`: per method (in source order) its lines that never
/// ran and the outcomes of its decisions that never happened (inferred from JaCoCo's counters,
/// select::missed_outcomes), then lines outside methods. Outcomes a constant condition or a
/// loop without a condition rules out get their reason in `infeasible`, and so do lines JaCoCo
/// cannot count although tests reach them (a call that always throws; a `break;` right after a
/// condition with `||`, which javac's jumps pass by).
std::vector<Gap> find_gaps(const ClassUnderTest& cut, const coverage::SourceCoverage& coverage);

/// Marks as possibly unreachable the gaps asked for `max_asks` times already (`asks`, by key),
/// without progress.
void mark_asked_too_often(std::vector<Gap>& gaps, const std::map<std::string, int>& asks,
                          int max_asks = 2);

/// Counts one more ask for each gap that is not possibly unreachable.
void count_asks(const std::vector<Gap>& gaps, std::map<std::string, int>& asks);

/// The gaps a prompt names, grouped by method ("`Lexer.nextToken(Token)` (lines 120-158):"),
/// each on a line of its own that begins with its id ("- [G3] lines 141-143: never run",
/// "- [G4] line 128: `if (...)` has never been true"), the possibly unreachable ones left out.
/// A range of lines never run is one entry, with its first line's id, and runs on across lines
/// `coverage` counts no code on. When a line's branch outcomes are counted, one line before the
/// list says how JaCoCo counts them. `shown` gets what each id shown stands for (its gaps' keys).
std::string render_gaps(const std::vector<Gap>& gaps, const ClassUnderTest& cut,
                        const coverage::SourceCoverage& coverage,
                        std::map<int, std::vector<std::string>>& shown);

/// The possibly unreachable gaps, as the report lists them (line, "never run" or the outcome,
/// why).
std::vector<PossiblyInfeasible> possibly_infeasible(const std::vector<Gap>& gaps);

/// The possibly unreachable gaps, one per line with its id ("- [G9] line 246: `while (true)`
/// has never been false: a loop without a condition ends only by break, return or throw");
/// "" when none.
std::string render_unreachable(const std::vector<Gap>& gaps);

/// What a sliced source shows of the methods that have a gap a prompt names or one of
/// `also` (lines a prompt asks about otherwise: surviving mutants), by their first line: a
/// method of at most `whole_up_to` lines whole (an empty set), a longer one its decisions, the
/// lines within 3 of a gap or of a line of `also`, and the lines these need to be understood
/// (prompt::lines_gaps_need: where the locals of a decision with a missing outcome or of a line
/// of `also` get their values; the statements of a `try` whose `catch` holds a gap).
std::map<uint32_t, std::set<uint32_t>> lines_to_show(const std::vector<Gap>& gaps,
                                                     const ClassUnderTest& cut,
                                                     uint32_t whole_up_to = 30,
                                                     const std::set<uint32_t>& also = {});

/// Marks the gaps an answer said no test can reach (`said`: by key, with the answer's why)
/// possibly unreachable, unless something else already does, and what runs only with them: the
/// lines only such an outcome leads to, the lines after such a line in its basic block, a
/// catch's header and the first line of its block together, an outcome whose first line is
/// such a line.
void mark_said_unreachable(std::vector<Gap>& gaps, const std::map<std::string, std::string>& said,
                           const ClassUnderTest& cut);

/// True when every gap is possibly unreachable (and there is one at least).
bool only_unreachable_left(const std::vector<Gap>& gaps);

}  // namespace panta::engine
