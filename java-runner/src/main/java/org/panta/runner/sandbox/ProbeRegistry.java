package org.panta.runner.sandbox;

import org.jacoco.core.runtime.RuntimeData;

/**
 * Called by JaCoCo-instrumented classes (see ProbeAccessGenerator) to obtain their probe array
 * from the coverage session of the current run. Visible to run class loaders; only its
 * {@code probes} signature (primitive types and String) is seen by instrumented code.
 */
public final class ProbeRegistry {
  private static volatile RuntimeData active = new RuntimeData();

  private ProbeRegistry() {}

  public static boolean[] probes(long classId, String className, int probeCount) {
    return active.getExecutionData(classId, className, probeCount).getProbes();
  }

  /** Makes {@code data} receive the probes of classes initialised from now on. */
  public static void activate(RuntimeData data) {
    active = data;
  }
}
