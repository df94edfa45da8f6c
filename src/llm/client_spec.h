#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"
#include "llm/http_client.h"
#include "llm/journal.h"
#include "llm/llm_client.h"
#include "llm/retry.h"

namespace panta::llm {

/// Settings for make_client; the defaults suit a remote API.
struct ClientOptions {
  std::string base_url;  ///< Overrides the environment and the backend's default.
  std::chrono::milliseconds connect_timeout{10'000};
  std::chrono::milliseconds timeout{600'000};  ///< Per HTTP attempt, or the cmd: time limit.
  int max_retries = 5;
  std::chrono::milliseconds backoff_base{1'000};
  std::chrono::milliseconds max_delay{120'000};
  std::string journal_path;  ///< When set, every exchange is recorded there (RecordingClient).
  std::shared_ptr<Journal> journal;  ///< An open journal to record in; wins over journal_path.
  /// Told of each HTTP retry and why (see RetryPolicy::on_retry).
  std::function<void(const std::string& notice)> on_retry;
  /// Told of each HTTP 429 and the delay before its retry (see RetryPolicy::on_throttled).
  std::function<void(std::chrono::milliseconds delay)> on_throttled;
};

/// Looks up an environment variable.
using EnvLookup = std::function<std::optional<std::string>(const std::string& name)>;

/// The side effects clients reach, passed down so tests can replace them.
struct ClientEnvironment {
  EnvLookup getenv;
  /// Makes the transport of one HTTP client.
  std::function<Result<std::unique_ptr<HttpClient>>()> make_http;
  std::shared_ptr<Sleeper> sleeper;
};

/// The process environment, libcurl and a sleeping thread.
ClientEnvironment real_client_environment();

enum class Backend { kOpenAi, kAnthropic, kCommand, kReplay };

/// A parsed spec string with its settings resolved from options and environment.
struct ClientSpec {
  Backend backend = Backend::kOpenAi;
  std::string target;    ///< The model, the command or the journal file.
  std::string base_url;  ///< HTTP backends only, without a trailing '/'.
  std::string api_key;   ///< HTTP backends only; may be empty except for anthropic.
};

/// Parses `openai:MODEL` (base: options, OPENAI_BASE_URL, https://api.openai.com/v1; key
/// OPENAI_API_KEY, optional), `ollama:MODEL` (base: options, http://127.0.0.1:11434/v1; no
/// key), `anthropic:MODEL` (base: options, ANTHROPIC_BASE_URL, https://api.anthropic.com; key
/// ANTHROPIC_API_KEY, required), `cmd:COMMAND` and `replay:FILE`. Fails with
/// "LLM configuration error: ..." on an unknown prefix (listing the valid ones), an empty
/// target or a missing required key (naming the variable).
Result<ClientSpec> parse_client_spec(std::string_view spec, const ClientOptions& options,
                                     const EnvLookup& getenv);

/// The client for `spec` (see parse_client_spec), wrapped in a RecordingClient when
/// options.journal_path is set. Fails on a bad spec or an unreadable journal.
Result<std::unique_ptr<LlmClient>> make_client(
    std::string_view spec, const ClientOptions& options,
    const ClientEnvironment& environment = real_client_environment());

}  // namespace panta::llm
