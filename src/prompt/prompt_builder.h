#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"
#include "prompt/prompt_inputs.h"
#include "prompt/prompt_templates.h"

namespace panta::prompt {

/// Which of a strategy's generation templates a prompt uses.
enum class Template {
  kStrategy,  ///< the strategy's own
  kBasic,     ///< the basic one (panta while coverage is 0, Algorithm 3 line 18)
  kCov,       ///< the cov one (panta when no path is left to select)
};

/// What one shrinking step left out of a generation prompt.
enum class ShrinkStep {
  kFailedCode,   ///< the failed tests' code (their names and errors stay)
  kTestBodies,   ///< the test file became the list of its test names
  kFarSource,    ///< source lines far from the lines the prompt names
  kNoFailed,     ///< the failed tests altogether
  kHalfTargets,  ///< half of the methods, keeping those missing most
};

/// Where a shrinking sequence stands; a fresh one starts with the test file's bodies.
struct ShrinkState {
  int next = 0;
};

/// A strategy's generation and repair prompts, and their shrinking for models with a small
/// context. Holds the templates it renders; no I/O after load().
class PromptBuilder {
 public:
  /// Reads the strategy's templates and the basic and cov ones from `dir`.
  static Result<PromptBuilder> load(const std::string& dir, const std::string& strategy);

  std::string generate(const GenerateInputs& in, Template which) const;
  std::string repair(const RepairInputs& in) const;

  /// Makes `in` smaller by the next step that removes something (`source_text`: the whole
  /// source, `test_names`: the test file's tests) and says which, in this order: the failed
  /// tests' code, the test file's bodies, the source far from the lines named, the failed
  /// tests, half of the targets (again and again); nullopt when nothing is left to take out.
  std::optional<ShrinkStep> shrink(GenerateInputs& in, ShrinkState& state,
                                   const std::string& source_text,
                                   const std::vector<std::string>& test_names) const;

 private:
  PromptBuilder(PromptTemplates strategy, PromptTemplates basic, PromptTemplates cov)
      : strategy_(std::move(strategy)), basic_(std::move(basic)), cov_(std::move(cov)) {}
  const PromptTemplates& templates(Template which) const;

  PromptTemplates strategy_;
  PromptTemplates basic_;
  PromptTemplates cov_;
};

/// How much of the failed tests a generation prompt shows.
struct FailedTestLimits {
  size_t code_bytes = 3000;      ///< of each test's code
  size_t error_bytes = 1500;     ///< of each test's error
  size_t section_bytes = 12000;  ///< of all of them: the tests past it are left out
};

/// Cuts each failed test's code and error to the limits (at a line end, saying how many lines
/// were cut) and leaves out the tests past the section's limit. A test that javac can never
/// compile, whatever its text ("code too large", "too many constants": class file limits) is
/// shown by its name and that cause only.
void bound_failed_tests(std::vector<FailedTest>& tests, const FailedTestLimits& limits = {});

/// The source with only the lines within 3 of a line the prompt names (a selected path's, an
/// uncovered or partly covered one, SymPrompt's path); the others are left empty so that line
/// numbers stay true. The whole source when the prompt names no line.
std::string near_lines_source(const GenerateInputs& in, const std::string& source_text);

}  // namespace panta::prompt
