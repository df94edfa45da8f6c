package org.panta.runner.junit;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherFactory;
import org.panta.runner.coverage.CoverageReport;
import org.panta.runner.coverage.CoverageSession;
import org.panta.runner.io.OutputRouter;
import org.panta.runner.isolation.RunClassLoader;
import org.panta.runner.run.TestBridge;

/**
 * The JUnit Platform side of a run, loaded in the bridge class loader beside the project's own
 * JUnit jars (isolation.TestFrameworks): selection, execution with the watchdog, and results. One
 * instance per set of JUnit jars; its launcher is created once, with the engines of those jars.
 */
public final class JUnitBridge implements TestBridge {
  private final ClassLoader framework;
  private Launcher launcher;

  /** {@code framework} holds the project's JUnit Platform, engines and test libraries. */
  public JUnitBridge(ClassLoader framework) {
    this.framework = framework;
  }

  @Override
  public Execution execute(
      List<String> tests,
      RunClassLoader loader,
      CoverageSession coverage,
      boolean perTest,
      long timeoutMs,
      Tags tags,
      OutputRouter router) {
    TestSelection selection = TestSelection.resolve(tests, loader);
    ResultCollector collector =
        new ResultCollector(
            router,
            coverage,
            perTest,
            data ->
                CoverageReport.build(
                    data, coverage, loader::originalBytes, loader::nestedClassNames),
            new StackTrimmer(loader));
    TestExecution execution = new TestExecution(launcher(), tags);
    Execution out = new Execution();
    if (!selection.selectors.isEmpty()) {
      try {
        execution.execute(loader, selection.selectors, collector, timeoutMs);
      } catch (HelperCompromised e) {
        out.restartReason = e.getMessage();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    selection.unresolved.forEach(o -> out.results.add(o.toJson()));
    collector.outcomes().forEach(o -> out.results.add(o.toJson()));
    if (out.restartReason == null) { // a selected test that ran nothing gets JUnit's reason
      Set<String> ran = new HashSet<>();
      Set<String> uniqueIds = new HashSet<>();
      collector.outcomes().forEach(o -> ran.add(o.id));
      collector.outcomes().forEach(o -> uniqueIds.add(o.uniqueId));
      execution
          .whyNotRun()
          .outcomesFor(selection, ran, uniqueIds, out.withoutTests)
          .forEach(o -> out.results.add(o.toJson()));
    }
    execution.notRun(collector).forEach(out.notRun::add);
    out.tamperingOutsideTests = collector.tamperingAfterTheTests();
    out.otherOut = collector.otherOut();
    out.otherErr = collector.otherErr();
    return out;
  }

  /** The launcher, created with the framework loader as context so it finds its engines. */
  private Launcher launcher() {
    if (launcher == null) {
      Thread self = Thread.currentThread();
      ClassLoader previous = self.getContextClassLoader();
      self.setContextClassLoader(framework);
      try {
        launcher =
            LauncherFactory.create(
                LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build());
      } finally {
        self.setContextClassLoader(previous);
      }
    }
    return launcher;
  }
}
