package org.panta.runner.coverage;

import java.util.HashMap;
import java.util.Map;
import org.jacoco.core.data.ExecutionData;
import org.jacoco.core.data.ExecutionDataStore;

/**
 * Named unions of execution data kept across runs, so that a caller can add the coverage of a few
 * new tests to what earlier runs measured without running those again. A store lives as long as
 * the helper: a restarted helper has none (callers see it in {@link Stored#runs()}).
 */
public final class CoverageStores {
  /** One store: the union of the probes of every run merged into it. */
  public static final class Stored {
    private final ExecutionDataStore data = new ExecutionDataStore();
    private int runs;

    /** Adds every probe hit in {@code run} (a union: probes are never cleared). */
    public void merge(ExecutionDataStore run) {
      for (ExecutionData d : run.getContents()) {
        data.put(new ExecutionData(d.getId(), d.getName(), d.getProbes().clone()));
      }
      runs++;
    }

    public ExecutionDataStore data() {
      return data;
    }

    /** How many runs were merged into this store since it was created or reset. */
    public int runs() {
      return runs;
    }
  }

  private final Map<String, Stored> stores = new HashMap<>();

  /**
   * The store of this name, created when absent (or when {@code reset}): empty, or holding what
   * the store {@code base} holds (when given and present; it does not count as a run).
   */
  public Stored get(String name, boolean reset, String base) {
    if (reset) {
      stores.remove(name);
    }
    Stored from = base == null || base.equals(name) ? null : stores.get(base);
    return stores.computeIfAbsent(
        name,
        n -> {
          Stored fresh = new Stored();
          if (from != null) {
            fresh.merge(from.data());
            fresh.runs = 0;
          }
          return fresh;
        });
  }

  /** Forgets a store; false when there was none. */
  public boolean drop(String name) {
    return stores.remove(name) != null;
  }
}
