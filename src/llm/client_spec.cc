#include "llm/client_spec.h"

#include <cstdlib>
#include <utility>

#include "llm/anthropic_client.h"
#include "llm/command_client.h"
#include "llm/journal.h"
#include "llm/llm_error.h"
#include "llm/openai_client.h"
#include "llm/recording_client.h"
#include "llm/replay_client.h"

namespace panta::llm {
namespace {

constexpr std::string_view kValidSpecs =
    "openai:MODEL, ollama:MODEL, anthropic:MODEL, cmd:COMMAND, replay:FILE";

std::string without_trailing_slash(std::string url) {
  while (!url.empty() && url.back() == '/') url.pop_back();
  return url;
}

// The first of: the option, the environment variable, the default.
std::string resolved(const std::string& option, const EnvLookup& getenv, const char* variable,
                     const char* fallback) {
  if (!option.empty()) return option;
  if (variable != nullptr) {
    auto value = getenv(variable);
    if (value && !value->empty()) return *value;
  }
  return fallback;
}

Result<std::unique_ptr<LlmClient>> make_backend(const ClientSpec& spec,
                                                const ClientOptions& options,
                                                const ClientEnvironment& environment) {
  if (spec.backend == Backend::kCommand) {
    return std::unique_ptr<LlmClient>(
        std::make_unique<CommandClient>(spec.target, options.timeout));
  }
  if (spec.backend == Backend::kReplay) {
    auto journal = Journal::open(spec.target, Journal::Mode::kRead);
    if (!journal.ok()) return llm_error(LlmErrorKind::kConfig, journal.error().message);
    return std::unique_ptr<LlmClient>(std::make_unique<ReplayClient>(std::move(*journal)));
  }
  auto http = environment.make_http();
  if (!http.ok()) return http.error();
  ApiEndpoint endpoint{spec.target, spec.base_url, spec.api_key,
                       HttpTimeouts{options.connect_timeout, options.timeout},
                       RetryPolicy{options.max_retries, options.backoff_base, options.max_delay,
                                   options.on_retry, options.on_throttled}};
  std::shared_ptr<HttpClient> transport = std::move(*http);
  if (spec.backend == Backend::kAnthropic) {
    return std::unique_ptr<LlmClient>(
        std::make_unique<AnthropicClient>(std::move(endpoint), transport, environment.sleeper));
  }
  return std::unique_ptr<LlmClient>(
      std::make_unique<OpenAiClient>(std::move(endpoint), transport, environment.sleeper));
}

}  // namespace

ClientEnvironment real_client_environment() {
  ClientEnvironment environment;
  environment.getenv = [](const std::string& name) -> std::optional<std::string> {
    const char* value = std::getenv(name.c_str());
    if (value == nullptr) return std::nullopt;
    return std::string(value);
  };
  environment.make_http = make_curl_http_client;
  environment.sleeper = make_thread_sleeper();
  return environment;
}

Result<ClientSpec> parse_client_spec(std::string_view spec, const ClientOptions& options,
                                     const EnvLookup& getenv) {
  size_t colon = spec.find(':');
  std::string prefix(spec.substr(0, colon));
  std::string target(colon == std::string_view::npos ? "" : spec.substr(colon + 1));
  ClientSpec out;
  out.target = target;
  if (prefix == "openai") {
    out.base_url =
        resolved(options.base_url, getenv, "OPENAI_BASE_URL", "https://api.openai.com/v1");
    out.api_key = getenv("OPENAI_API_KEY").value_or("");
  } else if (prefix == "ollama") {
    out.base_url = resolved(options.base_url, getenv, nullptr, "http://127.0.0.1:11434/v1");
  } else if (prefix == "anthropic") {
    out.backend = Backend::kAnthropic;
    out.base_url =
        resolved(options.base_url, getenv, "ANTHROPIC_BASE_URL", "https://api.anthropic.com");
    out.api_key = getenv("ANTHROPIC_API_KEY").value_or("");
    if (out.api_key.empty() && !target.empty()) {
      return llm_error(LlmErrorKind::kConfig,
                       "anthropic:" + target + " needs an API key: set ANTHROPIC_API_KEY");
    }
  } else if (prefix == "cmd") {
    out.backend = Backend::kCommand;
  } else if (prefix == "replay") {
    out.backend = Backend::kReplay;
  } else {
    return llm_error(LlmErrorKind::kConfig, "unknown LLM spec '" + std::string(spec) +
                                                "'; valid ones are " + std::string(kValidSpecs));
  }
  if (target.empty()) {
    return llm_error(LlmErrorKind::kConfig, "LLM spec '" + std::string(spec) +
                                                "' lacks what follows '" + prefix +
                                                ":'; valid ones are " + std::string(kValidSpecs));
  }
  out.base_url = without_trailing_slash(std::move(out.base_url));
  return out;
}

Result<std::unique_ptr<LlmClient>> make_client(std::string_view spec, const ClientOptions& options,
                                               const ClientEnvironment& environment) {
  auto parsed = parse_client_spec(spec, options, environment.getenv);
  if (!parsed.ok()) return parsed.error();
  auto client = make_backend(*parsed, options, environment);
  if (!client.ok()) return client;
  std::shared_ptr<Journal> journal = options.journal;
  if (!journal && !options.journal_path.empty()) {
    auto opened = Journal::open(options.journal_path, Journal::Mode::kWrite);
    if (!opened.ok()) return llm_error(LlmErrorKind::kConfig, opened.error().message);
    journal = std::make_shared<Journal>(std::move(*opened));
  }
  if (!journal) return client;
  return std::unique_ptr<LlmClient>(
      std::make_unique<RecordingClient>(std::move(*client), std::move(journal)));
}

}  // namespace panta::llm
