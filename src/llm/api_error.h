#pragma once

#include <string>
#include <string_view>

#include "core/result.h"
#include "llm/http_client.h"

namespace panta::llm {

/// The error text of an OpenAI- or Anthropic-style JSON error body ({"error": {"message"}}),
/// or the body itself (cut to 500 bytes) when it has none.
std::string api_error_text(std::string_view body);

/// The Error for a failed API response: "LLM context length exceeded: " when
/// `context_length`, "LLM rate limited: " for 429, else "LLM HTTP error: ", followed by
/// "`what`: HTTP <status>: <api_error_text>".
Error api_error(const HttpResponse& response, std::string_view what, bool context_length);

}  // namespace panta::llm
