#pragma once

#include <map>
#include <string>

#include "llm/journal.h"
#include "llm/llm_client.h"

namespace panta::llm {

/// Answers from a journal recorded by an earlier run: a prompt whose rendered text is recorded
/// gets the recorded answer and usage (the n-th ask of a prompt gets its n-th recording, the
/// last one once they run out). Any other prompt is "LLM replay miss: ..." showing the first
/// differing line of the closest recorded prompt of the same kind.
class ReplayClient final : public LlmClient {
 public:
  explicit ReplayClient(Journal journal);
  Result<Completion> complete(const Prompt& prompt) override;

 private:
  Error miss(const Prompt& prompt, const std::string& text) const;

  Journal journal_;
  std::map<std::string, size_t> asked_;  ///< Prompt hash -> times answered so far.
};

}  // namespace panta::llm
