package org.panta.runner.junit;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jacoco.core.data.ExecutionDataStore;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherFactory;
import org.panta.runner.compile.UnitStore;
import org.panta.runner.coverage.CoverageReport;
import org.panta.runner.coverage.CoverageSession;
import org.panta.runner.coverage.CoverageStores;
import org.panta.runner.io.OutputRouter;
import org.panta.runner.isolation.ClassTransformer;
import org.panta.runner.isolation.JvmGlobals;
import org.panta.runner.isolation.LeftoverProcesses;
import org.panta.runner.isolation.RunClassLoader;
import org.panta.runner.isolation.SharedApiClassLoader;
import org.panta.runner.protocol.Fields;
import org.panta.runner.protocol.Handler;
import org.panta.runner.protocol.RequestException;

/**
 * The "run" op: loads project and test classes in a fresh {@link RunClassLoader}, executes the
 * requested tests with the JUnit Platform (Jupiter and Vintage engines), and reports per-test
 * outcomes and optional JaCoCo coverage of the requested classes. System properties, default
 * locale/time zone and System.out/err/in are restored after every run.
 */
public final class RunHandler implements Handler {
  private static final long DEFAULT_TIMEOUT_MS = 10_000;
  private final UnitStore units;
  private final OutputRouter router;
  private final CoverageStores stores;
  private final SharedApiClassLoader shared = new SharedApiClassLoader(RunHandler.class.getClassLoader());
  private Launcher launcher;

  public RunHandler(UnitStore units, OutputRouter router, CoverageStores stores) {
    this.units = units;
    this.router = router;
    this.stores = stores;
  }

  /** Where a run's coverage goes besides its answer: a named store and when to merge into it. */
  private record StoreRequest(String name, boolean reset, boolean onlyIfPassed) {
    static StoreRequest of(JsonObject request) throws RequestException {
      String name = Fields.string(request, "coverage_store", null);
      boolean reset = Fields.bool(request, "coverage_store_reset", false);
      boolean onlyIfPassed = Fields.bool(request, "coverage_store_if_passed", false);
      return name == null ? null : new StoreRequest(name, reset, onlyIfPassed);
    }
  }

  @Override
  public JsonObject handle(JsonObject request) throws RequestException {
    List<String> tests = Fields.strings(request, "tests");
    if (tests.isEmpty()) {
      throw new RequestException("'tests' is empty");
    }
    URL[] classpath = urls(Fields.strings(request, "classpath"));
    List<Map<String, byte[]>> unitClasses = unitClasses(Fields.strings(request, "units"));
    List<String> coverageClasses = Fields.strings(request, "coverage_classes");
    String mode = Fields.string(request, "coverage_mode", "aggregate");
    if (!mode.equals("aggregate") && !mode.equals("per_test")) {
      throw new RequestException("'coverage_mode' must be \"aggregate\" or \"per_test\"");
    }
    long timeoutMs = Fields.number(request, "timeout_ms", DEFAULT_TIMEOUT_MS);
    if (timeoutMs <= 0) {
      throw new RequestException("'timeout_ms' must be positive");
    }
    StoreRequest store = StoreRequest.of(request);
    if (store != null && coverageClasses.isEmpty()) {
      throw new RequestException("'coverage_store' needs 'coverage_classes'");
    }
    CoverageSession coverage = coverageClasses.isEmpty() ? null : new CoverageSession(coverageClasses);
    RunClassLoader loader =
        new RunClassLoader(
            classpath,
            unitClasses,
            new ClassTransformer(coverage == null ? ClassTransformer.Instrumentation.NONE : coverage),
            shared);
    JsonObject answer = new JsonObject();
    JvmGlobals globals = JvmGlobals.capture();
    try {
      execute(tests, loader, coverage, store, mode.equals("per_test"), timeoutMs, answer);
    } finally {
      answer.addProperty("processes_ended", LeftoverProcesses.endAll());
      globals.restore();
      router.select(null, null);
      if (coverage != null) {
        coverage.close();
      }
      if (!answer.has("restart_required")) {
        closeQuietly(loader);
      }
    }
    return answer;
  }

