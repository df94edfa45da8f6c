package org.panta.runner.isolation;

/**
 * Transforms a project class file as it is loaded by a run class loader. Coverage instrumentation
 * (when requested for the class) is applied to the original bytes first, so JaCoCo's class id is
 * that of the original class file; exit-call rewriting follows and does not change probes.
 */
public final class ClassTransformer {
  /** Coverage instrumentation step; {@link #NONE} leaves every class unchanged. */
  public interface Instrumentation {
    Instrumentation NONE = (name, original) -> original;

    byte[] instrument(String className, byte[] original);
  }

  private final Instrumentation coverage;

  public ClassTransformer(Instrumentation coverage) {
    this.coverage = coverage;
  }

  byte[] transform(String className, byte[] original) {
    return ExitCallRewriter.rewrite(coverage.instrument(className, original));
  }
}
