package org.panta.runner.sandbox;

/**
 * Thrown where test code tried to reach what decides its verdict (Panta's runner, its coverage
 * probes, the protocol's streams, the JVM's memory): see {@link Guard}. An Error, so that
 * {@code catch (Exception e)} does not swallow it; the attempt is recorded anyway.
 */
public final class TamperingRefused extends Error {
  private static final long serialVersionUID = 1L;

  public TamperingRefused(String what) {
    super("refused by Panta's sandbox: " + what);
  }
}
