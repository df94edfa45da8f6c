#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace panta::engine {

/// The frames of a stack trace as the JVM helper renders it, in order: what follows each
/// "at " up to its line's end, when it names a place ("demo.Calc.a(Calc.java:3)").
std::vector<std::string> stack_frames(const std::string& trace);

/// The first frame of a stack trace in the project's code (main or test classes): not the
/// JDK's, nor a test library's or Panta's; "" when there is none.
std::string first_project_frame(const std::string& trace);

/// A frame's class ("demo.Calc" of "demo.Calc.a(Calc.java:3)", "demo.Calc$Inner" too).
std::string frame_class(const std::string& frame);

/// A frame's line (3 of "demo.Calc.a(Calc.java:3)"), 0 when it has none.
uint32_t frame_line(const std::string& frame);

}  // namespace panta::engine
