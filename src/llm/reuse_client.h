#pragma once

#include <deque>
#include <map>
#include <string>
#include <vector>

#include "llm/journal.h"
#include "llm/llm_client.h"

namespace panta::llm {

/// For --resume: answers a prompt from the exchanges an interrupted run already paid for when
/// one of them has exactly this prompt (each recorded answer is used once, in recording
/// order), and asks `inner` otherwise. Completions it serves have from_journal set.
class ReuseClient final : public LlmClient {
 public:
  ReuseClient(LlmClient& inner, const std::vector<JournalEntry>& recorded);
  Result<Completion> complete(const Prompt& prompt) override;

  /// How many recorded answers are still unused.
  size_t unused() const;

 private:
  LlmClient& inner_;
  std::map<std::string, std::deque<JournalEntry>> by_hash_;
};

}  // namespace panta::llm
