#include "engine/repair.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <set>

#include "core/cancel.h"
#include "java/source_text.h"
#include "junit/answer_statements.h"
#include "junit/junit_dialect.h"
#include "prompt/source_view.h"

namespace panta::engine {

std::string unrepairable_reason(const Verdict& v) {
  if (!v.compile_error) return "";
  for (const char* limit : {"code too large", "too many constants"}) {
    if (v.error.find(limit) != std::string::npos) {
      return std::string("javac says \"") + limit + "\", a class file limit that no repair can fix";
    }
  }
  return "";
}

namespace {

// A verdict's cause, as grouping compares it.
std::string cause_of(const Verdict& v) {
  if (v.compile_error) {
    // javac's messages without their lines: "line 12: error: cannot find symbol ..." lines.
    std::set<std::string> messages;
    size_t at = 0;
    while ((at = v.error.find(": error: ", at)) != std::string::npos) {
      size_t end = v.error.find('\n', at);
      messages.insert(v.error.substr(at, end == std::string::npos ? end : end - at));
      at += 9;
    }
    std::string key = "compile";
    for (const auto& m : messages) key += "|" + m;
    return key;
  }
  std::string first = v.error.substr(0, v.error.find('\n'));
  if (first.find("AssertionFailedError") != std::string::npos ||
      first.find("AssertionError") != std::string::npos ||
      first.find("ComparisonFailure") != std::string::npos) {
    return "assertion|" + v.name;
  }
  std::string key;
  for (char c : first) {
    if (!std::isdigit(static_cast<unsigned char>(c))) key += c;
  }
  return "run|" + key;
}

std::string joined(const std::vector<Verdict>& tests) {
  std::string out;
  for (const Verdict& v : tests) out += (out.empty() ? "" : ", ") + v.name;
  return out;
}

// The name of a test of `file` or of `accepted` with the same body as `test`, or "".
std::string repeated(const junit::TestFile& file, const std::vector<Candidate>& accepted,
                     const junit::TestMethod& test) {
  std::string same = file.same_test_as(test);
  if (!same.empty()) return same;
  std::string key = junit::test_body_key(test.code);
  for (const Candidate& c : accepted) {
    if (junit::test_body_key(c.test.code) == key) return c.test.name;
  }
  return "";
}

// The names `text` calls: each identifier an opening parenthesis follows.
std::set<std::string> called_names(std::string_view text) {
  static const std::regex kCall(R"(([A-Za-z_$][A-Za-z0-9_$]*)\s*\()");
  std::set<std::string> out;
  for (std::cregex_iterator it(text.data(), text.data() + text.size(), kCall), end; it != end;
       ++it) {
    out.insert((*it)[1].str());
  }
  return out;
}

// "Lexer.nextToken(Token)" -> "nextToken"; a constructor's key gives the class's name.
std::string simple_name(const std::string& key) {
  std::string head = key.substr(0, key.find('('));
  return head.substr(head.rfind('.') + 1);
}

}  // namespace

std::map<uint32_t, std::set<uint32_t>> methods_run_by(const ClassUnderTest& cut,
                                                      const std::string& text) {
  java::SourceText source("source", cut.source_text);
  std::set<std::string> called = called_names(text);
  std::map<uint32_t, std::set<uint32_t>> out;
  for (bool grew = true; grew;) {
    grew = false;
    for (const MethodGraph& m : cut.graphs) {
      if (out.count(m.start_line) != 0 || called.count(simple_name(m.key)) == 0) continue;
      out[m.start_line] = {};
      grew = true;
      for (uint32_t l = m.start_line; l <= m.end_line; ++l)
        called.merge(called_names(source.line(l)));
    }
  }
  return out;
}

std::vector<std::vector<Verdict>> group_by_cause(const std::vector<Verdict>& failing,
                                                 size_t max_group) {
  std::vector<std::pair<std::string, std::vector<Verdict>>> groups;
  for (const Verdict& v : failing) {
    std::string cause = cause_of(v);
    auto g = std::find_if(groups.begin(), groups.end(), [&cause, max_group](const auto& x) {
      return x.first == cause && x.second.size() < max_group;
    });
    if (g == groups.end()) {
      groups.push_back({cause, {v}});
    } else {
      g->second.push_back(v);
    }
  }
  std::vector<std::vector<Verdict>> out;
  for (auto& [cause, tests] : groups) out.push_back(std::move(tests));
  return out;
}

Repairer::Repairer(ModelCaller& model, TestValidator& validator, const ClassUnderTest& cut,
                   std::string junit, int attempts, EventSink events, bool focused)
    : model_(&model),
      validator_(&validator),
      cut_(&cut),
      junit_(std::move(junit)),
      attempts_(attempts),
      events_(std::move(events)),
      focused_(focused) {}

prompt::RepairInputs Repairer::inputs(const std::vector<Verdict>& open) const {
  prompt::RepairInputs in;
  in.source_text = cut_->source_text;
  in.test_class_name = cut_->test_class;
  in.package_name = cut_->package;
  in.junit = junit_;
  in.test_view = validator_->repair_view(open);
  in.compile_error = open.front().compile_error;
  bool same_error = std::all_of(open.begin(), open.end(), [&open](const Verdict& v) {
    return v.error == open.front().error;
  });
  for (const Verdict& v : open) {
    in.test_names.push_back(v.name);
    if (same_error && &v != &open.front()) continue;
    in.error += (open.size() > 1 && !same_error ? v.name + ":\n" : "") + v.error;
    if (!in.error.empty() && in.error.back() != '\n') in.error += "\n";
  }
  if (focused_) {
    in.defects_section = true;
    in.sliced_source = prompt::sliced_source(cut_->source_text,
                                             methods_run_by(*cut_, in.test_view + "\n" + in.error),
                                             prompt::kLongFieldLines);
  }
  return in;
}

bool Repairer::says_code_is_wrong(const std::string& answer, bool has_tests,
                                  std::vector<Verdict>& open, RepairOutcome& out) const {
  if (!focused_) return false;
  std::vector<junit::AnswerStatements::Defect> defects = junit::parse_statements(answer).defects;
  out.suspected_defects.insert(out.suspected_defects.end(), defects.begin(), defects.end());
  if (has_tests || defects.empty()) return false;
  std::string first = junit::defect_text(defects.front());
  for (Verdict& v : open) {
    events_(event::RepairSaysDefect{v.name, first});
    v.error += "\n(the repair answer says the code, not the test, is wrong: " + first + ")";
  }
  return true;
}

Result<bool> Repairer::attempt(const junit::TestFile& file, std::vector<Verdict>& open,
                               const std::vector<Candidate>& accepted, RepairOutcome& out,
                               IterationReport& it) {
  prompt::RepairInputs in = inputs(open);
  auto answer = model_->repair(in);
  if (!answer) {
    events_(event::ModelError{answer.error().message, true});
    return false;
  }
  it.prompt_tokens += answer->prompt_tokens;
  it.completion_tokens += answer->completion_tokens;
  auto extracted = junit::extract_tests_for(answer->text, file);
  if (says_code_is_wrong(answer->text, extracted.ok(), open, out)) return false;
  if (!extracted) {
    for (Verdict& v : open) {
      v.error += "\n(the repair answer had no usable test: " + extracted.error().message + ")";
    }
    return true;
  }
  std::vector<Candidate> context = accepted;
  context.insert(context.end(), out.fixed.begin(), out.fixed.end());
  std::vector<junit::TestMethod> fixes;
  for (const junit::TestMethod& fix : extracted->tests) {
    std::string same = repeated(file, context, fix);
    if (same.empty()) {
      fixes.push_back(fix);
      continue;
    }
    // The fix of that test (by name, else the next one) repeats a test that is there already.
    auto target = std::find_if(open.begin(), open.end(),
                               [&fix](const Verdict& v) { return v.name == fix.name; });
    if (target == open.end() && open.size() == 1) target = open.begin();
    if (target == open.end()) continue;
    events_(event::RepairRepeats{target->name, same});
    out.unrepaired.push_back(*target);
    open.erase(target);
  }
  if (fixes.empty()) return !open.empty();
  auto verdicts = validator_->try_tests(file, fixes, *extracted, context);
  if (!verdicts) return verdicts.error();
  for (size_t i = 0; i < verdicts->size() && !open.empty(); ++i) {
    Verdict& fix = (*verdicts)[i];
    auto target = std::find_if(open.begin(), open.end(),
                               [&](const Verdict& v) { return v.name == fixes[i].name; });
    if (target == open.end()) target = open.begin();
    if (fix.passed) {
      out.fixed.push_back({{fix.name, fix.code}, *extracted});
      out.repaired.push_back(target->name);
      open.erase(target);
    } else if (!fix.tampering.empty()) {  // not fed back: what it tried is no mistake to fix
      out.unrepaired.push_back(std::move(fix));
      open.erase(target);
    } else {
      *target = std::move(fix);
    }
  }
  return true;
}

Result<RepairOutcome> Repairer::repair(const junit::TestFile& file,
                                       const std::vector<Verdict>& failing,
                                       const std::vector<Candidate>& accepted,
                                       IterationReport& it) {
  RepairOutcome out;
  std::vector<Verdict> open;
  for (const Verdict& v : failing) {
    std::string why = attempts_ > 0 ? unrepairable_reason(v) : "";
    if (!why.empty()) {
      events_(event::NotRepairable{v.name, why});
      out.unrepaired.push_back(v);
    } else {
      open.push_back(v);
    }
  }
  for (int n = 1; !open.empty() && n <= attempts_; ++n) {
    events_(
        event::RepairAttempt{joined(open), open.front().compile_error, n, attempts_, open.size()});
    auto go_on = attempt(file, open, accepted, out, it);
    if (!go_on) return go_on.error();
    if (panta::stop_requested() || !*go_on) break;
  }
  out.unrepaired.insert(out.unrepaired.end(), open.begin(), open.end());
  return out;
}

}  // namespace panta::engine
