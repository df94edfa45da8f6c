#pragma once

#include <string>
#include <vector>

#include "engine/events.h"
#include "engine/loop_state.h"
#include "engine/test_validator.h"

namespace panta::engine {

/// The test file after an iteration, and how many generated tests had been kept by then.
struct Checkpoint {
  junit::TestFile file;
  size_t kept = 0;
};

/// Runs the whole test class once with every test the run kept: new tests are validated
/// without the file's own, so a test that passes alone may still break one of the user's
/// (shared static state, class-level setup) or make the file stop compiling. When the class
/// fails, goes back to the newest checkpoint that passes and adds the later iterations' tests
/// again, an iteration at a time, then a test at a time where an iteration breaks it; tests
/// that break it are dropped (events). `state` gets the file, its kept tests and the coverage
/// of the whole class as measured. `checkpoints` start with the file as the run found it.
/// Fails only when the JVM helper does.
Status check_whole_class(TestValidator& validator, const std::vector<Checkpoint>& checkpoints,
                         LoopState& state, const EventSink& events);

}  // namespace panta::engine
