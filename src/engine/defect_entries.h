#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

// What the entries of an answer's "Suspected defects" section say, read from their text: the
// lines they set aside as unreachable, those they take back, and how a prompt names them.
namespace panta::engine {

/// The lines an answer's "Suspected defects" section says cannot be reached ("line 230: dead
/// code", "lines 352-361: the condition can never be false"), with what it said: the lines or
/// ranges (at most 50 lines each) an entry begins with ("line 321 (`x` false) and lines
/// 328-329: ..." names both), says the same of ("...; same for line 361") or says is never or
/// always true or false ("`!hard` at line 236 is never false"), when the entry
/// also says "unreachable",
/// "dead", "impossible to reach", "is always true/false", "can never", "cannot be
/// reached/true/false/taken/run" or "never be ..." (not a mere "never": "never returns null")
/// and denies none of it ("not unreachable", "can be reached").
std::map<uint32_t, std::string> said_unreachable(const std::vector<std::string>& suspected);

/// Whether an entry is only a claim that code cannot be reached: it sets lines aside
/// (said_unreachable) and its first words after the lines say so ("line 230: cannot be
/// reached: ...", "line 344 (false outcome): is always true"), not an entry naming a defect
/// that goes on to say some part cannot be reached.
bool says_only_unreachable(const std::string& entry);

/// How a prompt names the suspected defects earlier answers gave: "line 230" or "lines 352-361"
/// for an entry that begins with a line or range, else its first 60 characters in quotes; each
/// once, in order.
std::vector<std::string> defect_mentions(const std::vector<std::string>& suspected);

/// The lines entries say can be reached after all ("lines 321 / 328-329: correction: these are
/// reachable ...", "line 40: not unreachable"): the lines or ranges they begin with.
std::set<uint32_t> said_reachable(const std::vector<std::string>& suspected);

}  // namespace panta::engine
