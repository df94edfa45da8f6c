package org.panta.runner.isolation;

import org.panta.runner.sandbox.SystemExitAttempted;

/**
 * What the code of a run tried that the sandbox stopped: the last exit call (System.exit and
 * the like, rewritten to throw) and the first tampering attempt (a guarded call refused, see
 * {@code org.panta.runner.sandbox.Guard}) since the last {@link #take()}. Written by the sandbox
 * API's classes, read by the runner between tests. Not visible to project or test code: its
 * package is not the sandbox API's, which is all that run class loaders see of the helper.
 */
public final class Attempts {
  /** The attempts of one test. */
  public record Taken(SystemExitAttempted exit, String tampering) {}

  private static volatile SystemExitAttempted exit;
  private static volatile String tampering;

  private Attempts() {}

  public static void exit(SystemExitAttempted attempt) {
    exit = attempt;
  }

  /** Records what a test tried; the first attempt since the last take() is kept. */
  public static synchronized void tampering(String what) {
    if (tampering == null) {
      tampering = what;
    }
  }

  /** Returns and clears what was recorded since the previous call. */
  public static synchronized Taken take() {
    Taken t = new Taken(exit, tampering);
    exit = null;
    tampering = null;
    return t;
  }
}
