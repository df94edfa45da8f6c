package org.panta.runner.run;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonElement;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jacoco.core.data.ExecutionDataStore;
import org.panta.runner.compile.UnitStore;
import org.panta.runner.coverage.CoverageReport;
import org.panta.runner.coverage.CoverageSession;
import org.panta.runner.coverage.CoverageStores;
import org.panta.runner.io.OutputRouter;
import org.panta.runner.isolation.ClassTransformer;
import org.panta.runner.isolation.JdbcDrivers;
import org.panta.runner.isolation.JvmGlobals;
import org.panta.runner.isolation.LeftoverProcesses;
import org.panta.runner.isolation.RunClassLoader;
import org.panta.runner.isolation.RunPolicy;
import org.panta.runner.isolation.TestFrameworks;
import org.panta.runner.protocol.Fields;
import org.panta.runner.protocol.Handler;
import org.panta.runner.protocol.RequestException;

/**
 * The "run" op: loads project and test classes in a fresh {@link RunClassLoader} over the
 * project's own test frameworks ({@link TestFrameworks}: its JUnit Platform, engines, Mockito...,
 * kept across runs), executes the requested tests through the JUnit bridge, and reports per-test
 * outcomes and optional JaCoCo coverage of the requested classes. System properties, default
 * locale/time zone and System.out/err/in are restored after every run.
 */
public final class RunHandler implements Handler {
  private static final long DEFAULT_TIMEOUT_MS = 10_000;
  private final UnitStore units;
  private final OutputRouter router;
  private final CoverageStores stores;
  private final TestFrameworks frameworks = new TestFrameworks(RunHandler.class.getClassLoader());

  public RunHandler(UnitStore units, OutputRouter router, CoverageStores stores) {
    this.units = units;
    this.router = router;
    this.stores = stores;
  }

  /** Where a run's coverage goes besides its answer: a named store and when to merge into it. */
  private record StoreRequest(String name, boolean reset, boolean onlyIfPassed, String base) {
    static StoreRequest of(JsonObject request) throws RequestException {
      String name = Fields.string(request, "coverage_store", null);
      boolean reset = Fields.bool(request, "coverage_store_reset", false);
      boolean onlyIfPassed = Fields.bool(request, "coverage_store_if_passed", false);
      String base = Fields.string(request, "coverage_store_base", null);
      return name == null ? null : new StoreRequest(name, reset, onlyIfPassed, base);
    }
  }

  @Override
  public JsonObject handle(JsonObject request) throws RequestException {
    List<String> tests = Fields.strings(request, "tests");
    if (tests.isEmpty()) {
      throw new RequestException("'tests' is empty");
    }
    List<UnitStore.Unit> unitClasses = unitClasses(Fields.strings(request, "units"));
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
    // Every field is read before the loader exists: a bad one must not leave it behind.
    boolean rejectLeftovers = Fields.bool(request, "reject_leftovers", false);
    long scratchLimit = Fields.number(request, "scratch_limit_bytes", 0);
    boolean guardTests = Fields.bool(request, "guard_tests", true);
    TestBridge.Tags tags =
        new TestBridge.Tags(
            Fields.strings(request, "include_tags"), Fields.strings(request, "exclude_tags"));
    TestFrameworks.Selection framework = frameworks.select(Fields.strings(request, "classpath"));
    CoverageSession coverage = coverageClasses.isEmpty() ? null : new CoverageSession(coverageClasses);
    RunClassLoader loader =
        new RunClassLoader(
            framework.rest(),
            unitClasses,
            new ClassTransformer(
                coverage == null ? ClassTransformer.Instrumentation.NONE : coverage,
                guardTests),
            framework.loader());
    // As Surefire's default (enableAssertions): assert statements of project and tests run.
    loader.setDefaultAssertionStatus(Fields.bool(request, "enable_assertions", true));
    JsonObject answer = new JsonObject();
    JvmGlobals globals = JvmGlobals.capture();
    JdbcDrivers drivers = JdbcDrivers.register(loader);
    try {
      RunPolicy.set(rejectLeftovers, scratchLimit);
      setSystemProperties(request);
      execute(
          framework, tests, loader, coverage, store, mode.equals("per_test"), timeoutMs, tags,
          answer);
    } finally {
      RunPolicy.set(false, 0);
      answer.addProperty("processes_ended", LeftoverProcesses.endAll());
      drivers.deregister();
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
      TestFrameworks.Selection framework,
      List<String> tests,
      RunClassLoader loader,
      CoverageSession coverage,
      StoreRequest store,
      boolean perTest,
      long timeoutMs,
      TestBridge.Tags tags,
      JsonObject answer) {
    TestBridge.Execution execution =
        framework.bridge().execute(tests, loader, coverage, perTest, timeoutMs, tags, router);
    boolean compromised = execution.restartReason != null;
    if (compromised) {
      answer.addProperty("restart_reason", execution.restartReason);
    }
    JsonArray results = execution.results;
    answer.add("results", results);
    JsonArray notRunJson = execution.notRun;
    answer.add("not_run", notRunJson);
    if (execution.tamperingOutsideTests != null) {
      answer.addProperty("tampering_outside_tests", execution.tamperingOutsideTests);
    }
    JsonArray withoutTests = new JsonArray();
    execution.withoutTests.forEach(withoutTests::add);
    answer.add("without_tests", withoutTests);
    answer.add("summary", Summary.of(results));
    if (coverage != null) {
      coverage.takeSnapshot();
      ExecutionDataStore reported = coverage.aggregate();
      if (store != null) {
        CoverageStores.Stored stored = stores.get(store.name(), store.reset(), store.base());
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
    other.addProperty("stdout", execution.otherOut.text());
    other.addProperty("stderr", execution.otherErr.text());
    other.addProperty("truncated", execution.otherOut.truncated() || execution.otherErr.truncated());
    answer.add("other_output", other);
    if (compromised) {
      answer.addProperty("restart_required", true);
    }
  }

  /** The request's "system_properties" (Surefire's systemPropertyVariables), set for this run. */
  private static void setSystemProperties(JsonObject request) throws RequestException {
    JsonElement props = request.get("system_properties");
    if (props == null || props.isJsonNull()) {
      return;
    }
    if (!props.isJsonObject()) {
      throw new RequestException("'system_properties' must be an object of strings");
    }
    for (Map.Entry<String, JsonElement> e : props.getAsJsonObject().entrySet()) {
      if (!e.getValue().isJsonPrimitive()) {
        throw new RequestException("'system_properties' must be an object of strings");
      }
      System.setProperty(e.getKey(), e.getValue().getAsString());
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

  private List<UnitStore.Unit> unitClasses(List<String> names) throws RequestException {
    List<UnitStore.Unit> out = new ArrayList<>();
    for (String name : names) {
      UnitStore.Unit classes = units.get(name);
      if (classes == null) {
        throw new RequestException("unknown unit '" + name + "'");
      }
      out.add(classes);
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
