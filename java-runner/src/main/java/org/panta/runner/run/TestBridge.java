package org.panta.runner.run;

import com.google.gson.JsonArray;
import java.util.List;
import org.panta.runner.coverage.CoverageSession;
import org.panta.runner.io.CappedBuffer;
import org.panta.runner.io.OutputRouter;
import org.panta.runner.isolation.RunClassLoader;

/**
 * The helper's side of the JUnit bridge: the one thing it asks of the JUnit Platform, behind an
 * interface without JUnit types. The implementation (org.panta.runner.junit.JUnitBridge) lives in
 * the bridge jar and is loaded beside the project's own JUnit Platform jars, so the helper runs
 * whatever launcher and engines the project has.
 */
public interface TestBridge {
  /** What one execution of tests gave (see PROTOCOL.md, "run"). */
  final class Execution {
    public JsonArray results = new JsonArray();
    public JsonArray notRun = new JsonArray();
    /** What code outside every test tried that the guards refused, or null. */
    public String tamperingOutsideTests;
    /** Whole classes selected that declare no test (see PROTOCOL.md, "without_tests"). */
    public java.util.List<String> withoutTests = new java.util.ArrayList<>();
    public CappedBuffer otherOut;
    public CappedBuffer otherErr;
    /** Set when a test thread could not be stopped: the helper must answer, then exit. */
    public String restartReason;
  }

  /**
   * JUnit tag expressions the run keeps (any of {@code include}; all when empty) and leaves out
   * (any of {@code exclude}): Surefire's groups and excludedGroups.
   */
  record Tags(List<String> include, List<String> exclude) {}

  /**
   * Runs the test specs (classes loaded by {@code loader}) with a per-test time limit, taking
   * per-test coverage snapshots from {@code coverage} when it is not null.
   */
  Execution execute(
      List<String> tests,
      RunClassLoader loader,
      CoverageSession coverage,
      boolean perTest,
      long timeoutMs,
      Tags tags,
      OutputRouter router);
}
