#pragma once

#include <memory>

#include "llm/journal.h"
#include "llm/llm_client.h"

namespace panta::llm {

/// Passes prompts to another client and records every successful exchange in a journal, for
/// a later replay: run. Failures are passed on unrecorded. An answer that cannot be recorded is
/// still returned (it is paid for), but the journal is then failed (Journal::check) and every
/// later prompt is refused with an LlmErrorKind::kJournal error, without asking the model.
class RecordingClient final : public LlmClient {
 public:
  RecordingClient(std::unique_ptr<LlmClient> inner, std::shared_ptr<Journal> journal);
  Result<Completion> complete(const Prompt& prompt) override;

 private:
  std::unique_ptr<LlmClient> inner_;
  std::shared_ptr<Journal> journal_;
};

}  // namespace panta::llm
