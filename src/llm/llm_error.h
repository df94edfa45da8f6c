#pragma once

#include <string>
#include <string_view>

#include "core/result.h"

namespace panta::llm {

/// Why an LLM call failed. Encoded as a stable phrase at the start of Error::message:
///   kContextLength "LLM context length exceeded: ", kHttp "LLM HTTP error: ",
///   kTimeout "LLM timed out: ", kRateLimited "LLM rate limited: ",
///   kBadAnswer "LLM bad answer: ", kConfig "LLM configuration error: ",
///   kCommand "LLM command failed: ", kReplayMiss "LLM replay miss: ",
///   kJournal "LLM not asked, the journal failed: ",
///   kBudget "LLM not asked, the budget is spent: ".
/// Classify an error before adding context in front of its message.
enum class LlmErrorKind {
  kOther,  ///< Not an LLM error (no known prefix).
  kContextLength,
  kHttp,
  kTimeout,
  kRateLimited,
  kBadAnswer,
  kConfig,
  kCommand,
  kReplayMiss,
  kJournal,  ///< The model was not asked: the journal cannot keep its answer (see Journal::check).
  kBudget,   ///< The model was not asked: --max-cost or --max-tokens-total is spent.
};

/// An Error of `kind` whose message is the kind's phrase followed by `detail`.
Error llm_error(LlmErrorKind kind, std::string_view detail);

/// The kind encoded at the start of `error`'s message, or kOther.
LlmErrorKind llm_error_kind(const Error& error);

/// True when the prompt did not fit the model's context window: retrying the same prompt is
/// pointless, a shorter one may work.
inline bool is_context_length_error(const Error& error) {
  return llm_error_kind(error) == LlmErrorKind::kContextLength;
}

/// `text` with every occurrence of `secret` replaced by "[redacted]" (unchanged when `secret`
/// is empty).
std::string redact(std::string text, std::string_view secret);

}  // namespace panta::llm
