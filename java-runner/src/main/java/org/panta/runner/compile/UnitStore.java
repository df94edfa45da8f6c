package org.panta.runner.compile;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** In-memory compilation units: unit name -> (binary class name -> class file bytes). */
public final class UnitStore {
  private final Map<String, Map<String, byte[]>> units = new HashMap<>();

  /** Replaces the unit's classes. */
  public synchronized void put(String unit, Map<String, byte[]> classes) {
    units.put(unit, Collections.unmodifiableMap(new HashMap<>(classes)));
  }

  /** The unit's classes, or null if no such unit. */
  public synchronized Map<String, byte[]> get(String unit) {
    return units.get(unit);
  }

  public synchronized boolean drop(String unit) {
    return units.remove(unit) != null;
  }
}
