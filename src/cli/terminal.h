#pragma once

namespace panta::cli {

/// Whether the process's stderr is a terminal (then progress can be redrawn in place).
bool stderr_is_terminal();

/// The terminal's width in columns, or 100 when it cannot be told.
int terminal_width();

}  // namespace panta::cli
