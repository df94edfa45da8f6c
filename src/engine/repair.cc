#include "engine/repair.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "core/cancel.h"
#include "engine/stack_frames.h"
#include "java/line_facts.h"
#include "java/source_text.h"
#include "junit/answer_statements.h"
#include "junit/junit_dialect.h"
#include "junit/reproducer.h"
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
  return "run|" + key + "|" + first_project_frame(v.error);
}

// The members fixes will stand beside, by key: the file's and those the kept tests bring.
std::map<junit::MemberKey, std::string> members_in_use(const junit::TestFile& file,
                                                       const std::vector<Candidate>& kept) {
  std::vector<junit::TestFile::Addition> additions;
  for (const Candidate& c : kept) additions.push_back({c.test, &c.from});
  std::map<junit::MemberKey, std::string> out;
  for (auto& [key, code] : Probe(file, additions).file().members())
    out.emplace(std::move(key), std::move(code));
  return out;
}

bool same_code(const std::string& a, const std::string& b) {
  return java::collapse_whitespace(a) == java::collapse_whitespace(b);
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

// The methods of a stack trace's frames ("\tat demo.Calc.a(Calc.java:3)" -> "a"; a
// constructor's "<init>" gives its class's name).
std::set<std::string> frame_methods(const std::string& trace) {
  std::set<std::string> out;
  for (std::string frame : stack_frames(trace)) {
    frame = frame.substr(0, frame.find('('));
    std::string method = frame.substr(frame.rfind('.') + 1);
    if (method == "<init>") {
      frame = frame.substr(0, frame.rfind('.'));
      method = frame.substr(frame.rfind('.') + 1);
    }
    if (!method.empty()) out.insert(method);
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
                                                      const std::string& tests,
                                                      const std::string& error) {
  std::set<std::string> called = java::names_called_in(tests);
  called.merge(frame_methods(error));
  std::map<uint32_t, std::set<uint32_t>> out;
  for (bool grew = true; grew;) {
    grew = false;
    for (const MethodGraph& m : cut.graphs) {
      if (out.count(m.start_line) != 0 || called.count(simple_name(m.key)) == 0) continue;
      out[m.start_line] = {};
      grew = true;
      called.merge(cut.facts().called_names(m.start_line, m.end_line));
    }
  }
  return out;
}

std::vector<std::vector<Verdict>> group_by_cause(const std::vector<Verdict>& failing) {
  std::vector<std::pair<std::string, std::vector<Verdict>>> groups;
  for (const Verdict& v : failing) {
    std::string cause = cause_of(v);
    auto g = std::find_if(groups.begin(), groups.end(),
                          [&cause](const auto& x) { return x.first == cause; });
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
                   std::string junit, int attempts, EventSink events, RepairPrompt style)
    : model_(&model),
      validator_(&validator),
      cut_(&cut),
      junit_(std::move(junit)),
      attempts_(attempts),
      events_(std::move(events)),
      style_(style) {}

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
  in.has_reproducers = std::any_of(open.begin(), open.end(), [](const Verdict& v) {
    return junit::reproducer_mark(v.code).has_value();
  });
  if (style_ == RepairPrompt::kSlicedWithDefects) {
    // What the failing tests and the helpers they may use call, and the error's frames.
    std::string tests;
    for (const Verdict& v : open) tests += v.code + "\n";
    if (open.front().context) {
      for (const auto& [key, code] : open.front().context->file().members()) tests += code + "\n";
    }
    auto run = methods_run_by(*cut_, tests, in.error);
    in.sliced_source = prompt::sliced_source(cut_->parsed(), run, prompt::kLongFieldLines);
  }
  return in;
}

bool Repairer::says_code_is_wrong(const std::string& answer, bool has_tests,
                                  std::vector<Verdict>& open, RepairOutcome& out) const {
  if (style_ != RepairPrompt::kSlicedWithDefects) return false;
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

namespace {

// The claim of a fix that carries the reproducer marker, or of the test it fixes.
std::optional<junit::AnswerStatements::Defect> reproducer_claim(const Verdict& fix,
                                                                const Verdict& fixed) {
  auto claim = junit::reproducer_mark(fix.code);
  return claim ? claim : junit::reproducer_mark(fixed.code);
}

// What the fixes' verdicts make of the tests they fix (by name, else the next open one): a
// passing fix goes to `out.fixed`, one that tampered is given up, a reproducer (the fix or the
// test it fixes carries the marker) that compiles goes to `out.reproducers` as it is, any other
// failure stays open with the fix's error.
void settle(std::vector<Verdict>& verdicts, const std::vector<junit::TestMethod>& fixes,
            const junit::ExtractedTests& from, std::vector<Verdict>& open, RepairOutcome& out) {
  for (size_t i = 0; i < verdicts.size() && !open.empty(); ++i) {
    Verdict& fix = verdicts[i];
    auto target = std::find_if(open.begin(), open.end(),
                               [&](const Verdict& v) { return v.name == fixes[i].name; });
    if (target == open.end()) target = open.begin();
    if (fix.passed) {
      out.fixed.push_back({{fix.name, fix.code}, from});
      out.repaired.push_back(target->name);
      open.erase(target);
    } else if (!fix.tampering.empty()) {  // not fed back: what it tried is no mistake to fix
      out.unrepaired.push_back(std::move(fix));
      open.erase(target);
    } else if (auto claim = reproducer_claim(fix, *target); claim && !fix.compile_error) {
      fix.code = junit::with_reproducer_mark(fix.code, *claim);
      out.reproducers.emplace_back(std::move(fix), from);
      open.erase(target);
    } else {
      *target = std::move(fix);
    }
  }
}

}  // namespace

junit::ExtractedTests with_origin(junit::ExtractedTests fix, const junit::ExtractedTests& origin,
                                  const std::map<junit::MemberKey, std::string>& in_use,
                                  const std::string& tests, const EventSink& events) {
  auto add_missing = [](std::vector<std::string>& to, const std::vector<std::string>& from) {
    for (const std::string& x : from) {
      if (std::find(to.begin(), to.end(), x) == to.end()) to.push_back(x);
    }
  };
  add_missing(fix.imports, origin.imports);
  add_missing(fix.class_annotations, origin.class_annotations);
  for (const auto& [key, code] : fix.members) {
    auto used = in_use.find(key);
    if (used != in_use.end() && !same_code(used->second, code)) {
      events(event::RepairMember{tests, key.label(), false});
      continue;
    }
    auto earlier = std::find_if(origin.members.begin(), origin.members.end(),
                                [&key](const auto& m) { return m.key == key; });
    if (used == in_use.end() && earlier != origin.members.end() &&
        !same_code(earlier->code, code)) {
      events(event::RepairMember{tests, key.label(), true});
    }
  }
  for (const auto& member : origin.members) {
    bool again = std::any_of(fix.members.begin(), fix.members.end(),
                             [&member](const auto& m) { return m.key == member.key; });
    if (!again) fix.members.push_back(member);
  }
  return fix;
}

Result<bool> Repairer::attempt(const junit::TestFile& file, std::vector<Verdict>& open,
                               junit::ExtractedTests& origin,
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
  origin = with_origin(std::move(*extracted), origin, members_in_use(file, context), joined(open),
                       events_);
  std::vector<junit::TestMethod> fixes;
  for (const junit::TestMethod& fix : origin.tests) {
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
  auto verdicts = validator_->try_tests(file, fixes, origin, context);
  if (!verdicts) return verdicts.error();
  settle(*verdicts, fixes, origin, open, out);
  return true;
}

Result<RepairOutcome> Repairer::repair(const junit::TestFile& file,
                                       const std::vector<Verdict>& failing,
                                       const junit::ExtractedTests& origin,
                                       const std::vector<Candidate>& accepted,
                                       IterationReport& it) {
  RepairOutcome out;
  junit::ExtractedTests base = origin;  // what the fixes build on: each answer adds to it
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
    auto go_on = attempt(file, open, base, accepted, out, it);
    if (!go_on) return go_on.error();
    if (panta::stop_requested() || !*go_on) break;
  }
  out.unrepaired.insert(out.unrepaired.end(), open.begin(), open.end());
  return out;
}

}  // namespace panta::engine
