#include "engine/defect_entries.h"

#include <algorithm>
#include <regex>

#include "core/utf8.h"
#include "coverage/coverage.h"

namespace panta::engine {

namespace {

// Only the line or range an entry begins with: "line 230: ...", "lines 352-361 ...".
const std::regex& defect_lead() {
  static const std::regex lead(
      R"(^\W*lines?\s+(\d{1,9})(?!\d)(?:\s*(?:-|\xE2\x80\x93|to)\s*(\d{1,9})(?!\d))?)",
      std::regex::icase);
  return lead;
}

// How much of an answer's entry a prompt quotes when it sets a line aside on its word: enough
// for its reason, which may name further lines (Metaphone's line 230 entry explains line 235).
constexpr size_t kQuoteBytes = 320;

// The first `max_bytes` of `s`, cut after a whole word when there is one in the second half.
std::string words_up_to(const std::string& s, size_t max_bytes) {
  std::string cut = utf8_prefix(s, max_bytes);
  size_t space = cut.find_last_of(' ');
  if (space != std::string::npos && space > max_bytes / 2) cut.erase(space);
  return cut;
}

// The lines an entry begins with: "line 230: ...", "lines 352-361 ...", a list of them ("lines
// 321 / 328-329 and 377", "line 321 (`x` false) and lines 328-329"), and those it says the same
// of later ("...; same for line 361", "(same at 170)") or says of that a condition there is
// never or always true or false ("(and `!hard` at line 236 is never false)"); ranges of at most
// 50 lines.
std::vector<uint32_t> lead_lines(const std::string& entry) {
  static const std::regex more(
      R"(^\s*(?:\([^)]*\))?\s*(?:,|/|&|and)\s*(?:lines?\s+)?(\d{1,9})(?!\d))"
      R"((?:\s*(?:-|\xE2\x80\x93|to)\s*(\d{1,9})(?!\d))?)",
      std::regex::icase);
  static const std::regex same(R"(\bsame (?:for|at|on) (?:lines? )?(\d{1,9})(?!\d))"
                               R"((?:\s*(?:-|\xE2\x80\x93|to)\s*(\d{1,9})(?!\d))?)",
                               std::regex::icase);
  std::vector<uint32_t> out;
  auto add = [&out](const std::smatch& m) {  // groups 1 and 2: a line or a range
    uint32_t from = static_cast<uint32_t>(std::stoul(m[1].str()));  // at most 9 digits
    uint32_t to = m[2].matched ? static_cast<uint32_t>(std::stoul(m[2].str())) : from;
    for (uint32_t l = from; l <= to && l < from + 50; ++l) out.push_back(l);
  };
  std::smatch m;
  if (!std::regex_search(entry, m, defect_lead())) return out;
  for (std::string rest = entry;;) {
    add(m);
    rest = m.suffix().str();
    if (!std::regex_search(rest, m, more)) break;
  }
  static const std::regex outcome(R"(\blines? (\d{1,9})(?!\d)\s+(?:is|are) (?:never|always) )"
                                  R"((?:true|false)\b)",
                                  std::regex::icase);
  for (const std::regex* later : {&same, &outcome}) {
    for (std::sregex_iterator it(entry.begin(), entry.end(), *later), end; it != end; ++it) {
      add(*it);
    }
  }
  return out;
}

}  // namespace

std::vector<std::string> defect_mentions(const std::vector<std::string>& suspected) {
  std::vector<std::string> out;
  for (const std::string& s : suspected) {
    std::vector<uint32_t> lines = lead_lines(s);
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    std::string said;
    if (!lines.empty()) {
      said = (lines.size() == 1 ? "line " : "lines ") + coverage::line_ranges(lines);
    } else {
      said = "\"" + (s.size() > 60 ? utf8_prefix(s, 60) + " ..." : s) + "\"";
    }
    if (std::find(out.begin(), out.end(), said) == out.end()) out.push_back(said);
  }
  return out;
}

std::map<uint32_t, std::string> said_unreachable(const std::vector<std::string>& suspected) {
  static const std::regex claim(
      R"(unreachable|\bdead\b|impossible to (reach|take|run)|is always (true|false)|)"
      R"(can ?not be (reached|true|false|taken|run)|)"
      R"(can't be (reached|true|false|taken|run)|can never|never be (reached|true|false|taken|run))",
      std::regex::icase);
  std::map<uint32_t, std::string> out;
  for (const std::string& s : suspected) {
    if (!std::regex_search(s, claim) || !said_reachable({s}).empty()) continue;
    std::string said = s.size() > kQuoteBytes ? words_up_to(s, kQuoteBytes) + " ..." : s;
    for (uint32_t l : lead_lines(s)) out.emplace(l, said);
  }
  return out;
}

bool says_only_unreachable(const std::string& entry) {
  static const std::regex first_words(
      R"(^[\s,;-]*(?:\([^)]*\)\s*)?(?:`[^`]*`\s*)?)"
      R"((?:unreachable|dead\b|impossible to (?:reach|take|run)|)"
      R"(is always (?:true|false)|can ?not be|can't be|can never|never be))",
      std::regex::icase);
  std::smatch lead;
  if (said_unreachable({entry}).empty() || !std::regex_search(entry, lead, defect_lead()))
    return false;
  std::string rest = lead.suffix().str();
  // past the further lines of a list ("lines 352 and 361 (`x` false): ...") to the first ':'
  size_t colon = rest.find(':');
  return std::regex_search(colon <= 80 ? rest.substr(colon + 1) : rest, first_words);
}

std::set<uint32_t> said_reachable(const std::vector<std::string>& suspected) {
  static const std::regex denied(
      R"(\bnot (unreachable|dead|impossible)|can be (reached|run)|\b(is|are|be) reachable\b)",
      std::regex::icase);
  std::set<uint32_t> out;
  for (const std::string& s : suspected) {
    if (!std::regex_search(s, denied)) continue;
    for (uint32_t l : lead_lines(s)) out.insert(l);
  }
  return out;
}

}  // namespace panta::engine
