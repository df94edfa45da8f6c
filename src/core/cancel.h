#pragma once

namespace panta {

/// The process's two stop requests, set from signal handlers (async-signal-safe) and polled by
/// long waits. A stop asks the generation loop to end after the current step; an abort also
/// makes a running model call, command or retry wait give up at once.
void request_stop() noexcept;
bool stop_requested() noexcept;
void request_abort() noexcept;
bool abort_requested() noexcept;
/// Forgets both requests (for a process that goes on after a stop, such as the tests).
void clear_stop_requests() noexcept;

}  // namespace panta
