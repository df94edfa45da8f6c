#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "cli/generate_summary.h"
#include "project/maven_tool.h"
#include "project/project.h"

namespace panta::cli {

/// The Java files the runs of `outcomes` wrote that are still there, each once, in order.
std::vector<std::string> files_written(const std::vector<ClassOutcome>& outcomes);

/// Runs the build's formatters (project.formatters) on `files` (the files Panta wrote; nothing
/// else is formatted) and says on `err` which files it formatted, or why it could not (they stay
/// as Panta wrote them: a formatter's failure fails no run). Returns the files it formatted.
std::vector<std::string> format_written_files(const project::Project& project,
                                              project::MavenTool& maven,
                                              const std::vector<std::string>& files,
                                              std::ostream& err);

}  // namespace panta::cli
