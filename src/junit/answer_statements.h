#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace panta::junit {

/// What an answer says besides its tests, in the one grammar prompts teach
/// (prompts/answer_statements.mustache, whose examples the tests parse): a line of its own,
/// outside code blocks, in one of these forms (a list mark "- " or "* " before it and a pair of
/// backticks around it are allowed, " - " may be a dash of another width, and a reason longer
/// than 320 bytes is cut after a whole word):
///
///     Unreachable: G3, G7 - why no test can reach them
///     Unreachable: lines 62-63 - why (a prompt that lists no gaps yet: lines of the file)
///     Equivalent: M4, M9 - why no test can tell the change
///     Defect: line 42 - what the code does; what was expected
///     Defect: lines 42-45 - ...
///
/// Nothing else in an answer's text is read: no prose decides anything.
struct AnswerStatements {
  /// The code of gaps (G<n>) an answer says no test can reach, and why; or, in the form for a
  /// prompt that lists no gaps yet, the lines (`gaps` empty).
  struct Unreachable {
    std::vector<int> gaps;
    std::string reason;
    uint32_t first_line = 0;
    uint32_t last_line = 0;
  };
  /// Mutants (M<n>) an answer says no test can kill: the change is not observable.
  struct Equivalent {
    std::vector<int> mutants;
    std::string reason;
  };
  /// A place where the code seems to contradict its documentation or obvious intent, with no
  /// test for it.
  struct Defect {
    uint32_t first_line = 0;
    uint32_t last_line = 0;
    std::string claim;
  };
  std::vector<Unreachable> unreachable;
  std::vector<Equivalent> equivalent;
  std::vector<Defect> defects;
  /// Lines that begin with a statement's keyword but do not parse, as written: for the journal.
  std::vector<std::string> unread;
};

/// The statements of `answer` (see AnswerStatements); never fails.
AnswerStatements parse_statements(std::string_view answer);

/// "line 42: claim" or "lines 42-45: claim", as the report and later prompts name a defect
/// (the claim alone when its line is not known: 0).
std::string defect_text(const AnswerStatements::Defect& defect);

/// A defect's claim as a `Defect:` statement or a reproducer's marker gives it after the colon:
/// "line 42 - claim" or "lines 42-45 - claim"; `loose` also takes a claim without lines (line
/// 0). nullopt when it does not parse (or is empty).
std::optional<AnswerStatements::Defect> parse_defect(std::string_view body, bool loose = false);

}  // namespace panta::junit
