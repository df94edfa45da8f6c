package org.panta.runner.junit;

import com.google.gson.JsonArray;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jacoco.core.data.ExecutionDataStore;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.panta.runner.coverage.CoverageSession;
import org.panta.runner.io.CappedBuffer;
import org.panta.runner.io.OutputRouter;
import org.panta.runner.isolation.ClassLoadingClock;
import org.panta.runner.sandbox.SystemExitAttempted;
import org.panta.runner.isolation.Attempts;
import org.panta.runner.isolation.RunPolicy;

/**
 * Listener that turns JUnit Platform events into {@link TestOutcome}s, switches output capture
 * per test, takes per-test coverage snapshots, and tracks progress for the watchdog.
 *
 * <p>Listener callbacks run on the test worker thread; the watchdog queries ({@link #overdue},
 * {@link #awaitFinished}) run on the request thread. All state is guarded by {@code this}.
 */
final class ResultCollector implements TestExecutionListener {
  private final OutputRouter router;
  private final CoverageSession coverage;
  private final boolean perTestCoverage;
  private final Function<ExecutionDataStore, JsonArray> coverageJson;
  private final StackTrimmer trimmer;
  private final Map<String, TestOutcome> outcomes = new LinkedHashMap<>();
  private final Deque<TestIdentifier> running = new ArrayDeque<>();
  private final Map<String, Long> startNanos = new LinkedHashMap<>();
  private final Set<String> timedOut = new HashSet<>();
  private final Set<String> accounted = new HashSet<>();
  private final CappedBuffer otherOut = new CappedBuffer(CappedBuffer.DEFAULT_CAPACITY);
  private final CappedBuffer otherErr = new CappedBuffer(CappedBuffer.DEFAULT_CAPACITY);
  private TestOutcome current;
  private TestPlan plan;
  /** A refusal recorded outside a test, for the next test to carry. */
  private String carried;
  private long lastEventNanos = System.nanoTime();
  private long loadingAtLastEvent = ClassLoadingClock.nanos();
  private long timeoutMs;

  ResultCollector(
      OutputRouter router,
      CoverageSession coverage,
      boolean perTestCoverage,
      Function<ExecutionDataStore, JsonArray> coverageJson,
      StackTrimmer trimmer) {
    this.router = router;
    this.coverage = coverage;
    this.perTestCoverage = perTestCoverage;
    this.coverageJson = coverageJson;
    this.trimmer = trimmer;
    router.select(otherOut, otherErr); // output outside tests goes to the run's "other" buffers
  }

  @Override
  public synchronized void executionStarted(TestIdentifier id) {
    running.push(id);
    startNanos.put(id.getUniqueId(), System.nanoTime());
    markEvent();
    if (id.isTest()) {
      Thread.interrupted(); // a previous timed-out test may have left the flag set
      // What was tried outside a test (class setup, a thread left running) goes with this one.
      String between = Attempts.take().tampering();
      if (between != null && carried == null) {
        carried = between;
      }
      RunPolicy.testStarted();
      if (coverage != null) {
        coverage.takeSnapshot(); // probes hit between tests count only in the aggregate
      }
      current = outcome(id);
      current.stdout = new CappedBuffer(CappedBuffer.DEFAULT_CAPACITY);
      current.stderr = new CappedBuffer(CappedBuffer.DEFAULT_CAPACITY);
      router.select(current.stdout, current.stderr);
    }
  }

  @Override
  public synchronized void executionFinished(TestIdentifier id, TestExecutionResult result) {
    if (id.isTest() || result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
      TestOutcome o = id.isTest() && current != null ? current : outcome(id);
      complete(o, id, result.getStatus(), result.getThrowable().orElse(null));
    }
    if (!id.isTest() && result.getStatus() == TestExecutionResult.Status.ABORTED && plan != null) {
      // Skipped as a whole by an assumption in its class setup: its tests did not fail to run
      // (Surefire reports none of them), the container's skip says why.
      for (TestIdentifier d : plan.getDescendants(id)) {
        accounted.add(d.getUniqueId());
      }
    }
    running.remove(id);
    markEvent();
    notifyAll();
  }

  @Override
  public synchronized void testPlanExecutionStarted(TestPlan plan) {
    this.plan = plan;
  }

  /**
   * A skipped test is reported skipped; a skipped container (a class disabled by a condition, as
   * Testcontainers disables one without Docker) is reported as its tests, each skipped for the
   * container's reason, as Surefire reports it.
   */
  @Override
  public synchronized void executionSkipped(TestIdentifier id, String reason) {
    List<TestIdentifier> skipped = new ArrayList<>();
    if (id.isTest() || plan == null) {
      skipped.add(id);
    } else {
      for (TestIdentifier d : plan.getDescendants(id)) {
        if (d.isTest()) {
          skipped.add(d);
        }
      }
    }
    for (TestIdentifier t : skipped) {
      TestOutcome o = outcome(t);
      o.status = "skipped";
      o.message = reason;
      outcomes.put(o.uniqueId, o);
    }
    markEvent();
  }

  private void markEvent() {
    lastEventNanos = System.nanoTime();
    loadingAtLastEvent = ClassLoadingClock.nanos();
  }

  /** Sets the per-node time limit the watchdog applies (time since the last event). */
  synchronized void setTimeoutMs(long timeoutMs) {
    this.timeoutMs = timeoutMs;
  }

