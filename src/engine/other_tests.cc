#include "engine/other_tests.h"

#include <algorithm>
#include <filesystem>

#include "java/source_text.h"
#include "java/text_encoding.h"
#include "java/syntax_tree.h"
#include "project/surefire_filter.h"

namespace panta::engine {
namespace fs = std::filesystem;

Result<OtherTests> other_tests_of(const project::Project& project, const ClassUnderTest& cut) {
  auto classes = project::surefire_test_classes(project);
  if (!classes) return classes.error();
  std::string outer = cut.class_name.substr(cut.package.empty() ? 0 : cut.package.size() + 1);
  std::string simple = outer.substr(0, outer.find('.'));
  OtherTests out;
  std::error_code ec;
  for (const std::string& fqn : *classes) {
    if (fqn == cut.test_fqn) continue;
    std::string relative = fqn;
    std::replace(relative.begin(), relative.end(), '.', '/');
    std::string file = (fs::path(project.test_dir) / (relative + ".java")).string();
    if (fs::equivalent(file, cut.test_path, ec)) continue;
    auto text = java::read_text_file(file, project.encoding);
    if (!text) return Error{file + ": " + text.error().message};
    auto named = java::mentions_name(java::SourceText(file, std::move(*text)), simple);
    if (!named) return named.error();
    if (!*named) continue;
    out.files.push_back(file);
    out.classes.push_back(fqn);
  }
  return out;
}

Result<std::optional<coverage::SourceCoverage>> count_other_tests(const project::Project& project,
                                                                  const ClassUnderTest& cut,
                                                                  TestValidator& validator,
                                                                  const EventSink& events) {
  auto others = other_tests_of(project, cut);
  if (!others) return others.error();
  if (others->files.empty()) return std::optional<coverage::SourceCoverage>();
  auto covered = validator.measure_other_tests(others->files, others->classes);
  if (!covered || !*covered) return covered;
  std::vector<std::string> names;
  for (const std::string& c : others->classes) names.push_back(c.substr(c.rfind('.') + 1));
  events(event::OtherTestsCounted{names, (*covered)->line_counter().percent(),
                                  (*covered)->branch_counter().percent()});
  return covered;
}

}  // namespace panta::engine
