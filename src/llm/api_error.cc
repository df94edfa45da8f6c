#include "llm/api_error.h"

#include <nlohmann/json.hpp>

#include "llm/llm_error.h"

namespace panta::llm {

std::string api_error_text(std::string_view body) {
  auto json = nlohmann::json::parse(body, nullptr, false);
  if (json.is_object() && json.contains("error")) {
    const auto& error = json["error"];
    if (error.is_object() && error.contains("message") && error["message"].is_string()) {
      return error["message"].get<std::string>();
    }
    if (error.is_string()) return error.get<std::string>();
  }
  constexpr size_t kMax = 500;
  if (body.size() <= kMax) return std::string(body);
  return std::string(body.substr(0, kMax)) + "...";
}

Error api_error(const HttpResponse& response, std::string_view what, bool context_length) {
  LlmErrorKind kind = context_length           ? LlmErrorKind::kContextLength
                      : response.status == 429 ? LlmErrorKind::kRateLimited
                                               : LlmErrorKind::kHttp;
  return llm_error(kind, std::string(what) + ": HTTP " + std::to_string(response.status) + ": " +
                             api_error_text(response.body));
}

}  // namespace panta::llm
