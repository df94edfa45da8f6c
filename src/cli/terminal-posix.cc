#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/terminal.h"

namespace panta::cli {

bool stderr_is_terminal() {
  return isatty(STDERR_FILENO) == 1;
}

int terminal_width() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) != 0 || size.ws_col == 0) return 100;
  return size.ws_col;
}

}  // namespace panta::cli
