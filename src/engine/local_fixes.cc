#include "engine/local_fixes.h"

#include <algorithm>
#include <regex>

namespace panta::engine {

std::vector<std::string> add_missing_imports(junit::ExtractedTests& answer,
                                             const std::vector<Verdict>& failing,
                                             const project::TypeIndex& types,
                                             std::string_view test_package) {
  // javac: "cannot find symbol\n  symbol: class List" (a type), or "variable Files" (a type
  // whose static method is called); our diagnostics have the whitespace collapsed.
  static const std::regex unknown(
      R"(cannot find symbol\s+symbol:\s+(?:class|variable)\s+([A-Z]\w*))");
  std::vector<std::string> added;
  for (const Verdict& v : failing) {
    if (!v.compile_error) continue;
    for (std::sregex_iterator m(v.error.begin(), v.error.end(), unknown), end; m != end; ++m) {
      std::string import = types.import_for((*m)[1].str(), test_package);
      if (import.empty()) continue;
      if (std::find(answer.imports.begin(), answer.imports.end(), import) != answer.imports.end())
        continue;
      answer.imports.push_back(import);
      added.push_back(import);
    }
  }
  return added;
}

}  // namespace panta::engine
