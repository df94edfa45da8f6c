#include "core/cancel.h"

#include <atomic>

namespace panta {
namespace {

std::atomic<bool> g_stop{false};
std::atomic<bool> g_abort{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from signal handlers");

}  // namespace

void request_stop() noexcept {
  g_stop = true;
}

bool stop_requested() noexcept {
  return g_stop;
}

void request_abort() noexcept {
  g_stop = true;
  g_abort = true;
}

bool abort_requested() noexcept {
  return g_abort;
}

void clear_stop_requests() noexcept {
  g_stop = false;
  g_abort = false;
}

}  // namespace panta
