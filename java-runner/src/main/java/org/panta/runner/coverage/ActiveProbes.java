package org.panta.runner.coverage;

import org.jacoco.core.runtime.RuntimeData;

/**
 * The coverage session whose probes instrumented classes get (through sandbox.ProbeRegistry,
 * the only part of it test code can see). Switching it is the runner's alone: this package is
 * not visible to run class loaders.
 */
public final class ActiveProbes {
  private static volatile RuntimeData active = new RuntimeData();

  private ActiveProbes() {}

  public static RuntimeData get() {
    return active;
  }

  /** Makes {@code data} receive the probes of classes initialised from now on. */
  static void activate(RuntimeData data) {
    active = data;
  }
}
