#include <signal.h>
#include <unistd.h>

#include <csignal>

#include "cli/stop_signals.h"
#include "core/cancel.h"

namespace panta::cli {
namespace {

volatile sig_atomic_t g_signal = 0;  // the last stop signal, for the exit code

void say(const char* text) {
  size_t n = 0;
  while (text[n] != '\0') ++n;
  ssize_t ignored = write(2, text, n);
  (void)ignored;
}

extern "C" void on_stop_signal(int sig) {
  static volatile sig_atomic_t count = 0;
  g_signal = sig;
  count = count + 1;
  if (count == 1) {
    panta::request_stop();
    say("\npanta: stopping after the current step; the test file keeps the last whole "
        "iteration (again: cancel the current step now; --resume goes on later)\n");
  } else if (count == 2) {
    panta::request_abort();
    say("\npanta: cancelling the current step (again: quit at once)\n");
  } else {
    _exit(128 + sig);
  }
}

}  // namespace

void install_stop_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int interrupted_exit_code() {
  return 128 + (g_signal != 0 ? static_cast<int>(g_signal) : SIGINT);
}

}  // namespace panta::cli
