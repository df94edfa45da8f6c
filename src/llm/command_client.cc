#include "llm/command_client.h"

#include <utility>

#include "llm/llm_error.h"
#include "process/subprocess.h"

namespace panta::llm {
namespace {

std::string first_line(std::string_view text) {
  size_t start = text.find_first_not_of("\r\n");
  if (start == std::string_view::npos) return "";
  text.remove_prefix(start);
  return std::string(text.substr(0, text.find_first_of("\r\n")));
}

}  // namespace

CommandClient::CommandClient(std::string command, std::chrono::milliseconds timeout)
    : command_(std::move(command)), timeout_(timeout) {}

Result<Completion> CommandClient::complete(const Prompt& prompt) {
  auto start = std::chrono::steady_clock::now();
  std::string input = render_prompt(prompt);
  process::SpawnOptions spawn;
  spawn.argv = {"/bin/sh", "-c", command_};
  spawn.env = {{"PANTA_PROMPT_KIND", prompt.kind}, {"PANTA_CLASS", prompt.class_name}};
  // Nothing the command starts outlives it, nor Panta (a kill -9 included).
  spawn.end_descendants = true;
  auto run = process::run(spawn, timeout_, input);
  std::string what = "`" + command_ + "`";
  if (!run.ok()) return llm_error(LlmErrorKind::kCommand, what + ": " + run.error().message);
  if (run->timed_out) {
    return llm_error(LlmErrorKind::kTimeout,
                     what + " ran longer than " + std::to_string(timeout_.count()) + " ms");
  }
  if (run->exit_code != 0) {
    std::string line = first_line(run->err);
    return llm_error(LlmErrorKind::kCommand, what + " exited with code " +
                                                 std::to_string(run->exit_code) +
                                                 (line.empty() ? "" : ": " + line));
  }
  if (run->out.empty()) return llm_error(LlmErrorKind::kBadAnswer, what + " printed nothing");
  Completion c;
  c.text = std::move(run->out);
  c.prompt_tokens = estimate_tokens(input);
  c.completion_tokens = estimate_tokens(c.text);
  c.usage_estimated = true;
  c.model = "cmd:" + command_;
  c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return c;
}

}  // namespace panta::llm
