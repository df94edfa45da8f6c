#include "llm/reuse_client.h"

#include "core/sha256.h"

namespace panta::llm {

ReuseClient::ReuseClient(LlmClient& inner, const std::vector<JournalEntry>& recorded)
    : inner_(inner) {
  for (const JournalEntry& e : recorded) by_hash_[e.prompt_hash].push_back(e);
}

Result<Completion> ReuseClient::complete(const Prompt& prompt) {
  std::string text = render_prompt(prompt);
  auto found = by_hash_.find(sha256_hex(text));
  if (found != by_hash_.end()) {
    auto& queue = found->second;
    while (!queue.empty()) {
      JournalEntry e = std::move(queue.front());
      queue.pop_front();
      if (e.prompt != text) continue;  // a hash collision: not this prompt
      Completion c;
      c.text = std::move(e.answer);
      c.prompt_tokens = e.prompt_tokens;
      c.completion_tokens = e.completion_tokens;
      c.model = "journal";
      c.from_journal = true;
      return c;
    }
  }
  return inner_.complete(prompt);
}

size_t ReuseClient::unused() const {
  size_t n = 0;
  for (const auto& [hash, queue] : by_hash_) n += queue.size();
  return n;
}

}  // namespace panta::llm
