#include "engine/other_tests.h"

namespace panta::engine {

Result<std::optional<coverage::SourceCoverage>> count_other_tests(const ClassUnderTest& cut,
                                                                  TestValidator& validator,
                                                                  const EventSink& events) {
  auto suite = validator.start_from_suite();
  if (!suite) return suite.error();
  if (*suite == nullptr) return std::optional<coverage::SourceCoverage>();
  auto it = (*suite)->coverage.find(cut.class_name);
  coverage::SourceCoverage covered =
      it != (*suite)->coverage.end() ? it->second : coverage::SourceCoverage{};
  size_t others = 0;
  for (const std::string& c : (*suite)->classes) others += c != cut.test_fqn ? 1 : 0;
  if (others > 0 && !covered.lines.empty()) {
    events(event::OtherTestsCounted{static_cast<int>(others), covered.line_counter().percent(),
                                    covered.branch_counter().percent()});
  }
  return std::optional<coverage::SourceCoverage>(std::move(covered));
}

}  // namespace panta::engine
