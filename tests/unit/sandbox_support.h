#pragma once

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "test_support.h"

namespace panta::test {

/// Paths of the shop example that hostile tests go after.
inline const std::string kCart = "src/main/java/org/example/shop/Cart.java";
inline const std::string kCartTest = "src/test/java/org/example/shop/CartTest.java";

/// Digits no other test uses: `sleep 1000.<digits>` marks a process.
std::string unique_digits();

/// Whether bubblewrap can start a sandbox on this machine.
bool strict_available();

/// Whether an overlay can be mounted in a user namespace here (strict mode's project view).
bool overlay_available();

/// Every file under `root` with its contents (folders as "<dir>"), but .panta/ and `skip`.
std::map<std::string, std::string> tree_of(const std::string& root, const std::string& skip = "");

/// Whether any file under `root` (.panta/ included) holds `text`.
bool any_file_holds(const std::string& root, const std::string& text);

/// Processes whose command line holds `mark`, from /proc.
int processes_with(const std::string& mark);

/// Polls (bounded) until no process holds `mark`: killed processes take a moment to go.
bool gone_within(const std::string& mark, std::chrono::seconds limit);

/// A fenced answer of one test method `name` with `body` (which may throw Exception).
std::string one_test_answer(const std::string& name, const std::string& body);

/// A `cmd:` model (quoted for the shell) answering call n with answers[n-1] (nothing past the
/// last); before answering call n it runs the shell command `before[n]`, if any. The prompt of
/// call n is kept in <dir>/prompt<n>.txt.
std::string scripted_model(const TempDir& dir, const std::vector<std::string>& answers,
                           const std::map<int, std::string>& before = {});

}  // namespace panta::test
