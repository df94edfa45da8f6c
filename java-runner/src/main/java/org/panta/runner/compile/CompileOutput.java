package org.panta.runner.compile;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one compilation produced, in memory: class files by binary name, and the other files
 * javac or an annotation processor wrote to the class output (service files, metadata) by their
 * path relative to it ("META-INF/services/x.Y"). Sources that processors generate are compiled
 * in the same task and are not kept.
 */
public final class CompileOutput {
  final Map<String, byte[]> classes = new LinkedHashMap<>();
  final Map<String, byte[]> resources = new LinkedHashMap<>();

  public Map<String, byte[]> classes() {
    return classes;
  }

  public Map<String, byte[]> resources() {
    return resources;
  }
}
