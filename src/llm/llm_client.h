#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"

namespace panta::llm {

/// Sampling settings sent with a prompt; an unset field is left to the backend's default.
struct PromptOptions {
  std::optional<double> temperature;
  std::optional<int> max_tokens;
  std::optional<int64_t> seed;
};

/// One request to a model: an optional system text and the user text.
struct Prompt {
  std::string system;  ///< Empty means no system message.
  std::string user;
  std::string kind = "generate";  ///< "generate" or "repair".
  std::string class_name;         ///< The class under test, for journals and cmd: backends.
  PromptOptions options;
};

/// A model's answer and what it cost.
struct Completion {
  std::string text;
  int64_t prompt_tokens = 0;
  int64_t completion_tokens = 0;
  bool usage_estimated = false;  ///< True when the tokens are estimate_tokens() guesses.
  double seconds = 0;            ///< Wall time of the call, retries included.
  std::string model;             ///< The model that answered, as the backend names it.
  bool from_journal = false;     ///< Reused from a journal (--resume) instead of asked anew.
};

/// A language model backend. Failures are Errors whose message starts with a stable phrase
/// (see llm_error.h), so callers can tell a context-length error from the rest.
/// A client is not thread-safe: use one per thread.
class LlmClient {
 public:
  virtual ~LlmClient() = default;
  virtual Result<Completion> complete(const Prompt& prompt) = 0;
};

/// The whole prompt as one text: the system text, a blank line and the user text (or the user
/// text alone). This is what cmd: backends read on stdin and what journals store and hash.
std::string render_prompt(const Prompt& prompt);

/// A token count guess for text without reported usage: ceil(characters / 4), counting UTF-8
/// code points.
int64_t estimate_tokens(std::string_view text);

/// The price of a call in the currency of the per-million-token prices.
double cost(int64_t prompt_tokens, int64_t completion_tokens, double price_in_per_million,
            double price_out_per_million);

}  // namespace panta::llm