  private void execute(
      List<String> tests,
      RunClassLoader loader,
      CoverageSession coverage,
      StoreRequest store,
      boolean perTest,
      long timeoutMs,
      JsonObject answer) {
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
    TestExecution execution = new TestExecution(launcher());
    boolean compromised = false;
    if (!selection.selectors.isEmpty()) {
      try {
        execution.execute(loader, selection.selectors, collector, timeoutMs);
      } catch (HelperCompromised e) {
        compromised = true;
        answer.addProperty("restart_reason", e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    JsonArray results = new JsonArray();
    selection.unresolved.forEach(o -> results.add(o.toJson()));
    collector.outcomes().forEach(o -> results.add(o.toJson()));
    if (!compromised) {
      Set<String> ran = new HashSet<>();
      collector.outcomes().forEach(o -> ran.add(o.id));
      execution.whyNotRun().outcomesFor(selection, ran).forEach(o -> results.add(o.toJson()));
    }
    answer.add("results", results);
    JsonArray notRunJson = new JsonArray();
    execution.notRun(collector).forEach(notRunJson::add);
    answer.add("not_run", notRunJson);
    answer.add("summary", Summary.of(results));
    if (coverage != null) {
      coverage.takeSnapshot();
      ExecutionDataStore reported = coverage.aggregate();
      if (store != null) {
        CoverageStores.Stored stored = stores.get(store.name(), store.reset());
        boolean merge = !store.onlyIfPassed() || (!compromised && allPassed(results, notRunJson));
        if (merge) {
          stored.merge(coverage.aggregate());
        }
        answer.addProperty("coverage_store_merged", merge);
        answer.addProperty("coverage_store_runs", stored.runs());
        reported = stored.data();
      }
      answer.add(
          "coverage",
          CoverageReport.build(reported, coverage, loader::originalBytes, loader::nestedClassNames));
      JsonObject failures = new JsonObject();
      coverage.failures().forEach(failures::addProperty);
      answer.add("instrumentation_failures", failures);
    }
    JsonObject other = new JsonObject();
    other.addProperty("stdout", collector.otherOut().text());
    other.addProperty("stderr", collector.otherErr().text());
    other.addProperty("truncated", collector.otherOut().truncated() || collector.otherErr().truncated());
    answer.add("other_output", other);
    if (compromised) {
      answer.addProperty("restart_required", true);
    }
  }

  private static boolean allPassed(JsonArray results, JsonArray notRun) {
    if (notRun.size() > 0) {
      return false;
    }
    for (int i = 0; i < results.size(); i++) {
      String status = results.get(i).getAsJsonObject().get("status").getAsString();
      if (!status.equals("passed") && !status.equals("skipped")) {
        return false;
      }
    }
    return true;
  }

  private Launcher launcher() {
    if (launcher == null) {
      launcher =
          LauncherFactory.create(
              LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build());
    }
    return launcher;
  }

  private List<Map<String, byte[]>> unitClasses(List<String> names) throws RequestException {
    List<Map<String, byte[]>> out = new ArrayList<>();
    for (String name : names) {
      Map<String, byte[]> classes = units.get(name);
      if (classes == null) {
        throw new RequestException("unknown unit '" + name + "'");
      }
      out.add(classes);
    }
    return out;
  }

  private static URL[] urls(List<String> paths) throws RequestException {
    URL[] out = new URL[paths.size()];
    for (int i = 0; i < out.length; i++) {
      try {
        out[i] = Path.of(paths.get(i)).toAbsolutePath().toUri().toURL();
      } catch (MalformedURLException | RuntimeException e) {
        throw new RequestException("bad classpath entry '" + paths.get(i) + "': " + e.getMessage());
      }
    }
    return out;
  }

  private static void closeQuietly(RunClassLoader loader) {
    try {
      loader.close();
    } catch (IOException e) {
      // Nothing useful to do: the loader is unreachable from now on anyway.
    }
  }
}
