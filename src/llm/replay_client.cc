#include "llm/replay_client.h"

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "core/sha256.h"
#include "llm/llm_error.h"

namespace panta::llm {
namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  for (;;) {
    size_t nl = text.find('\n');
    lines.push_back(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return lines;
}

// The 0-based index of the first line where the two texts differ (or the shorter one's length).
size_t first_differing_line(const std::vector<std::string_view>& a,
                            const std::vector<std::string_view>& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  return i;
}

std::string shown_line(const std::vector<std::string_view>& lines, size_t index) {
  if (index >= lines.size()) return "<end of prompt>";
  constexpr size_t kMax = 200;
  std::string_view line = lines[index];
  if (line.size() <= kMax) return std::string(line);
  return std::string(line.substr(0, kMax)) + "...";
}

}  // namespace

ReplayClient::ReplayClient(Journal journal) : journal_(std::move(journal)) {}

Result<Completion> ReplayClient::complete(const Prompt& prompt) {
  std::string text = render_prompt(prompt);
  std::string hash = sha256_hex(text);
  auto found = journal_.find(hash);
  if (!found.ok()) return found.error();
  std::vector<JournalEntry> same;
  for (auto& entry : *found) {
    if (entry.prompt == text) same.push_back(std::move(entry));
  }
  if (same.empty()) return miss(prompt, text);
  size_t& asked = asked_[hash];
  const JournalEntry& entry = same[std::min(asked, same.size() - 1)];
  ++asked;
  Completion c;
  c.text = entry.answer;
  c.prompt_tokens = entry.prompt_tokens;
  c.completion_tokens = entry.completion_tokens;
  c.model = "replay:" + journal_.path();
  return c;
}

Error ReplayClient::miss(const Prompt& prompt, const std::string& text) const {
  std::string head = "journal " + journal_.path() + " has no exchange for this " + prompt.kind +
                     " prompt" +
                     (prompt.class_name.empty() ? "" : " (class " + prompt.class_name + ")");
  auto candidates = journal_.of_kind(prompt.kind);
  if (!candidates.ok()) return candidates.error();
  if (candidates->empty()) {
    return llm_error(LlmErrorKind::kReplayMiss,
                     head + "; it has no recorded " + prompt.kind + " prompts at all");
  }
  auto current = split_lines(text);
  const JournalEntry* closest = nullptr;
  std::vector<std::string_view> closest_lines;
  size_t closest_line = 0;
  for (const auto& entry : *candidates) {
    auto lines = split_lines(entry.prompt);
    size_t line = first_differing_line(lines, current);
    if (closest == nullptr || line > closest_line) {
      closest = &entry;
      closest_lines = std::move(lines);
      closest_line = line;
    }
  }
  return llm_error(LlmErrorKind::kReplayMiss,
                   head + "; the closest recorded prompt (seq " + std::to_string(closest->seq) +
                       ") first differs at line " + std::to_string(closest_line + 1) +
                       ":\n  recorded: " + shown_line(closest_lines, closest_line) +
                       "\n  current:  " + shown_line(current, closest_line));
}

}  // namespace panta::llm
