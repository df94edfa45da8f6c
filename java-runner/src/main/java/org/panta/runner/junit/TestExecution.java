package org.panta.runner.junit;

import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TagFilter;
import org.panta.runner.run.TestBridge;
import org.junit.platform.launcher.LauncherDiscoveryListener;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;

/**
 * Executes selected tests on a fresh worker thread while the calling thread acts as watchdog.
 *
 * <p>Timeout policy: when no test event happened for {@code timeoutMs}, the innermost running
 * node is marked timed out and the worker is interrupted; if the node has not finished after
 * {@link #GRACE_MS}, the worker gets Thread.stop(); if it still has not finished after another
 * grace period, {@link HelperCompromised} is thrown (the helper must exit).
 *
 * <p>Abort policy: if the launcher itself dies (JUnit rethrows OutOfMemoryError), the running test
 * is reported as error and the not yet reported tests are relaunched by unique id, as long as
 * each launch reports at least one new outcome.
 */
final class TestExecution {
  static final long GRACE_MS = 1000;
  private final Launcher launcher;
  private final TestBridge.Tags tags;
  private final WhyNotRun whyNotRun = new WhyNotRun();
  private List<String> discovered = List.of();

  /** One execution per run: instances are not reused. */
  TestExecution(Launcher launcher, TestBridge.Tags tags) {
    this.launcher = launcher;
    this.tags = tags;
  }

  /** Runs the tests; afterwards (also after HelperCompromised) {@link #notRun} is meaningful. */
  void execute(
      ClassLoader loader, List<DiscoverySelector> selectors, ResultCollector collector, long timeoutMs)
      throws HelperCompromised, InterruptedException {
    collector.setTimeoutMs(timeoutMs);
    discovered = discoverTests(loader, selectors);
    List<DiscoverySelector> pending = selectors;
    while (!pending.isEmpty()) {
      int reportedBefore = collector.outcomes().size();
      Throwable abort = runOnce(loader, request(pending), collector);
      if (abort == null) {
        break;
      }
      collector.abortRunning(abort);
      if (abort instanceof OutOfMemoryError) {
        System.gc();
      }
      pending = new ArrayList<>();
      if (collector.outcomes().size() > reportedBefore) {
        for (String uid : notRun(collector)) {
          pending.add(DiscoverySelectors.selectUniqueId(uid));
        }
      }
    }
  }

  private List<String> discoverTests(ClassLoader loader, List<DiscoverySelector> selectors) {
    Thread self = Thread.currentThread();
    ClassLoader previous = self.getContextClassLoader();
    self.setContextClassLoader(loader);
    try {
      TestPlan plan = launcher.discover(request(selectors));
      List<String> ids = new ArrayList<>();
      for (TestIdentifier root : plan.getRoots()) {
        for (TestIdentifier d : plan.getDescendants(root)) {
          if (d.isTest()) {
            ids.add(d.getUniqueId());
          }
        }
      }
      return ids;
    } finally {
      self.setContextClassLoader(previous);
    }
  }

  /** Unique ids of the discovered tests the collector has no outcome for. */
  List<String> notRun(ResultCollector collector) {
    List<String> out = new ArrayList<>();
    for (String uid : discovered) {
      if (!collector.reported(uid)) {
        out.add(uid);
      }
    }
    return out;
  }

  /** What JUnit said while discovering the tests, for the ones that then ran nothing. */
  WhyNotRun whyNotRun() {
    return whyNotRun;
  }

  private LauncherDiscoveryRequest request(List<DiscoverySelector> selectors) {
    LauncherDiscoveryRequestBuilder builder =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectors)
            .configurationParameter("junit.platform.discovery.listener.default", "logging");
    if (tags != null && !tags.include().isEmpty()) {
      builder.filters(TagFilter.includeTags(tags.include()));
    }
    if (tags != null && !tags.exclude().isEmpty()) {
      builder.filters(TagFilter.excludeTags(tags.exclude()));
    }
    attachDiscoveryListener(builder, whyNotRun);
    return builder.build();
  }

  /** Adds a listener feeding `sink` to `builder` when the project's JUnit Platform can take it. */
  private static void attachDiscoveryListener(LauncherDiscoveryRequestBuilder builder, WhyNotRun sink) {
    try {
      // Loaded by name: a class that cannot implement the platform's type must not fail the caller.
      Class<?> cls =
          Class.forName(
              "org.panta.runner.junit.DiscoveryIssues", true, WhyNotRun.class.getClassLoader());
      Object listener = cls.getConstructor(WhyNotRun.class).newInstance(sink);
      builder.listeners((LauncherDiscoveryListener) listener);
    } catch (LinkageError | ReflectiveOperationException | ClassCastException e) {
      // An older JUnit Platform: no discovery listener.
    }
  }

  /** One launcher execution on a new worker thread; returns the throwable that aborted it. */
  private Throwable runOnce(ClassLoader loader, LauncherDiscoveryRequest request, ResultCollector collector)
      throws HelperCompromised, InterruptedException {
    Throwable[] abort = new Throwable[1];
    Thread worker =
        new Thread(
            () -> {
              try {
                launcher.execute(request, collector);
              } catch (Throwable t) {
                abort[0] = t;
              }
            },
            "panta-test-worker");
    worker.setDaemon(true);
    worker.setContextClassLoader(loader);
    worker.start();
    while (worker.isAlive()) {
      worker.join(20);
      TestIdentifier stuck = collector.overdue();
      if (stuck != null && !stop(worker, stuck, collector)) {
        collector.abortRunning(null);
        throw new HelperCompromised("test thread did not stop: " + stuck.getDisplayName());
      }
    }
    return abort[0];
  }

  @SuppressWarnings({"deprecation", "removal"})
  private static boolean stop(Thread worker, TestIdentifier stuck, ResultCollector collector)
      throws InterruptedException {
    collector.markTimedOut(stuck);
    worker.interrupt();
    if (collector.awaitFinished(stuck, GRACE_MS)) {
      return true;
    }
    try {
      worker.stop();
    } catch (UnsupportedOperationException e) {
      return false; // JDK 20+: Thread.stop is gone
    }
    return collector.awaitFinished(stuck, GRACE_MS) || !worker.isAlive();
  }
}
