#include "llm/recording_client.h"

#include <utility>

namespace panta::llm {

RecordingClient::RecordingClient(std::unique_ptr<LlmClient> inner, std::shared_ptr<Journal> journal)
    : inner_(std::move(inner)), journal_(std::move(journal)) {}

Result<Completion> RecordingClient::complete(const Prompt& prompt) {
  Result<Completion> completion = inner_->complete(prompt);
  if (!completion.ok()) return completion;
  Status recorded = journal_->record(prompt, *completion);
  if (!recorded.ok()) return recorded.error();
  return completion;
}

}  // namespace panta::llm