  /**
   * The innermost running node if no event happened for longer than the timeout, else null. Time
   * spent loading and instrumenting classes since the last event does not count.
   */
  synchronized TestIdentifier overdue() {
    long loading = ClassLoadingClock.nanos() - loadingAtLastEvent;
    long idleMs = (System.nanoTime() - lastEventNanos - loading) / 1_000_000;
    return idleMs > timeoutMs && !running.isEmpty() ? running.peek() : null;
  }

  /** Marks the node so that its result is reported as "timeout". */
  synchronized void markTimedOut(TestIdentifier id) {
    timedOut.add(id.getUniqueId());
  }

  /** Waits up to {@code ms} for the node to finish; true if it did. */
  synchronized boolean awaitFinished(TestIdentifier id, long ms) throws InterruptedException {
    long deadline = System.nanoTime() + ms * 1_000_000;
    while (running.contains(id)) {
      long left = (deadline - System.nanoTime()) / 1_000_000;
      if (left <= 0) {
        return false;
      }
      wait(left);
    }
    return true;
  }

  /**
   * Reports the still-running tests and timed-out nodes as ended by {@code cause} (the error that
   * aborted the launcher, or null when they had to be abandoned); forgets all running nodes.
   */
  synchronized void abortRunning(Throwable cause) {
    for (TestIdentifier id : new ArrayList<>(running)) {
      if (id.isTest() || timedOut.contains(id.getUniqueId())) {
        TestOutcome o = id.isTest() && current != null ? current : outcome(id);
        complete(o, id, TestExecutionResult.Status.FAILED, cause);
      }
    }
    running.clear();
    router.select(otherOut, otherErr);
  }

  /** A refusal recorded after the last test (an @AfterAll, a thread left running), or null. */
  synchronized String tamperingAfterTheTests() {
    String after = Attempts.take().tampering();
    return after != null ? after : carried;
  }

  synchronized boolean reported(String uniqueId) {
    return outcomes.containsKey(uniqueId) || accounted.contains(uniqueId);
  }

  synchronized List<TestOutcome> outcomes() {
    return new ArrayList<>(outcomes.values());
  }

  CappedBuffer otherOut() {
    return otherOut;
  }

  CappedBuffer otherErr() {
    return otherErr;
  }

  private void complete(TestOutcome o, TestIdentifier id, TestExecutionResult.Status status, Throwable t) {
    Long start = startNanos.get(id.getUniqueId());
    o.durationMs = start == null ? 0 : (System.nanoTime() - start) / 1_000_000;
    Attempts.Taken attempts = id.isTest() ? Attempts.take() : new Attempts.Taken(null, null);
    SystemExitAttempted swallowedExit = attempts.exit();
    String tampering = attempts.tampering();
    if (id.isTest() && tampering == null && carried != null) {
      tampering = carried + " (outside a test method)";
    }
    if (id.isTest()) {
      carried = null;
    }
    if (timedOut.contains(id.getUniqueId())) {
      o.status = "timeout";
      o.message = "timed out after " + timeoutMs + " ms";
    } else if (status == TestExecutionResult.Status.SUCCESSFUL) {
      o.status = swallowedExit == null ? "passed" : "error";
      if (swallowedExit != null) {
        o.message = swallowedExit.getMessage() + " (the SystemExitAttempted error was caught)";
      }
    } else if (status == TestExecutionResult.Status.ABORTED) {
      o.status = "skipped";
    } else {
      o.status = t instanceof AssertionError ? "failed" : "error";
    }
    String leftBehind = id.isTest() ? RunPolicy.leftBehind() : null;
    if (tampering != null || leftBehind != null) {
      // Whatever the test's own outcome: what it tried or left decides.
      o.tampering = tampering;
      o.leftBehind = leftBehind;
      o.status = "error";
      o.message = tampering != null ? "tampering: " + tampering : leftBehind;
    }
    if (t != null) {
      o.exception = t.getClass().getName();
      if (o.message == null) {
        o.message = t.getMessage();
      }
      o.stackTrace = trimmer.render(t);
      if (tampering == null && leftBehind == null) {
        o.comparison = Comparison.of(t);
      }
    }
    if (id.isTest()) {
      if (coverage != null) {
        ExecutionDataStore snapshot = coverage.takeSnapshot();
        if (perTestCoverage) {
          o.coverage = coverageJson.apply(snapshot);
        }
      }
      router.select(otherOut, otherErr);
      current = null;
    }
    outcomes.put(o.uniqueId, o);
  }

  private static TestOutcome outcome(TestIdentifier id) {
    TestOutcome o = new TestOutcome();
    o.uniqueId = id.getUniqueId();
    o.displayName = id.getDisplayName();
    o.kind = id.isTest() ? "test" : "container";
    o.id = testId(id);
    return o;
  }

  /** "pkg.Class#method", with "[n]" appended for template invocations and dynamic tests. */
  static String testId(TestIdentifier id) {
    TestSource source = id.getSource().orElse(null);
    String base;
    if (source instanceof MethodSource) {
      MethodSource m = (MethodSource) source;
      base = m.getClassName() + "#" + m.getMethodName();
    } else if (source instanceof ClassSource) {
      base = ((ClassSource) source).getClassName();
    } else {
      base = id.getDisplayName();
    }
    UniqueId.Segment last = UniqueId.parse(id.getUniqueId()).getLastSegment();
    String type = last.getType();
    if (type.equals("test-template-invocation") || type.startsWith("dynamic-")) {
      base += "[" + last.getValue().replace("#", "") + "]";
    }
    return base;
  }
}
