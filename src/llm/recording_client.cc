#include "llm/recording_client.h"

#include <utility>

#include "llm/llm_error.h"

namespace panta::llm {

RecordingClient::RecordingClient(std::unique_ptr<LlmClient> inner, std::shared_ptr<Journal> journal)
    : inner_(std::move(inner)), journal_(std::move(journal)) {}

Result<Completion> RecordingClient::complete(const Prompt& prompt) {
  if (Status usable = journal_->check(); !usable.ok()) {
    return llm_error(LlmErrorKind::kJournal, usable.error().message);
  }
  Result<Completion> completion = inner_->complete(prompt);
  if (!completion.ok()) return completion;
  // A failure here fails the journal (check() says so); the answer, paid for, is still used.
  (void)journal_->record(prompt, *completion);
  return completion;
}

}  // namespace panta::llm
