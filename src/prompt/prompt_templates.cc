#include "prompt/prompt_templates.h"

#include <kainjow/mustache.hpp>

#include <array>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "core/data_dir.h"
#include "coverage/coverage.h"
#include "java/source_text.h"

namespace panta::prompt {
namespace fs = std::filesystem;
namespace mu = kainjow::mustache;

namespace {

constexpr std::array kStrategies = {"baseline", "basic", "cov", "panta", "symprompt", "focused"};

Result<std::string> read_template(const fs::path& path) {
  auto text = java::read_file(path.string());
  if (!text) return Error{path.string() + ": prompt template missing (see --prompt-dir)"};
  mu::mustache check(*text);
  if (!check.is_valid()) return Error{path.string() + ": " + check.error_message()};
  return *text;
}

// Renders without HTML escaping: prompts are plain text.
std::string render(const std::string& templ, mu::data data, const std::string& answer_format,
                   const std::string& answer_statements) {
  data.set("answer_format", mu::partial([answer_format] { return answer_format; }));
  data.set("answer_statements", mu::partial([answer_statements] { return answer_statements; }));
  mu::mustache m(templ);
  m.set_custom_escape([](const std::string& s) { return s; });
  std::string out = m.render(data);
  // Sections left out leave their blank lines: one blank line between parts is enough.
  for (size_t at = out.find("\n\n\n"); at != std::string::npos; at = out.find("\n\n\n", at)) {
    out.erase(at, 1);
  }
  // Templates end in a newline; so does every prompt, exactly one.
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out + "\n";
}

mu::data common_data(const std::string& source, const std::string& test_class,
                     const std::string& package, const std::string& junit) {
  mu::data d;
  d.set("source_file_numbered", numbered(source));
  d.set("test_class_name", test_class);
  d.set("package_name", package);
  d.set("package_clause",
        package.empty() ? std::string("in the default package") : "in package `" + package + "`");
  d.set("junit", junit);
  return d;
}

std::string strip_trailing_newlines(std::string s) {
  while (!s.empty() && s.back() == '\n') s.pop_back();
  return s;
}

mu::data::type truth(bool b) {
  return b ? mu::data::type::bool_true : mu::data::type::bool_false;
}

void set_focused(mu::data& d, const FocusedInputs& f) {
  d.set("focused_context", strip_trailing_newlines(f.context));
  d.set("has_focused_context", truth(!f.context.empty()));
  d.set("focused_source", strip_trailing_newlines(f.source));
  d.set("focused_sliced", truth(f.sliced));
  d.set("focused_licence_left_out", truth(f.licence_left_out));
  d.set("focused_has_members", truth(f.has_members));
  std::string names;
  for (const std::string& n : f.test_names) names += (names.empty() ? "" : ", ") + n;
  d.set("focused_test_names", names.empty() ? std::string("none yet") : names);
  d.set("focused_test_members", strip_trailing_newlines(f.test_members));
  d.set("focused_gaps", strip_trailing_newlines(f.gaps));
  d.set("has_focused_gaps", truth(!f.gaps.empty()));
  d.set("focused_unreachable", strip_trailing_newlines(f.unreachable));
  d.set("has_focused_unreachable", truth(!f.unreachable.empty()));
  std::string dropped;
  for (const std::string& x : f.dropped) dropped += "- " + x + "\n";
  d.set("focused_dropped", strip_trailing_newlines(dropped));
  d.set("has_focused_dropped", truth(!dropped.empty()));
  d.set("focused_unusable", f.unusable);
  d.set("has_focused_unusable", truth(!f.unusable.empty()));
  std::string recorded;
  for (const std::string& r : f.recorded) recorded += (recorded.empty() ? "" : "; ") + r;
  d.set("focused_recorded", recorded);
  d.set("has_focused_recorded", truth(!recorded.empty()));
  std::string reproducers;
  for (const std::string& r : f.reproducers) reproducers += "- " + r + "\n";
  d.set("focused_reproducers", strip_trailing_newlines(reproducers));
  d.set("has_focused_reproducers", truth(!reproducers.empty()));
  d.set("focused_defects_class", f.defects_class);
}

}  // namespace

bool is_strategy(const std::string& name) {
  for (const char* s : kStrategies) {
    if (name == s) return true;
  }
  return false;
}

Result<PromptTemplates> PromptTemplates::load(const std::string& dir, const std::string& strategy) {
  if (!is_strategy(strategy))
    return Error{"unknown strategy " + strategy +
                 " (baseline, basic, cov, panta, symprompt, focused)"};
  PromptTemplates t;
  auto generate = read_template(fs::path(dir) / strategy / "generate.mustache");
  if (!generate) return generate.error();
  auto repair = read_template(fs::path(dir) / "repair.mustache");
  if (!repair) return repair.error();
  auto answer = read_template(fs::path(dir) / "answer_format.mustache");
  if (!answer) return answer.error();
  auto statements = read_template(fs::path(dir) / "answer_statements.mustache");
  if (!statements) return statements.error();
  t.generate_ = std::move(*generate);
  t.repair_ = std::move(*repair);
  t.answer_format_ = strip_trailing_newlines(std::move(*answer));
  t.answer_statements_ = strip_trailing_newlines(std::move(*statements));
  return t;
}

std::string PromptTemplates::render_generate(const GenerateInputs& in) const {
  mu::data d = common_data(in.source_text, in.test_class_name, in.package_name, in.junit);
  d.set("class_name", in.class_name);
  d.set("test_file", in.test_file.empty() ? std::string("// no test file yet")
                                          : strip_trailing_newlines(in.test_file));
  std::string deps;
  for (const std::string& dep : in.dependencies) deps += "- " + dep + "\n";
  d.set("test_dependencies",
        deps.empty() ? std::string("- (none declared)") : strip_trailing_newlines(deps));
  mu::data failed = mu::data::type::list;
  for (const FailedTest& f : in.failed_tests) {
    mu::data item;
    item.set("name", f.name);
    item.set("code", strip_trailing_newlines(f.code));
    item.set("error", strip_trailing_newlines(f.error));
    failed.push_back(item);
  }
  d.set("has_failed_tests",
        in.failed_tests.empty() ? mu::data::type::bool_false : mu::data::type::bool_true);
  d.set("failed_tests", failed);
  mu::data methods = mu::data::type::list;
  for (const MethodTarget& t : in.targets) {
    for (const auto& path : t.paths) {
      mu::data item;
      item.set("name", t.method);
      item.set("note", t.note);
      item.set("path", strip_trailing_newlines(cfg::render_path(path)));
      methods.push_back(item);
    }
  }
  d.set("methods", methods);
  d.set("uncovered_lines", coverage::line_ranges(in.uncovered_lines));
  d.set("partly_lines", coverage::line_ranges(in.partly_lines));
  set_focused(d, in.focused);
  mu::data mutants = mu::data::type::list;
  for (const std::string& m : in.surviving_mutants) mutants.push_back(mu::data("text", m));
  d.set("has_mutants",
        in.surviving_mutants.empty() ? mu::data::type::bool_false : mu::data::type::bool_true);
  d.set("mutants", mutants);
  d.set("method_name", in.symprompt_method);
  d.set("conditions", conditions_of(in.symprompt_path));
  return render(generate_, std::move(d), answer_format_, answer_statements_);
}

std::string PromptTemplates::render_repair(const RepairInputs& in) const {
  mu::data d = common_data(in.source_text, in.test_class_name, in.package_name, in.junit);
  std::string names;
  for (const std::string& n : in.test_names) names += (names.empty() ? "`" : ", `") + n + "`";
  d.set("test_names", names);
  d.set("one_test",
        in.test_names.size() == 1 ? mu::data::type::bool_true : mu::data::type::bool_false);
  d.set("test_count", std::to_string(in.test_names.size()));
  d.set("test_view", strip_trailing_newlines(in.test_view));
  d.set("failure_kind", in.compile_error ? std::string("compile") : std::string("pass"));
  d.set("error", strip_trailing_newlines(in.error));
  d.set("sliced", truth(!in.sliced_source.empty()));
  d.set("has_reproducers", truth(in.has_reproducers));
  if (!in.sliced_source.empty()) {
    d.set("source_file_numbered", strip_trailing_newlines(in.sliced_source));
  }
  return render(repair_, std::move(d), answer_format_, answer_statements_);
}

std::string default_prompt_dir() {
  if (const char* env = std::getenv("PANTA_PROMPT_DIR"); env != nullptr && *env != '\0') return env;
  return (fs::path(data_dir()) / "prompts").string();
}

}  // namespace panta::prompt
