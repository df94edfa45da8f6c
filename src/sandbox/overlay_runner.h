#pragma once

#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "runner/jvm_runner.h"
#include "sandbox/project_tree.h"

namespace panta::sandbox {

/// The strict sandbox's watch over a project mounted as an overlay (overlay_prefix): the tests
/// see the project writable, and what they write lands in the overlay's upper folder instead.
/// After each run of tests that folder is read: anything in it is what the run tried to
/// change, every test of the run becomes an error ("the test tried to change the project:
/// deleted src/...", so that the generation loop drops it) and the helper is restarted with an
/// empty upper folder. The project itself is never changed.
class OverlayRunner final : public runner::JvmRunner {
 public:
  /// `overlay` is the layout's overlay folder (holding `upper`, and `upper-<pid>` folders of
  /// earlier starts of the helper).
  OverlayRunner(std::unique_ptr<runner::JvmRunner> inner, std::string project, std::string overlay);

  Result<runner::CompileResult> compile(const runner::CompileRequest& request) override;
  /// Fails (an error, not a result) when the helper cannot be restarted.
  Result<runner::RunResult> run(const runner::RunRequest& request) override;
  Status accept_changes(const std::vector<std::string>& paths) override;
  Status restart() override;
  void allow_edits(const std::string& path) override;

 private:
  std::unique_ptr<runner::JvmRunner> inner_;
  std::string project_;
  std::string overlay_;
};

/// What the upper folders below `overlay` (`upper` and `upper-*`) hold, as changes to
/// `project`, sorted by path: a whiteout is a deleted entry, a file or symlink one that was
/// modified (when `project` has it) or created, a folder that `project` lacks a created one, a
/// folder whose permission bits differ a modified one (others are looked into).
std::vector<TreeChange> overlay_changes(const std::string& overlay, const std::string& project);

/// Removes the `upper-*` folders below `overlay` (unreadable folders made readable first).
void remove_old_uppers(const std::string& overlay);

}  // namespace panta::sandbox
