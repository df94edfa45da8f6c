#pragma once

#include <set>
#include <string>
#include <vector>

#include "engine/class_under_test.h"
#include "engine/gaps.h"
#include "engine/loop_state.h"
#include "project/project.h"
#include "prompt/prompt_inputs.h"

namespace panta::engine {

/// The focused prompt's context block for a class: the Java release (the build's, else the
/// JDK's that runs the tests), the project's coordinates, the JUnit generation, the libraries
/// the tests may use with their versions, the API of the project's types the class uses
/// (within about 4,000 characters) and a note when it calls locale- or time-dependent APIs.
/// Made once per class: reads the sources of those types.
std::string focused_context(const project::Project& project, const ClassUnderTest& cut,
                            const std::string& junit, const std::vector<std::string>& dependencies);

/// The focused strategy's sections for the class as `state` has it (see prompt::FocusedInputs):
/// the whole source without its licence while nothing is covered, else the source sliced to
/// the methods with gaps; the test class's names and other members; the gaps not asked for
/// too often (counting this ask in `state.gap_asks`); the last answer's tests not kept.
/// Returns every gap, possibly unreachable ones marked.
/// `also_show`: lines the prompt asks about besides the gaps (a mutants round's mutated
/// lines), whose methods the slice shows too.
std::vector<Gap> focused_inputs(const ClassUnderTest& cut, LoopState& state,
                                const std::string& context, prompt::FocusedInputs& out,
                                const std::set<uint32_t>& also_show = {});

}  // namespace panta::engine
