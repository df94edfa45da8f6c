package org.panta.runner.isolation;

/**
 * Transforms a project class file as it is loaded by a run class loader. Coverage instrumentation
 * (when requested for the class) is applied to the original bytes first, so JaCoCo's class id is
 * that of the original class file; test classes are then guarded (TestCodeGuard), and exit-call
 * rewriting follows; neither changes probes.
 */
public final class ClassTransformer {
  /** Coverage instrumentation step; {@link #NONE} leaves every class unchanged. */
  public interface Instrumentation {
    Instrumentation NONE = (name, original) -> original;

    byte[] instrument(String className, byte[] original);
  }

  private final Instrumentation coverage;
  private final boolean guardTests;

  /** {@code guardTests}: the classes of units (test classes) get TestCodeGuard's checks. */
  public ClassTransformer(Instrumentation coverage, boolean guardTests) {
    this.coverage = coverage;
    this.guardTests = guardTests;
  }

  byte[] transform(String className, byte[] original, boolean testClass) {
    byte[] bytes = coverage.instrument(className, original);
    if (testClass && guardTests) {
      bytes = TestCodeGuard.rewrite(bytes);
    }
    return ExitCallRewriter.rewrite(bytes);
  }
}
