#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "junit/answer_statements.h"
#include "junit/test_file.h"

namespace panta::junit {

/// A reproducer is a test its author says fails because the code is wrong: its method carries,
/// among the comments directly above its first annotation, a line in exactly this form
/// (prompts/answer_statements.mustache teaches it):
///
///     // Suspected defect: line 42 - what the code does; what was expected
///
/// ("lines 42-45 - ..." for a range; a claim without lines is taken too, line 0). Nothing
/// else of a test's text makes it one.
std::optional<AnswerStatements::Defect> reproducer_mark(std::string_view test_code);

/// `test_code` without its marker line (a refuted claim is no comment to keep); as it was when
/// it has none.
std::string without_reproducer_mark(const std::string& test_code);

/// `test_code` with the marker line for `claim` above its leading comments, when it has no
/// marker (a fix that dropped it keeps its test's claim).
std::string with_reproducer_mark(const std::string& test_code,
                                 const AnswerStatements::Defect& claim);

/// The annotation that disables a confirmed reproducer, its claim as the reason:
/// `@Disabled("suspected defect: line 42: ...")` (JUnit 5) or `@Ignore("...")` (JUnit 4).
std::string defect_disabling(const AnswerStatements::Defect& claim, JUnitVersion version);

/// The import that annotation needs.
std::string defect_disabling_import(JUnitVersion version);

/// `test_code` with defect_disabling() put right above its first annotation (after its
/// comments), at the same indentation; the code as it was when that annotation is there.
std::string disabled_as_defect(const std::string& test_code, const AnswerStatements::Defect& claim,
                               JUnitVersion version);

/// `test_code` without an annotation defect_disabling() made (any claim), for running it.
std::string enabled_again(const std::string& test_code);

}  // namespace panta::junit
