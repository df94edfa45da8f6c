#include "runner/failure_summary.h"

#include <string_view>

#include "core/utf8.h"

namespace panta::runner {
namespace {

std::string cut(std::string_view text, size_t max_chars) {
  text = text.substr(0, text.find('\n'));
  if (text.size() <= max_chars) return std::string(text);
  return utf8_prefix(text, max_chars) + "…";
}

}  // namespace

std::string failure_summary(const TestResult& result, size_t max_chars) {
  std::string out = cut(result.message.empty() ? result.exception : result.message, max_chars);
  constexpr std::string_view kCause = "Caused by: ";
  size_t last = result.stack_trace.rfind(kCause);
  if (last != std::string::npos && (last == 0 || result.stack_trace[last - 1] == '\n')) {
    std::string cause =
        cut(std::string_view(result.stack_trace).substr(last + kCause.size()), max_chars);
    if (out.find(cause) == std::string::npos) out += (out.empty() ? "" : "; caused by: ") + cause;
  }
  return out;
}

}  // namespace panta::runner
