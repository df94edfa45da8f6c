#include "junit/reproducer.h"

#include <vector>

namespace panta::junit {
namespace {

constexpr std::string_view kMarker = "// Suspected defect:";
constexpr std::string_view kReasonPrefix = "suspected defect: ";

std::string_view trimmed(std::string_view s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string_view::npos) return {};
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}

struct Line {
  size_t begin;
  size_t end;  // before its '\n'
  std::string_view text;
};

std::vector<Line> lines_of(std::string_view code) {
  std::vector<Line> out;
  for (size_t at = 0; at <= code.size();) {
    size_t nl = code.find('\n', at);
    size_t end = nl == std::string_view::npos ? code.size() : nl;
    out.push_back({at, end, code.substr(at, end - at)});
    if (nl == std::string_view::npos) break;
    at = nl + 1;
  }
  return out;
}

// The index of the first line after the leading comments (the first annotation's or the
// method's), and that of the marker line among the comments, if any.
std::pair<size_t, std::optional<size_t>> leading_comments(const std::vector<Line>& lines) {
  bool in_block = false;
  std::optional<size_t> marker;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view t = trimmed(lines[i].text);
    if (in_block) {
      in_block = t.find("*/") == std::string_view::npos;
      continue;
    }
    if (t.starts_with("//")) {
      if (t.starts_with(kMarker) && !marker) marker = i;
      continue;
    }
    if (t.starts_with("/*")) {
      in_block = t.find("*/", 2) == std::string_view::npos;
      continue;
    }
    if (t.empty()) continue;
    return {i, marker};
  }
  return {lines.size(), marker};
}

std::string java_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
    out += c;
  }
  return out + "\"";
}

std::string indentation_of(std::string_view line) {
  return std::string(line.substr(0, line.find_first_not_of(" \t")));
}

}  // namespace

std::optional<AnswerStatements::Defect> reproducer_mark(std::string_view test_code) {
  std::vector<Line> lines = lines_of(test_code);
  auto [first, marker] = leading_comments(lines);
  if (!marker) return std::nullopt;
  std::string_view t = trimmed(lines[*marker].text);
  return parse_defect(t.substr(kMarker.size()), true);
}

std::string without_reproducer_mark(const std::string& test_code) {
  std::vector<Line> lines = lines_of(test_code);
  auto [first, marker] = leading_comments(lines);
  if (!marker) return test_code;
  const Line& l = lines[*marker];
  size_t end = l.end < test_code.size() ? l.end + 1 : l.end;
  return test_code.substr(0, l.begin) + test_code.substr(end);
}

std::string with_reproducer_mark(const std::string& test_code,
                                 const AnswerStatements::Defect& claim) {
  if (reproducer_mark(test_code)) return test_code;
  std::vector<Line> lines = lines_of(test_code);
  auto [first, marker] = leading_comments(lines);
  std::string indent = first < lines.size() ? indentation_of(lines[first].text) : "";
  // The marker's own form ("line 42 - claim"), which reproducer_mark reads back.
  std::string text = claim.claim;
  if (claim.first_line != 0) {
    text = (claim.first_line == claim.last_line ? "line " + std::to_string(claim.first_line)
                                                : "lines " + std::to_string(claim.first_line) +
                                                      "-" + std::to_string(claim.last_line)) +
           " - " + text;
  }
  return indent + std::string(kMarker) + " " + text + "\n" + test_code;
}

std::string defect_disabling(const AnswerStatements::Defect& claim, JUnitVersion version) {
  std::string reason = java_string(std::string(kReasonPrefix) + defect_text(claim));
  return (version == JUnitVersion::k5 ? "@Disabled(" : "@Ignore(") + reason + ")";
}

std::string defect_disabling_import(JUnitVersion version) {
  return version == JUnitVersion::k5 ? "import org.junit.jupiter.api.Disabled;"
                                     : "import org.junit.Ignore;";
}

std::string disabled_as_defect(const std::string& test_code, const AnswerStatements::Defect& claim,
                               JUnitVersion version) {
  std::string annotation = defect_disabling(claim, version);
  if (test_code.find(annotation) != std::string::npos) return test_code;
  std::vector<Line> lines = lines_of(test_code);
  auto [first, marker] = leading_comments(lines);
  if (first >= lines.size()) return test_code;
  const Line& l = lines[first];
  // The first line of code may start right after the previous line's end or the text's start.
  return test_code.substr(0, l.begin) + indentation_of(l.text) + annotation + "\n" +
         test_code.substr(l.begin);
}

std::string enabled_again(const std::string& test_code) {
  std::string out;
  for (const Line& l : lines_of(test_code)) {
    std::string_view t = trimmed(l.text);
    bool made_here = (t.starts_with("@Disabled(\"") || t.starts_with("@Ignore(\"")) &&
                     t.find(kReasonPrefix) != std::string_view::npos && t.ends_with("\")");
    if (made_here) continue;
    out += l.text;
    if (l.end < test_code.size()) out += '\n';
  }
  return out;
}

}  // namespace panta::junit
