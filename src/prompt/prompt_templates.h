#pragma once

#include <string>

#include "core/result.h"
#include "prompt/prompt_inputs.h"

namespace panta::prompt {

/// The prompt strategies of the paper's evaluation: "baseline", "basic", "cov", "panta",
/// "symprompt".
bool is_strategy(const std::string& name);

/// A strategy's Mustache templates, read from a folder laid out as `prompts/` in the source
/// tree: `<strategy>/generate.mustache`, `repair.mustache`, and the partials the others include:
/// `answer_format.mustache` ({{> answer_format}}) and `answer_statements.mustache`
/// ({{> answer_statements}}, the grammar of junit::parse_statements).
class PromptTemplates {
 public:
  /// Reads and checks the templates. Fails naming the missing or malformed file.
  static Result<PromptTemplates> load(const std::string& dir, const std::string& strategy);

  /// The generation prompt for `inputs`.
  std::string render_generate(const GenerateInputs& inputs) const;
  /// The repair prompt for `inputs`.
  std::string render_repair(const RepairInputs& inputs) const;

 private:
  std::string generate_;
  std::string repair_;
  std::string answer_format_;
  std::string answer_statements_;
};

/// The templates shipped with Panta: `prompts/` beside the executable, else $PANTA_PROMPT_DIR.
std::string default_prompt_dir();

}  // namespace panta::prompt
