#include "engine/defects_keeper.h"

#include <filesystem>

#include "engine/test_file_writer.h"
#include "java/text_encoding.h"
#include "junit/reproducer.h"

namespace panta::engine {
namespace fs = std::filesystem;

DefectsKeeper::DefectsKeeper(const project::Project& project, runner::TestSession& session,
                             const ClassUnderTest& cut, const DefectCheck& check, EventSink events,
                             std::chrono::milliseconds test_timeout)
    : project_(&project),
      session_(&session),
      cut_(&cut),
      check_(&check),
      events_(std::move(events)),
      test_timeout_(test_timeout),
      defects_(defects_class_for(cut)),
      version_(project.junit == project::JUnitFlavour::kJUnit4 ? junit::JUnitVersion::k4
                                                               : junit::JUnitVersion::k5) {}

Result<std::optional<std::string>> DefectsKeeper::read_existing() const {
  std::error_code ec;
  if (!fs::exists(defects_.path, ec)) return std::optional<std::string>();
  auto text = java::read_text_file(defects_.path, project_->encoding);
  if (!text) return text.error();
  return std::optional<std::string>(std::move(*text));
}

Result<bool> DefectsKeeper::recheck(LoopState& state) {
  auto text = read_existing();
  if (!text) return text.error();
  if (!*text) return false;
  auto runs = run_reproducers(*session_, defects_, **text, test_timeout_);
  if (!runs) return runs.error();
  if (!runs->compile_errors.empty()) {
    events_(event::AnswerNote{defects_.path + " does not compile: its reproducers are not run"});
    return false;
  }
  auto kept = junit::TestFile::parse(**text);
  if (!kept) return kept.error();
  junit::ExtractedTests from;  // what the moved tests use of the defects class
  from.imports = kept->imports();
  from.members = kept->members();
  junit::TestFile moved_to = *state.file;
  junit::TestFile left = *kept;
  std::vector<std::pair<std::string, const ReproducerRun*>> fixed;  // name in the test class
  for (const ReproducerRun& r : runs->runs) {
    if (r.result.status != runner::TestStatus::kPassed) continue;  // still a defect
    std::string code =
        junit::without_reproducer_mark(junit::enabled_again(kept->test_code(r.name)));
    fixed.emplace_back(moved_to.add_test({r.name, code}, from), &r);
    left.remove_test(r.name);
  }
  if (fixed.empty()) return false;
  auto compiled = session_->compile_test_text(cut_->test_path, moved_to.text(), "tests");
  if (!compiled) return compiled.error();
  if (!compiled->success) {
    events_(event::AnswerNote{"the reproducers that pass now do not compile in " +
                              cut_->test_class + ": they stay in " + defects_.name});
    return false;
  }
  for (const auto& [name, r] : fixed) {
    DefectEntry e = check_->entry(Verdict{}, r->claim, DefectStatus::kFixed,
                                  "it passes now: moved into " + cut_->test_class);
    e.test = cut_->test_fqn + "#" + name;
    events_(event::DefectChecked{name, "fixed", junit::defect_text(r->claim), e.why});
    state.other_defects.push_back(std::move(e));
  }
  state.file = std::move(moved_to);
  pending_ = left.test_names().empty() ? std::string() : left.text();
  return true;
}

Status DefectsKeeper::write_pending(const std::string& run) {
  if (!pending_) return ok_status();
  Status s = write(*pending_, run);
  pending_.reset();
  return s;
}

// The reproducers of `state` that compile together in the defects class (with what it has):
// all of them at once, else one at a time; one that does not is unconfirmed.
Result<std::vector<Reproducer>> DefectsKeeper::compiling_together(
    LoopState& state, const std::optional<std::string>& existing) {
  auto compiles = [&](const std::vector<Reproducer>& list) -> Result<std::string> {
    auto text = defects_text(existing, *state.file, defects_, list, version_);
    if (!text) return text.error();
    auto compiled = session_->compile_test_text(defects_.path, text->file.text(), "defects");
    if (!compiled) return compiled.error();
    return compiled->success ? std::string() : runner::format_diagnostics(compiled->diagnostics);
  };
  auto all = compiles(state.reproducers);
  if (!all) return all.error();
  if (all->empty()) return state.reproducers;
  std::vector<Reproducer> kept;
  for (Reproducer& r : state.reproducers) {
    kept.push_back(r);
    auto errors = compiles(kept);
    if (!errors) return errors.error();
    if (errors->empty()) continue;
    kept.pop_back();
    r.entry.status = DefectStatus::kUnconfirmed;
    r.entry.why =
        "it does not compile in " + defects_.name + ": " + errors->substr(0, errors->find('\n'));
    events_(
        event::DefectChecked{r.test.name, "unconfirmed", junit::defect_text(r.claim), r.entry.why});
    state.other_defects.push_back(r.entry);
  }
  return kept;
}

Result<std::string> DefectsKeeper::keep(LoopState& state, const std::string& run) {
  if (state.reproducers.empty()) return std::string();
  auto existing = read_existing();
  if (!existing) return existing.error();
  auto kept = compiling_together(state, *existing);
  if (!kept) return kept.error();
  state.reproducers = std::move(*kept);
  if (state.reproducers.empty()) return std::string();
  auto text = defects_text(*existing, *state.file, defects_, state.reproducers, version_);
  if (!text) return text.error();
  if (auto s = write(text->file.text(), run); !s) return s.error();
  size_t added = 0;
  for (size_t i = 0; i < state.reproducers.size(); ++i) {
    added += text->added[i] ? 1 : 0;
    state.reproducers[i].entry.test = defects_.fqn + "#" + text->names[i];
  }
  events_(event::DefectsWritten{defects_.path, added});
  return defects_.path;
}

// Writes the defects class (removes it when `text` is empty), backed up as the test file is.
Status DefectsKeeper::write(const std::string& text, const std::string& run) {
  auto existing = read_existing();
  if (!existing) return existing.error();
  TestFileWriter writer(project_->root, defects_.path, project_->encoding, existing->has_value(),
                        existing->value_or(""), cut_->class_name, events_);
  writer.on_write(
      [this](const std::vector<std::string>& paths) { return session_->accept_changes(paths); });
  writer.set_run(run, false);
  Status done = text.empty() ? writer.remove() : writer.save(text, true);
  if (writer.changed()) written_.insert(defects_.path);
  return done;
}

void report_defects(const LoopState& state, GenerateReport& report) {
  report.defects.clear();
  for (const Reproducer& r : state.reproducers) report.defects.push_back(r.entry);
  for (const DefectEntry& d : state.other_defects) report.defects.push_back(d);
  report.disagreements = state.disagreements;
}

}  // namespace panta::engine
