#pragma once

#include <memory>

#include "llm/api_endpoint.h"
#include "llm/llm_client.h"

namespace panta::llm {

/// A client of the Chat Completions API (POST {base_url}/chat/completions) of OpenAI or any
/// compatible server (Ollama, vLLM, llama.cpp). Sends "Authorization: Bearer KEY" when a key
/// is set. A 400 whose error.code is "context_length_exceeded" or whose message mentions the
/// "maximum context length" is a context-length error.
class OpenAiClient final : public LlmClient {
 public:
  OpenAiClient(ApiEndpoint endpoint, std::shared_ptr<HttpClient> http,
               std::shared_ptr<Sleeper> sleeper);
  Result<Completion> complete(const Prompt& prompt) override;

 private:
  Result<Completion> complete_unredacted(const Prompt& prompt);

  ApiEndpoint endpoint_;
  ApiTransport transport_;
};

}  // namespace panta::llm
