#pragma once

#include <span>
#include <string_view>

namespace panta::engine {

/// What a strategy's loop does, as a row of the strategy table (the paper's section 4.3 and
/// the section 4.2 baseline). The prompts themselves are the strategy's templates.
struct Strategy {
  std::string_view name;
  bool iterative;       ///< false: one pass (one iteration)
  bool repairs;         ///< failing tests are sent back for repair
  bool feeds_failures;  ///< the prompt shows the last iteration's unrepaired tests
  /// The prompt's inputs hold the uncovered and partly covered lines (cov's template shows
  /// them; for the others they only guide shrinking, which keeps the source near them).
  bool uncovered_lines;
  bool selects_paths;    ///< Algorithm 2 chooses paths per method (panta)
  bool prompt_per_path;  ///< one prompt per method and path, conditions only (symprompt)
  /// While nothing is covered, the basic prompt (Algorithm 3, line 18): a list of every line
  /// or of no path says nothing then.
  bool basic_while_uncovered;
  /// The focused prompt (beyond the paper): context, sliced source, the gaps named exactly,
  /// possibly unreachable code left out; the iteration limit counts private methods too.
  bool focused;
};

/// Every strategy, in the order help texts list them: panta, cov, basic, baseline, symprompt
/// (the paper's), focused.
std::span<const Strategy> strategies();

/// The strategy of this name, or null.
const Strategy* find_strategy(std::string_view name);

}  // namespace panta::engine
