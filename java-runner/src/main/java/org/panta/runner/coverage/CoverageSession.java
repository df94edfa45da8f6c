package org.panta.runner.coverage;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jacoco.core.data.ExecutionData;
import org.jacoco.core.data.ExecutionDataStore;
import org.jacoco.core.instr.Instrumenter;
import org.jacoco.core.runtime.RuntimeData;
import org.panta.runner.isolation.ClassTransformer;

/**
 * Coverage of one run: instruments the target classes (a listed FQN or any class nested in one),
 * remembers their original bytes, and turns the live probes into immutable snapshots.
 *
 * <p>Snapshot semantics: {@link #takeSnapshot()} copies every probe array and then resets the live
 * ones, so consecutive snapshots partition execution; {@link #aggregate()} is the union of all
 * snapshots taken so far. Not thread-safe beyond what RuntimeData guarantees.
 *
 * <p>Creating a session makes it the sink of sandbox.ProbeRegistry (ActiveProbes) until {@link #close()}; only
 * one session may be open at a time (runs are sequential).
 */
public final class CoverageSession implements ClassTransformer.Instrumentation {
  private final List<String> targets;
  private final RuntimeData data = new RuntimeData();
  private final Instrumenter instrumenter = new Instrumenter(new ProbeAccessGenerator());
  private final Map<String, byte[]> originals = new ConcurrentHashMap<>();
  private final Map<String, String> failures = new ConcurrentHashMap<>();
  private final ExecutionDataStore aggregate = new ExecutionDataStore();

  public CoverageSession(List<String> targets) {
    this.targets = List.copyOf(targets);
    ActiveProbes.activate(data);
  }

  public boolean covers(String className) {
    for (String t : targets) {
      if (className.equals(t) || className.startsWith(t + "$")) {
        return true;
      }
    }
    return false;
  }

  @Override
  public byte[] instrument(String className, byte[] original) {
    if (!covers(className)) {
      return original;
    }
    try {
      byte[] instrumented = instrumenter.instrument(original, className);
      originals.put(className, original);
      return instrumented;
    } catch (IOException | RuntimeException e) {
      failures.put(className, String.valueOf(e.getMessage()));
      return original;
    }
  }

  /** Copy of the probes hit since the previous snapshot; live probes are reset afterwards. */
  public ExecutionDataStore takeSnapshot() {
    ExecutionDataStore snapshot = new ExecutionDataStore();
    data.collect(
        d -> snapshot.put(new ExecutionData(d.getId(), d.getName(), d.getProbes().clone())),
        info -> {},
        false);
    data.reset();
    for (ExecutionData d : snapshot.getContents()) {
      aggregate.put(new ExecutionData(d.getId(), d.getName(), d.getProbes().clone()));
    }
    return snapshot;
  }

  public ExecutionDataStore aggregate() {
    return aggregate;
  }

  public List<String> targets() {
    return targets;
  }

  /** Original bytes of the instrumented classes that were loaded, by class name. */
  public Map<String, byte[]> loadedOriginals() {
    return originals;
  }

  /** Classes whose instrumentation failed (they ran uninstrumented), with the reason. */
  public Map<String, String> failures() {
    return failures;
  }

  /** Detaches this session from instrumented code. */
  public void close() {
    ActiveProbes.activate(new RuntimeData());
  }
}
