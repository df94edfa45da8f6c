#include "llm/llm_error.h"

#include <array>

namespace panta::llm {
namespace {

struct KindPhrase {
  LlmErrorKind kind;
  std::string_view phrase;
};

constexpr std::array<KindPhrase, 10> kKindPhrases = {{
    {LlmErrorKind::kContextLength, "LLM context length exceeded: "},
    {LlmErrorKind::kHttp, "LLM HTTP error: "},
    {LlmErrorKind::kTimeout, "LLM timed out: "},
    {LlmErrorKind::kRateLimited, "LLM rate limited: "},
    {LlmErrorKind::kBadAnswer, "LLM bad answer: "},
    {LlmErrorKind::kConfig, "LLM configuration error: "},
    {LlmErrorKind::kCommand, "LLM command failed: "},
    {LlmErrorKind::kReplayMiss, "LLM replay miss: "},
    {LlmErrorKind::kJournal, "LLM not asked, the journal failed: "},
    {LlmErrorKind::kBudget, "LLM not asked, the budget is spent: "},
}};

}  // namespace

Error llm_error(LlmErrorKind kind, std::string_view detail) {
  for (const auto& [k, phrase] : kKindPhrases) {
    if (k == kind) return Error{std::string(phrase) + std::string(detail)};
  }
  return Error{std::string(detail)};
}

LlmErrorKind llm_error_kind(const Error& error) {
  for (const auto& [kind, phrase] : kKindPhrases) {
    if (error.message.starts_with(phrase)) return kind;
  }
  return LlmErrorKind::kOther;
}

std::string redact(std::string text, std::string_view secret) {
  if (secret.empty()) return text;
  constexpr std::string_view kMark = "[redacted]";
  for (size_t at = text.find(secret); at != std::string::npos;
       at = text.find(secret, at + kMark.size())) {
    text.replace(at, secret.size(), kMark);
  }
  return text;
}

}  // namespace panta::llm
