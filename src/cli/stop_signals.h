#pragma once

namespace panta::cli {

/// SIGINT or SIGTERM: the first asks the loop to stop after the current step, the second to
/// give up the current model call or command now, the third ends the process at once.
void install_stop_handlers();

/// 130 after SIGINT, 143 after SIGTERM, as shells report them.
int interrupted_exit_code();

}  // namespace panta::cli
