#include "llm/http_client.h"

namespace panta::llm {

std::optional<std::string> HttpResponse::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (key == name) return value;
  }
  return std::nullopt;
}

}  // namespace panta::llm
