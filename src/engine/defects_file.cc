#include "engine/defects_file.h"

#include <filesystem>
#include <map>
#include <utility>

#include "junit/reproducer.h"

namespace panta::engine {
namespace fs = std::filesystem;

DefectsClass defects_class_for(const std::string& class_fqn, const std::string& package_name,
                               const std::string& test_path) {
  // The class under test's simple name (its top-level class's, when nested).
  std::string simple = class_fqn.substr(package_name.empty() ? 0 : package_name.size() + 1);
  simple = simple.substr(0, simple.find('.'));
  DefectsClass out;
  out.name = simple + "DefectsTest";
  out.fqn = package_name.empty() ? out.name : package_name + "." + out.name;
  out.path = (fs::path(test_path).parent_path() / (out.name + ".java")).string();
  return out;
}

DefectsClass defects_class_for(const ClassUnderTest& cut) {
  return defects_class_for(cut.class_name, cut.package, cut.test_path);
}

Result<ReproducerRuns> run_reproducers(runner::TestSession& session, const DefectsClass& defects,
                                       const std::string& text,
                                       std::chrono::milliseconds test_timeout) {
  auto file = junit::TestFile::parse(text);
  if (!file) return Error{defects.path + ": " + file.error().message};
  ReproducerRuns out;
  std::vector<std::string> specs;
  for (const std::string& name : file->test_names()) {
    std::string code = file->test_code(name);
    auto claim = junit::reproducer_mark(code);
    if (!claim && junit::enabled_again(code) == code) continue;  // not one of Panta's
    out.runs.push_back({name, claim.value_or(junit::AnswerStatements::Defect{}), {}});
    specs.push_back(defects.fqn + "#" + name);
  }
  if (specs.empty()) return out;
  auto compiled = session.compile_test_text(defects.path, junit::enabled_again(text), "defects");
  if (!compiled) return compiled.error();
  if (!compiled->success) {
    out.compile_errors = runner::format_diagnostics(compiled->diagnostics);
    return out;
  }
  runner::TestSession::RunOptions options;
  options.unit = "defects";
  options.generated = true;
  auto run = session.run(specs, {}, test_timeout, options);
  if (!run) return run.error();
  for (ReproducerRun& r : out.runs) {
    r.result.id = defects.fqn + "#" + r.name;
    r.result.message = "it did not run";
    for (const runner::TestResult& result : run->results) {
      if (result.id == r.result.id || result.id.starts_with(r.result.id + "[")) {
        r.result = result;
        if (result.status != runner::TestStatus::kPassed) break;  // its first failure
      }
    }
  }
  return out;
}

namespace {

// One reproducer per defect: by its line when the claim names one (the model words the same
// claim differently from answer to answer), else by the claim.
std::string claim_key(const junit::AnswerStatements::Defect& d) {
  return d.first_line != 0 ? "line " + std::to_string(d.first_line) : "claim " + d.claim;
}

}  // namespace

Result<DefectsText> defects_text(const std::optional<std::string>& existing,
                                 const junit::TestFile& tests, const DefectsClass& defects,
                                 const std::vector<Reproducer>& reproducers,
                                 junit::JUnitVersion version) {
  std::optional<junit::TestFile> file;
  if (existing) {
    auto parsed = junit::TestFile::parse(*existing);
    if (!parsed) return Error{defects.path + ": " + parsed.error().message};
    parsed->set_style(tests.style());
    file.emplace(std::move(*parsed));
  } else {
    file.emplace(tests.without_tests().with_class_name(defects.name));
  }
  std::map<std::string, std::string> claims;  // claim_key -> the test that shows it
  for (const std::string& name : file->test_names()) {
    if (auto claim = junit::reproducer_mark(file->test_code(name)))
      claims.emplace(claim_key(*claim), name);
  }
  DefectsText out{std::move(*file), {}, {}};
  for (const Reproducer& r : reproducers) {
    if (auto kept = claims.find(claim_key(r.claim)); kept != claims.end()) {
      out.names.push_back(kept->second);
      out.added.push_back(false);
      continue;
    }
    junit::ExtractedTests from = r.from;
    from.imports.push_back(junit::defect_disabling_import(version));
    junit::TestMethod test{r.test.name, junit::disabled_as_defect(r.test.code, r.claim, version)};
    out.names.push_back(out.file.add_test(test, from));
    out.added.push_back(true);
    claims.emplace(claim_key(r.claim), out.names.back());
  }
  return out;
}

}  // namespace panta::engine
