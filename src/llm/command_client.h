#pragma once

#include <chrono>
#include <string>

#include "llm/llm_client.h"

namespace panta::llm {

/// A model behind a shell command: runs `/bin/sh -c COMMAND` with render_prompt() on stdin and
/// PANTA_PROMPT_KIND and PANTA_CLASS in its environment, and takes stdout as the answer.
/// A non-zero exit is "LLM command failed: ..." with stderr's first line; past `timeout` the
/// command is killed ("LLM timed out: ..."). Token usage is always estimated. The command runs
/// under a keeper (process::SpawnOptions::end_descendants): every process it started is ended
/// when it exits, and when Panta dies, by `kill -9` too.
class CommandClient final : public LlmClient {
 public:
  CommandClient(std::string command, std::chrono::milliseconds timeout);
  Result<Completion> complete(const Prompt& prompt) override;

 private:
  std::string command_;
  std::chrono::milliseconds timeout_;
};

}  // namespace panta::llm
