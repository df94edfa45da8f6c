#include "engine/stack_frames.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <string_view>

namespace panta::engine {

std::vector<std::string> stack_frames(const std::string& trace) {
  std::vector<std::string> out;
  size_t at = 0;
  while ((at = trace.find("at ", at)) != std::string::npos) {
    size_t end = trace.find('\n', at);
    std::string frame = trace.substr(at + 3, end == std::string::npos ? end : end - at - 3);
    at += 3;
    if (frame.find('(') != std::string::npos) out.push_back(std::move(frame));
  }
  return out;
}

std::string first_project_frame(const std::string& trace) {
  static constexpr std::string_view kLibraries[] = {
      "java.",          "javax.",          "jdk.",         "sun.",          "com.sun.",
      "org.junit.",     "org.opentest4j.", "org.assertj.", "org.hamcrest.", "org.mockito.",
      "net.bytebuddy.", "org.panta.",      "junit.",       "kotlin."};
  for (const std::string& frame : stack_frames(trace)) {
    bool library = std::any_of(std::begin(kLibraries), std::end(kLibraries),
                               [&frame](std::string_view p) { return frame.starts_with(p); });
    if (!library) return frame;
  }
  return "";
}

std::string frame_class(const std::string& frame) {
  std::string method = frame.substr(0, frame.find('('));
  size_t dot = method.rfind('.');
  return dot == std::string::npos ? "" : method.substr(0, dot);
}

uint32_t frame_line(const std::string& frame) {
  size_t close = frame.rfind(')');
  size_t colon = frame.rfind(':', close);
  if (close == std::string::npos || colon == std::string::npos) return 0;
  std::string digits = frame.substr(colon + 1, close - colon - 1);
  if (digits.empty() || digits.size() > 9 ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(c) != 0; }))
    return 0;
  return static_cast<uint32_t>(std::stoul(digits));
}

}  // namespace panta::engine
