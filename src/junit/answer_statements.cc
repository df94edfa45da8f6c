#include "junit/answer_statements.h"

#include <cctype>
#include <optional>

#include "core/utf8.h"

namespace panta::junit {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool starts_with_word(std::string_view s, std::string_view word) {
  if (s.size() < word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != word[i]) return false;
  }
  return true;
}

// A reason as later prompts and the report quote it: at most kReasonBytes, cut after a whole
// word (an answer is untrusted text; it does not get to fill a prompt).
constexpr size_t kReasonBytes = 320;

std::string reason_text(std::string_view s) {
  if (s.size() <= kReasonBytes) return std::string(s);
  std::string cut = utf8_prefix(s, kReasonBytes);
  size_t space = cut.rfind(' ');
  if (space != std::string::npos && space > kReasonBytes / 2) cut.resize(space);
  return cut + " ...";
}

// The text before and after the first separator " - " (or an en or em dash between spaces).
std::optional<std::pair<std::string_view, std::string_view>> split_reason(std::string_view s) {
  for (std::string_view dash : {" - ", " \xe2\x80\x93 ", " \xe2\x80\x94 "}) {
    size_t at = s.find(dash);
    if (at != std::string_view::npos)
      return std::make_pair(trim(s.substr(0, at)), trim(s.substr(at + dash.size())));
  }
  return std::nullopt;
}

std::optional<uint32_t> number(std::string_view s) {
  s = trim(s);
  if (s.empty() || s.size() > 9) return std::nullopt;
  uint32_t n = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    n = n * 10 + static_cast<uint32_t>(c - '0');
  }
  return n;
}

// "G3, G7" with `letter` G: the numbers, or nullopt when any item is not one.
std::optional<std::vector<int>> ids(std::string_view list, char letter) {
  std::vector<int> out;
  while (!list.empty()) {
    size_t comma = list.find(',');
    std::string_view item = trim(list.substr(0, comma));
    if (item.size() < 2 || std::toupper(static_cast<unsigned char>(item[0])) != letter)
      return std::nullopt;
    auto n = number(item.substr(1));
    if (!n || *n == 0) return std::nullopt;
    out.push_back(static_cast<int>(*n));
    list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

// "line 42" or "lines 42-45".
std::optional<std::pair<uint32_t, uint32_t>> lines(std::string_view s) {
  if (starts_with_word(s, "lines ")) {
    s.remove_prefix(6);
    size_t dash = s.find('-');
    if (dash == std::string_view::npos) return std::nullopt;
    auto first = number(s.substr(0, dash));
    auto last = number(s.substr(dash + 1));
    if (!first || !last || *first == 0 || *last < *first) return std::nullopt;
    return std::make_pair(*first, *last);
  }
  if (!starts_with_word(s, "line ")) return std::nullopt;
  auto n = number(s.substr(5));
  if (!n || *n == 0) return std::nullopt;
  return std::make_pair(*n, *n);
}

// Reads one line into `out`; false when it is no statement at all (prose, code).
bool read_line(std::string_view line, AnswerStatements& out) {
  if (line.starts_with("- ") || line.starts_with("* ")) line = trim(line.substr(2));
  if (line.size() > 2 && line.front() == '`' && line.back() == '`')  // `Unreachable: G3 - why`
    line = trim(line.substr(1, line.size() - 2));
  std::string_view body;
  int kind = -1;
  const std::string_view keywords[] = {"unreachable:", "equivalent:", "defect:"};
  for (int k = 0; k < 3; ++k) {
    if (starts_with_word(line, keywords[k])) {
      kind = k;
      body = trim(line.substr(keywords[k].size()));
    }
  }
  if (kind < 0) return false;
  auto parts = split_reason(body);
  bool read = false;
  if (parts && !parts->second.empty()) {
    if (kind == 0) {
      if (auto g = ids(parts->first, 'G')) {
        out.unreachable.push_back({*g, reason_text(parts->second), 0, 0});
        read = true;
      } else if (auto l = lines(parts->first)) {
        out.unreachable.push_back({{}, reason_text(parts->second), l->first, l->second});
        read = true;
      }
    } else if (kind == 1) {
      if (auto m = ids(parts->first, 'M')) {
        out.equivalent.push_back({*m, reason_text(parts->second)});
        read = true;
      }
    } else if (auto d = parse_defect(body)) {
      out.defects.push_back(std::move(*d));
      read = true;
    }
  }
  if (!read) out.unread.emplace_back(line);
  return true;
}

}  // namespace

AnswerStatements parse_statements(std::string_view answer) {
  AnswerStatements out;
  bool in_code = false;
  while (!answer.empty()) {
    size_t nl = answer.find('\n');
    std::string_view line = trim(answer.substr(0, nl));
    answer = nl == std::string_view::npos ? std::string_view() : answer.substr(nl + 1);
    if (line.starts_with("```")) {
      in_code = !in_code;
      continue;
    }
    if (!in_code) read_line(line, out);
  }
  return out;
}

std::optional<AnswerStatements::Defect> parse_defect(std::string_view body, bool loose) {
  body = trim(body);
  if (auto parts = split_reason(body); parts && !parts->second.empty()) {
    if (auto l = lines(parts->first))
      return AnswerStatements::Defect{l->first, l->second, reason_text(parts->second)};
  }
  if (!loose || body.empty()) return std::nullopt;
  return AnswerStatements::Defect{0, 0, reason_text(body)};
}

std::string defect_text(const AnswerStatements::Defect& d) {
  if (d.first_line == 0) return d.claim;
  std::string where = d.first_line == d.last_line ? "line " + std::to_string(d.first_line)
                                                  : "lines " + std::to_string(d.first_line) + "-" +
                                                        std::to_string(d.last_line);
  return where + ": " + d.claim;
}

}  // namespace panta::junit
