package org.panta.runner.sandbox;

import org.panta.runner.isolation.Attempts;

/**
 * Targets of the call sites rewritten by {@code ExitCallRewriter}. Each method records the attempt
 * (so a swallowed {@link SystemExitAttempted} is still noticed) and throws instead of exiting.
 * Must stay public and visible to run class loaders (package is shared, see SharedApiClassLoader);
 * the record it writes is not (isolation.Attempts), so code under test cannot clear it.
 */
public final class ExitTrap {
  private ExitTrap() {}

  public static void systemExit(int status) {
    throw record(new SystemExitAttempted("System.exit", status));
  }

  public static void runtimeExit(Runtime runtime, int status) {
    throw record(new SystemExitAttempted("Runtime.exit", status));
  }

  public static void runtimeHalt(Runtime runtime, int status) {
    throw record(new SystemExitAttempted("Runtime.halt", status));
  }

  private static SystemExitAttempted record(SystemExitAttempted attempt) {
    Attempts.exit(attempt);
    return attempt;
  }
}
