package org.panta.runner.isolation;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Time the run class loaders spent finding, transforming (instrumenting) and defining classes,
 * in all. The watchdog leaves it out of a test's time limit: loading and instrumenting the code
 * under test the first time a test touches it is the helper's cost, not the test's.
 */
public final class ClassLoadingClock {
  private static final AtomicLong NANOS = new AtomicLong();

  private ClassLoadingClock() {}

  /** Nanoseconds spent loading classes so far (monotonic). */
  public static long nanos() {
    return NANOS.get();
  }

  static void add(long nanos) {
    NANOS.addAndGet(nanos);
  }
}
