#pragma once

#include <string>

#include "core/result.h"
#include "engine/events.h"

namespace panta::engine {

/// Writes the loop's test file back: atomically, and after copying the user's file, the first
/// time a run writes it, to <root>/.panta/backup/.
class TestFileWriter {
 public:
  /// `existed`: the file was there when the run began. `backed_up`: a backup of it was taken
  /// already (an earlier part of the run, resumed now).
  TestFileWriter(std::string project_root, std::string path, bool existed, bool backed_up,
                 EventSink events);

  /// Writes `text` (a file that never existed is written only once it has tests: `has_tests`).
  Status save(const std::string& text, bool has_tests);

  const std::string& path() const { return path_; }

 private:
  Status back_up();

  std::string root_;
  std::string path_;
  bool existed_;
  bool backed_up_;
  EventSink events_;
};

}  // namespace panta::engine
