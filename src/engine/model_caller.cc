#include "engine/model_caller.h"

#include <fmt/format.h>

#include <chrono>

#include "core/sha256.h"
#include "llm/llm_error.h"

namespace panta::engine {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

ModelCaller::ModelCaller(llm::LlmClient& client, const prompt::PromptBuilder& prompts,
                         ModelCallerOptions options, EventSink events)
    : client_(&client),
      prompts_(&prompts),
      options_(std::move(options)),
      events_(std::move(events)) {}

void ModelCaller::reuse(const std::vector<llm::JournalEntry>& recorded) {
  reuse_.emplace(*client_, recorded);
}

llm::Prompt ModelCaller::prompt_of(std::string text, const char* kind) const {
  llm::Prompt p;
  p.user = std::move(text);
  p.kind = kind;
  p.class_name = options_.class_name;
  p.options = options_.prompt_options;
  return p;
}

std::optional<std::string> ModelCaller::over_limit(const llm::Prompt& p) const {
  if (options_.max_prompt_tokens <= 0) return std::nullopt;
  int64_t tokens = llm::estimate_tokens(llm::render_prompt(p));
  if (tokens <= options_.max_prompt_tokens) return std::nullopt;
  return fmt::format("about {} tokens, over --max-prompt-tokens {}", tokens,
                     options_.max_prompt_tokens);
}

Result<llm::Completion> ModelCaller::send(const llm::Prompt& p, bool repair) {
  if (options_.may_call) {
    if (auto s = options_.may_call(); !s)
      return llm::llm_error(llm::LlmErrorKind::kJournal, s.error().message);
  }
  Clock::time_point start = Clock::now();
  llm::LlmClient& model = reuse_ ? static_cast<llm::LlmClient&>(*reuse_) : *client_;
  auto answer = model.complete(p);
  seconds_ += seconds_since(start);
  if (!answer || !answer->from_journal) ++calls_;
  if (!answer) return answer;
  if (answer->from_journal) events_(event::AnswerReused{repair});
  if (options_.max_answer_bytes > 0 && answer->text.size() > options_.max_answer_bytes) {
    events_(event::AnswerTooLarge{answer->text.size(), options_.max_answer_bytes});
    unused_tokens_.first += answer->prompt_tokens;
    unused_tokens_.second += answer->completion_tokens;
    return Error{fmt::format("the answer has {} bytes, over --max-answer-bytes {}",
                             answer->text.size(), options_.max_answer_bytes)};
  }
  return answer;
}

Result<llm::Completion> ModelCaller::generate(prompt::GenerateInputs& in, prompt::Template which,
                                              const std::string& source_text,
                                              const std::vector<std::string>& test_names) {
  prompt::bound_failed_tests(in.failed_tests);
  prompt::ShrinkState shrink;
  auto shrunk = [&](const std::string& why) {
    auto step = prompts_->shrink(in, shrink, source_text, test_names);
    if (step) events_(event::PromptShrunk{*step, why, in.targets.size()});
    return step.has_value();
  };
  for (;;) {
    llm::Prompt p = prompt_of(prompts_->generate(in, which), "generate");
    if (auto why = over_limit(p)) {
      std::string reason = "the prompt has " + *why;
      if (shrunk(reason)) continue;
      events_(event::PromptSentAsItIs{reason});
    }
    std::string sha = sha256_hex(llm::render_prompt(p));
    if (options_.answered_before && options_.answered_before(sha)) {
      return Error{"the prompt is one the model has answered already", ErrorKind::kRepeated};
    }
    last_sha256_ = sha;
    if (options_.dry_run) {
      std::string text = llm::render_prompt(p);
      events_(event::DryRun{llm::estimate_tokens(text)});
      options_.dry_run(text);
      return Error{"dry run: the first prompt was printed", ErrorKind::kDryRun};
    }
    auto answer = send(p, false);
    if (answer || !llm::is_context_length_error(answer.error())) return answer;
    if (!shrunk("the prompt is too long for the model")) return answer;
  }
}

Result<llm::Completion> ModelCaller::repair(prompt::RepairInputs& in) {
  const std::string source = in.source_text;
  llm::Prompt p = prompt_of(prompts_->repair(in), "repair");
  auto without_source = [&](const std::string& why) {
    events_(event::RepairWithoutSource{why});
    in.source_text = "// (left out: the prompt would be too long; the test and its error follow)";
    in.sliced_source.clear();
    p.user = prompts_->repair(in);
  };
  if (auto why = over_limit(p)) {
    without_source(*why);
    if (auto still = over_limit(p)) {
      return Error{"the repair prompt has " + *still + " even without the source: not sent"};
    }
  }
  auto answer = send(p, true);
  if (!answer && llm::is_context_length_error(answer.error()) && in.source_text == source) {
    without_source("too long for the model");
    answer = send(p, true);
  }
  return answer;
}

}  // namespace panta::engine
