#pragma once

#include <optional>
#include <string>
#include <vector>

#include "junit/test_answer.h"
#include "junit/test_file.h"

namespace panta::junit {

/// The JUnit generation `imports` are written for: Jupiter imports make it 5, other `org.junit`
/// ones 4; none at all, or both, tell nothing.
std::optional<JUnitVersion> junit_version_of(const std::vector<std::string>& imports);

/// The generation an answer is written for: its imports, else the annotations and calls only
/// one generation has (`@Before`, `@Test(expected = ...)`, `Assert.`; `@BeforeEach`,
/// `@ParameterizedTest`, `Assertions.`, ...).
std::optional<JUnitVersion> answer_version(const ExtractedTests& answer);

/// Rewrites an answer written for the other JUnit generation for `target`, in place: imports,
/// lifecycle annotations (`@Before` <-> `@BeforeEach`, `@Ignore` <-> `@Disabled`, ...), the
/// `Assert`/`Assertions` classes with a message argument moved (a string literal, first in
/// JUnit 4, last in JUnit 5), JUnit 4's `@Test(expected = X.class)` as `assertThrows` and
/// `@Test(timeout = N)` as `assertTimeoutPreemptively`, `public` test methods for JUnit 4,
/// `@DisplayName` dropped. What has no counterpart (`@ParameterizedTest` or `assertAll` in
/// JUnit 4, rules and runners in JUnit 5) is left as written: javac or the run says so, and
/// the repair prompt shows it. Returns a note per answer converted (empty when none was).
std::vector<std::string> convert_answer(ExtractedTests& answer, JUnitVersion target);

/// extract_tests, then convert_answer to the generation of `file` (by its imports): the tests
/// of an answer as they can go into that file; a conversion is one of the notes.
Result<ExtractedTests> extract_tests_for(const std::string& answer, const TestFile& file);

}  // namespace panta::junit
