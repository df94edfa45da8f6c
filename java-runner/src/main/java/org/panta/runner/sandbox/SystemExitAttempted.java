package org.panta.runner.sandbox;

/**
 * Thrown in place of System.exit / Runtime.exit / Runtime.halt by rewritten project code. An
 * Error so that ordinary {@code catch (Exception e)} blocks in code under test do not swallow it.
 */
public final class SystemExitAttempted extends Error {
  private static final long serialVersionUID = 1L;
  private final int status;

  public SystemExitAttempted(String call, int status) {
    super(call + "(" + status + ") called");
    this.status = status;
  }

  public int status() {
    return status;
  }
}
