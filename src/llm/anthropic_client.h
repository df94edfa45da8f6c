#pragma once

#include <memory>

#include "llm/api_endpoint.h"
#include "llm/llm_client.h"

namespace panta::llm {

/// A client of Anthropic's Messages API (POST {base_url}/v1/messages, headers x-api-key and
/// anthropic-version: 2023-06-01). max_tokens defaults to 4096 (the API requires it); seeds are
/// not supported and ignored. A 400 saying "prompt is too long" is a context-length error.
class AnthropicClient final : public LlmClient {
 public:
  AnthropicClient(ApiEndpoint endpoint, std::shared_ptr<HttpClient> http,
                  std::shared_ptr<Sleeper> sleeper);
  Result<Completion> complete(const Prompt& prompt) override;

 private:
  Result<Completion> complete_unredacted(const Prompt& prompt);

  ApiEndpoint endpoint_;
  ApiTransport transport_;
};

}  // namespace panta::llm
