#include "engine/probe.h"

#include <fmt/format.h>

#include <algorithm>

#include "java/source_text.h"

namespace panta::engine {

Probe::Probe(const junit::TestFile& real, const std::vector<junit::TestFile::Addition>& accepted)
    : file_(real.without_tests(&map_)),
      base_class_line_(file_.class_body_line()),
      taken_(real.test_names()) {
  file_.add_tests(accepted, taken_);
  class_line_ = file_.class_body_line();
}

std::vector<junit::TestMethod> Probe::add(const std::vector<junit::TestFile::Addition>& tests) {
  auto added = file_.add_tests(tests, taken_);
  class_line_ = file_.class_body_line();
  return added;
}

void Probe::remove(const std::string& name) {
  file_.remove_test(name);
  class_line_ = file_.class_body_line();
}

// Imports and class annotations the new tests brought sit before the class body, as they
// will in the file.
uint32_t Probe::line_in_file(uint32_t line) const {
  uint32_t cls = class_line_;
  if (line < cls) return line;
  uint32_t added = cls - base_class_line_;
  return map_.original(line - added) + added;
}

std::function<uint32_t(uint32_t)> Probe::mapper() const {
  return [this](uint32_t line) { return line_in_file(line); };
}

std::string Probe::in_file_lines(const std::string& text, const std::string& file_name) const {
  const std::string mark = "(" + file_name + ":";
  std::string out;
  size_t at = 0;
  for (size_t hit = text.find(mark); hit != std::string::npos; hit = text.find(mark, at)) {
    size_t digits = hit + mark.size();
    size_t end = text.find_first_not_of("0123456789", digits);
    out.append(text, at, digits - at);
    at = digits;
    if (end == std::string::npos || end == digits || text[end] != ')') continue;
    out += std::to_string(
        line_in_file(static_cast<uint32_t>(std::stoul(text.substr(digits, end - digits)))));
    at = end;
  }
  return out + text.substr(at);
}

std::string Probe::view(const std::vector<std::string>& tests,
                        const std::map<std::string, std::string>& as_written,
                        junit::TestFile::ViewShown* shown) const {
  java::SourceText text("probe", file_.text());
  // The model's own lines of each test, by the line they start at in the probe.
  std::map<uint32_t, std::vector<std::string>> own;
  for (const auto& [name, code] : as_written) {
    auto [first, last] = file_.test_lines(name);
    java::SourceText lines("own", code);
    if (first == 0 || lines.line_count() != last - first + 1) continue;
    // The first line comes from where the test starts, without its indentation: it gets that
    // of the least indented line after it.
    size_t indent = std::string::npos;
    for (uint32_t l = 2; l <= lines.line_count(); ++l) {
      std::string_view t = lines.line(l);
      size_t lead = t.find_first_not_of(" \t");
      if (lead != std::string_view::npos) indent = std::min(indent, lead);
    }
    for (uint32_t l = 1; l <= lines.line_count(); ++l) {
      std::string line(lines.line(l));
      if (l == 1 && indent != std::string::npos && line.find_first_not_of(" \t") == 0)
        line.insert(0, indent, ' ');
      own[first].push_back(std::move(line));
    }
  }
  std::string out;
  uint32_t previous = 0;
  std::vector<std::string>* replacing = nullptr;
  uint32_t replace_from = 0;
  for (uint32_t l : file_.view_lines(tests, shown)) {
    if (previous != 0 && l != previous + 1) out += "      ...\n";
    previous = l;
    if (auto o = own.find(l); o != own.end()) {
      replacing = &o->second;
      replace_from = l;
    }
    std::string_view line = text.line(l);
    std::string mine;
    if (replacing != nullptr && l - replace_from < replacing->size()) {
      mine = (*replacing)[l - replace_from];
      line = mine;
    }
    out += fmt::format("{:>5}: {}\n", line_in_file(l), line);
  }
  return out;
}

}  // namespace panta::engine
