#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/result.h"

namespace panta::project {

/// A JDK on disk.
struct Jdk {
  std::string home;     ///< The folder holding bin/java and bin/javac.
  std::string version;  ///< Its release file's JAVA_VERSION ("17.0.15", "1.8.0_402").
  int feature = 0;      ///< The Java release it is (8, 17, 25).

  std::string java() const { return home + "/bin/java"; }
};

/// The oldest JDK Panta's JVM helper and PIT run on.
inline constexpr int kMinimumRunnerJdk = 17;

/// The JDK at `home`, told by its `release` file. Fails naming `home` when it holds no
/// bin/java and bin/javac (a JRE, a wrong folder) or no readable release file.
Result<Jdk> read_jdk(const std::string& home);

/// The JDK that the `java` found on PATH belongs to (through its symbolic links). Fails when
/// there is none.
Result<Jdk> jdk_on_path();

/// The JDKs installed in /usr/lib/jvm (Debian's and others' packages), newest first.
std::vector<Jdk> installed_jdks();

/// Which JDKs Panta uses for a project.
struct JdkChoice {
  /// The project's JDK: --java-home, else $JAVA_HOME, else the one of `java` on PATH. Maven
  /// runs with it as JAVA_HOME.
  Jdk project;
  /// The JDK that compiles and runs the tests (javac in the JVM helper, the test JVM, PIT):
  /// the project's when it is 17 or newer, else Panta's own (on PATH, or the newest
  /// installed), which then compiles with --release of the build.
  Jdk runner;
  /// "" or one line for the user: why the runner's JDK is not the project's.
  std::string note;
};

/// Chooses the JDKs: `flag` (--java-home) wins over `java_home_env` ($JAVA_HOME, "" when
/// unset), which wins over `java` on PATH. Fails naming the folder that is no JDK, or when no
/// JDK 17 or newer can be found for the runner.
Result<JdkChoice> choose_jdks(const std::string& flag, const std::string& java_home_env);

/// Fails when `release` (the newest Java release the build compiles for) is newer than the
/// runner's JDK, naming the JDK needed, the JDKs installed that would do, and how to point at
/// one (--java-home or JAVA_HOME).
Status check_release(const JdkChoice& jdks, std::optional<int> release);

}  // namespace panta::project
