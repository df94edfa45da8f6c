#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/result.h"
#include "engine/events.h"
#include "llm/journal.h"
#include "llm/llm_client.h"
#include "llm/reuse_client.h"
#include "prompt/prompt_builder.h"

namespace panta::engine {

struct ModelCallerOptions {
  std::string class_name;
  llm::PromptOptions prompt_options;
  /// A prompt estimated over this many tokens is shrunk before it is sent (0: no limit).
  int64_t max_prompt_tokens = 0;
  /// An answer longer than this is not used (0: no limit).
  size_t max_answer_bytes = 256 * 1024;
  /// When set, the first generation prompt goes here instead of to the model (--dry-run).
  std::function<void(const std::string& prompt)> dry_run;
  /// Asked before every call: an error (say, a journal that can no longer keep the answer)
  /// stops the call before anything is paid for.
  std::function<Status()> may_call;
  /// When set: whether a generation prompt (its SHA-256) was answered before; such a prompt is
  /// not sent again (an ErrorKind::kRepeated error instead).
  std::function<bool(const std::string& sha256)> answered_before;
};

/// Sends the loop's prompts to the model: shrinks a prompt that is over the token limit or
/// that the model finds too long, rejects answers over the size limit, reuses answers an
/// interrupted run already received, and counts the time spent waiting.
class ModelCaller {
 public:
  /// `client` and `prompts` outlive the caller.
  ModelCaller(llm::LlmClient& client, const prompt::PromptBuilder& prompts,
              ModelCallerOptions options, EventSink events);

  /// --resume: these recorded answers are served for the same prompts before the model is
  /// asked (each once).
  void reuse(const std::vector<llm::JournalEntry>& recorded);

  /// A generation prompt from `in` with template `which`; `in` is left as it was sent (its failed
  /// tests bounded (prompt::bound_failed_tests), shrunk perhaps). `source_text` and `test_names`
  /// are what shrinking may leave out. In a dry run the prompt goes to the sink and the result is
  /// an ErrorKind::kDryRun error.
  Result<llm::Completion> generate(prompt::GenerateInputs& in, prompt::Template which,
                                   const std::string& source_text,
                                   const std::vector<std::string>& test_names);

  /// A repair prompt from `in`; its source is left out when the prompt is over the token limit
  /// or too long for the model. Fails without asking when it is over the limit even so.
  Result<llm::Completion> repair(prompt::RepairInputs& in);

  /// The SHA-256 of the last generation prompt sent.
  const std::string& last_prompt_sha256() const { return last_sha256_; }

  double seconds() const { return seconds_; }
  /// Calls that went to the model (answers reused from the journal not counted), failed ones
  /// included, since the caller was made.
  int calls() const { return calls_; }
  /// Tokens of answers received (and paid for) but not used, over --max-answer-bytes: prompt
  /// and completion, since the caller was made.
  std::pair<int64_t, int64_t> unused_tokens() const { return unused_tokens_; }
  /// Recorded answers that were not reused (their prompts changed).
  size_t unused_recorded() const { return reuse_ ? reuse_->unused() : 0; }

 private:
  llm::Prompt prompt_of(std::string text, const char* kind) const;
  Result<llm::Completion> send(const llm::Prompt& p, bool repair);
  std::optional<std::string> over_limit(const llm::Prompt& p) const;

  llm::LlmClient* client_;
  const prompt::PromptBuilder* prompts_;
  ModelCallerOptions options_;
  EventSink events_;
  std::optional<llm::ReuseClient> reuse_;
  double seconds_ = 0;
  int calls_ = 0;
  std::string last_sha256_;
  std::pair<int64_t, int64_t> unused_tokens_{0, 0};
};

}  // namespace panta::engine
