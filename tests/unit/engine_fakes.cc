#include "engine_fakes.h"

#include <filesystem>
#include <fstream>
#include <regex>

#include "java/source_text.h"
#include "junit/test_file.h"
#include "test_support.h"

namespace panta::test {
namespace fs = std::filesystem;

namespace {

std::vector<std::string> matches(const std::string& code, const std::regex& re, int group = 1) {
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(code.begin(), code.end(), re); it != std::sregex_iterator();
       ++it) {
    out.push_back((*it)[group].str());
  }
  return out;
}

std::string class_of(const std::string& spec) {
  return spec.substr(0, spec.find('#'));
}

}  // namespace

void FakeJvm::Covered::add(const Covered& other) {
  lines.insert(other.lines.begin(), other.lines.end());
  branches.insert(other.branches.begin(), other.branches.end());
}

std::vector<coverage::ClassCoverage> FakeJvm::report(const Covered& c) const {
  coverage::ClassCoverage out;
  out.name = class_name_;
  out.source_file = class_name_.substr(class_name_.rfind('.') + 1) + ".java";
  for (const FakeLine& l : lines_) {
    bool ran = c.lines.count(l.line) != 0;
    int taken = 0;
    for (int k = 0; k < l.branches; ++k) taken += c.branches.count({l.line, k}) != 0 ? 1 : 0;
    out.lines.push_back(
        {l.line, ran ? 0 : l.instructions, ran ? l.instructions : 0, l.branches - taken, taken});
  }
  return {out};
}

Result<runner::CompileResult> FakeJvm::compile(const runner::CompileRequest& request) {
  ++compiles;
  runner::CompileResult out;
  if (!request.output_dir.empty()) {
    fs::create_directories(request.output_dir);
    std::ofstream(request.output_dir + "/Main.class") << "compiled";
    out.success = true;
    return out;
  }
  const runner::Source& source = request.sources.front();
  std::string text = source.text ? *source.text : test::slurp(source.path);
  compiled_texts.push_back(text);
  compiled_units.push_back(request.unit);
  java::SourceText lines(source.path, text);
  for (uint32_t l = 1; l <= lines.line_count(); ++l) {
    if (lines.line(l).find("too_large()") != std::string_view::npos) {
      out.diagnostics.push_back({source.path, static_cast<int>(l), 5, "compiler.err.limit.code",
                                 "code too large", "error"});
    }
    if (lines.line(l).find("compile_error()") == std::string_view::npos) continue;
    out.diagnostics.push_back({source.path, static_cast<int>(l), 5, "compiler.err.cant.resolve",
                               "cannot find symbol\n  symbol:   method compile_error()", "error"});
  }
  out.success = out.diagnostics.empty();
  if (out.success) {
    units_[request.unit] = text;
  } else {
    units_.erase(request.unit);
  }
  return out;
}

