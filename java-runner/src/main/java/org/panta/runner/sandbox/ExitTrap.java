package org.panta.runner.sandbox;

/**
 * Targets of the call sites rewritten by {@code ExitCallRewriter}. Each method records the attempt
 * (so a swallowed {@link SystemExitAttempted} is still noticed) and throws instead of exiting.
 * Must stay public and visible to run class loaders (package is shared, see SharedApiClassLoader).
 */
public final class ExitTrap {
  private static volatile SystemExitAttempted lastAttempt;

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

  /** Returns and clears the attempt recorded since the previous call, or null. */
  public static SystemExitAttempted takeAttempt() {
    SystemExitAttempted a = lastAttempt;
    lastAttempt = null;
    return a;
  }

  private static SystemExitAttempted record(SystemExitAttempted attempt) {
    lastAttempt = attempt;
    return attempt;
  }
}