Result<runner::RunResult> FakeJvm::run(const runner::RunRequest& request) {
  ++runs;
  run_specs.push_back(request.tests);
  auto unit = units_.find(request.units.front());
  if (unit == units_.end()) return Error{"JVM helper: unknown unit " + request.units.front()};
  auto file = junit::TestFile::parse(unit->second);
  if (!file) return file.error();
  std::vector<std::pair<std::string, std::string>> running;  // fqn#name, code
  for (const std::string& spec : request.tests) {
    std::vector<std::string> names = file->test_names();
    if (spec.find('#') != std::string::npos) names = {spec.substr(spec.find('#') + 1)};
    for (const std::string& n : names)
      running.emplace_back(class_of(spec) + "#" + n, file->test_code(n));
  }
  static const std::regex covers(R"(covers\((\d+)\))");
  static const std::regex branch(R"(branch\((\d+),\s*(\d+)\))");
  static const std::regex breaks(R"(breaks\((\w+)\))");
  runner::RunResult out;
  Covered covered;
  bool all_passed = true;
  for (size_t i = 0; i < running.size(); ++i) {
    const auto& [id, code] = running[i];
    runner::TestResult r;
    r.id = id;
    if (code.empty()) {
      r.status = runner::TestStatus::kError;
      r.message = "no such test";
      out.results.push_back(r);
      all_passed = false;
      continue;
    }
    if (code.find("vanish()") != std::string::npos) continue;
    std::string name = id.substr(id.find('#') + 1);
    bool broken = false;
    for (size_t j = 0; j < running.size(); ++j) {
      if (j == i) continue;
      for (const std::string& victim : matches(running[j].second, breaks)) broken |= victim == name;
    }
    bool flaky = code.find("flaky()") != std::string::npos && request.units.front() == "tests";
    bool thrown = code.find("thrown()") != std::string::npos;
    bool owned = code.find("owned()") != std::string::npos;
    static const std::regex fails_runs(R"(fails_runs\((\d+)\))");
    std::smatch runs_match;
    bool early = std::regex_search(code, runs_match, fails_runs) &&
                 ++test_runs_[id] <= std::stoi(runs_match[1].str());
    bool failed =
        code.find("fail()") != std::string::npos || broken || flaky || thrown || owned || early;
    r.status = failed ? runner::TestStatus::kFailed : runner::TestStatus::kPassed;
    if (!failed && code.find("skip()") != std::string::npos) {
      r.status = runner::TestStatus::kSkipped;
      r.exception = "org.opentest4j.TestAbortedException";
      r.message = "Assumption failed";
      out.results.push_back(r);
      continue;  // it stopped before it ran anything
    }
    if (thrown) {
      r.status = runner::TestStatus::kError;  // the helper's status for any other throwable
      r.exception = "java.lang.IllegalArgumentException";
      r.message = "no currency";
      r.stack_trace = "\tat " + class_name_ + ".check(Fake.java:3)\n\tat " +
                      id.substr(0, id.find('#')) + "." + name + "(Fake.java:1)\n";
    } else if (owned) {
      r.status = runner::TestStatus::kError;
      r.exception = "java.lang.NullPointerException";
      r.stack_trace = "\tat " + id.substr(0, id.find('#')) + "." + name + "(Fake.java:1)\n";
    } else if (failed) {
      r.exception = "org.opentest4j.AssertionFailedError";
      r.message = broken ? "broken by an earlier test" : "expected: <1> but was: <2>";
      r.compared = !broken;
      r.expected = "1";
      r.actual = "2";
      r.stack_trace = "\tat " + id.substr(0, id.find('#')) + "." + name + "(Fake.java:1)\n";
    }
    all_passed &= !failed;
    for (const std::string& l : matches(code, covers)) covered.lines.insert(std::stoul(l));
    for (auto it = std::sregex_iterator(code.begin(), code.end(), branch);
         it != std::sregex_iterator(); ++it) {
      uint32_t l = static_cast<uint32_t>(std::stoul((*it)[1].str()));
      covered.lines.insert(l);
      covered.branches.insert({l, std::stoi((*it)[2].str())});
    }
    out.results.push_back(r);
  }
  if (request.coverage_classes.empty()) return out;
  if (request.coverage_store.empty()) {
    out.coverage = report(covered);
    return out;
  }
  if (request.coverage_store_reset) stores_.erase(request.coverage_store);
  Store& store = stores_[request.coverage_store];
  out.coverage_store_merged = !request.coverage_store_if_passed || all_passed;
  if (out.coverage_store_merged) {
    store.covered.add(covered);
    ++store.runs;
  }
  out.coverage_store_runs = store.runs;
  out.coverage = report(store.covered);
  return out;
}

Result<llm::Completion> ScriptedModel::complete(const llm::Prompt& prompt) {
  prompts.push_back(prompt);
  if (before_answer) before_answer(static_cast<int>(prompts.size()));
  if (answers_.empty()) return Error{"LLM command failed: the script has no more answers"};
  std::string answer = std::move(answers_.front());
  answers_.pop_front();
  if (answer.rfind("ERROR:", 0) == 0) return Error{answer.substr(6)};
  // "{{G:line 13}}" is the id the prompt shows for the gap of line 13 ("- [G4] line 13: ..."),
  // as a model reads it off the prompt; "G?" when the prompt shows none.
  for (size_t at; (at = answer.find("{{G:")) != std::string::npos;) {
    size_t end = answer.find("}}", at);
    std::string what = "] " + answer.substr(at + 4, end - at - 4) + ":";
    std::string id = "G?";
    if (size_t shown = prompt.user.find(what); shown != std::string::npos) {
      size_t open = prompt.user.rfind("[G", shown);
      id = prompt.user.substr(open + 1, shown - open - 1);
    }
    answer.replace(at, end + 2 - at, id);
  }
  llm::Completion c;
  c.text = std::move(answer);
  c.prompt_tokens = llm::estimate_tokens(llm::render_prompt(prompt));
  c.completion_tokens = llm::estimate_tokens(c.text);
  return c;
}

project::Project fake_project(const std::string& root, const std::string& fqn,
                              const std::string& source, const std::string& test_text) {
  project::Project p;
  p.root = root;
  p.src_dir = root + "/src/main/java";
  p.test_dir = root + "/src/test/java";
  p.classes_dir = root + "/classes";
  p.compile_main = false;
  fs::create_directories(p.classes_dir);
  std::string rel = fqn;
  std::replace(rel.begin(), rel.end(), '.', '/');
  fs::create_directories(fs::path(p.src_dir + "/" + rel).parent_path());
  std::ofstream(p.src_dir + "/" + rel + ".java") << source;
  if (!test_text.empty()) {
    fs::create_directories(fs::path(p.test_dir + "/" + rel).parent_path());
    std::ofstream(p.test_dir + "/" + rel + "Test.java") << test_text;
  }
  return p;
}

std::string answer_with(const std::vector<std::string>& methods) {
  std::string out = "```java\n";
  for (const std::string& m : methods) out += m + "\n";
  return out + "```\n";
}

std::string test_method(const std::string& name, const std::string& body) {
  return "@Test\nvoid " + name + "() {\n  " + body + "\n}\n";
}

}  // namespace panta::test
