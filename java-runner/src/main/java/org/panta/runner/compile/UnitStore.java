package org.panta.runner.compile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.panta.runner.isolation.TestCodeGuard;

/**
 * Compiled units: unit name -> its classes and class-output files. A unit's bytes are held in
 * memory (what runs is what javac produced, guarded when loaded) and mirrored, already guarded,
 * into a folder of its own below the store's root, so that frameworks that read classes as resources or scan class folders (Spring's
 * test context, JPA's entity scan, ServiceLoader) find them as on a build's test-classes folder.
 * A replaced or dropped unit's folder is deleted.
 */
public final class UnitStore {
  /** One unit: its class files by binary name, other output files by path, and its folder. */
  public record Unit(Map<String, byte[]> classes, Map<String, byte[]> resources, Path folder) {
    /** The folder as a class path URL. */
    public URL url() {
      try {
        return folder.toUri().toURL();
      } catch (MalformedURLException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private final Path root;
  private final Map<String, Unit> units = new HashMap<>();
  private long made;

  /** Units mirrored below {@code root} (created as needed). */
  public UnitStore(Path root) {
    this.root = root;
  }

  /**
   * The root the helper was told ({@code -Dpanta.runner.unitsDir}), else a new folder in the
   * temporary folder.
   */
  public static Path defaultRoot() {
    String told = System.getProperty("panta.runner.unitsDir");
    if (told != null && !told.isEmpty()) {
      return Path.of(told);
    }
    try {
      return Files.createTempDirectory("panta-units-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Replaces the unit's output; fails when its folder cannot be written. */
  public synchronized Unit put(String name, CompileOutput output) throws IOException {
    Path folder = root.resolve(safeName(name) + "-" + (++made));
    deleteTree(folder);  // a helper restarted on the same root starts its count anew
    writeMirror(folder, output);
    Unit unit =
        new Unit(
            Collections.unmodifiableMap(new HashMap<>(output.classes())),
            Collections.unmodifiableMap(new HashMap<>(output.resources())),
            folder);
    Unit old = units.put(name, unit);
    if (old != null) {
      deleteTree(old.folder());
    }
    return unit;
  }

  /** The unit, or null if no such unit. */
  public synchronized Unit get(String name) {
    return units.get(name);
  }

  public synchronized boolean drop(String name) {
    Unit old = units.remove(name);
    if (old != null) {
      deleteTree(old.folder());
    }
    return old != null;
  }

  /**
   * The folder of a unit: its files, and its classes as test code gets them (guarded, exits
   * rewritten), so that a class loaded from the folder by another loader is no way around the
   * guards. A class the guards cannot rewrite is left out.
   */
  private static void writeMirror(Path folder, CompileOutput output) throws IOException {
    CompileOutput guarded = new CompileOutput();
    guarded.resources.putAll(output.resources);
    for (Map.Entry<String, byte[]> e : output.classes().entrySet()) {
      try {
        guarded.classes.put(e.getKey(), TestCodeGuard.guardDefined(e.getValue()));
      } catch (RuntimeException unreadable) {
        // not mirrored
      }
    }
    write(folder, guarded);
  }

  /** Writes the classes and other files of {@code output} below {@code folder}. */
  public static void write(Path folder, CompileOutput output) throws IOException {
    Files.createDirectories(folder);
    for (Map.Entry<String, byte[]> e : output.classes().entrySet()) {
      writeFile(folder, e.getKey().replace('.', '/') + ".class", e.getValue());
    }
    for (Map.Entry<String, byte[]> e : output.resources().entrySet()) {
      writeFile(folder, e.getKey(), e.getValue());
    }
  }

  private static void writeFile(Path folder, String relative, byte[] bytes) throws IOException {
    Path file = folder.resolve(relative).normalize();
    if (!file.startsWith(folder)) {
      throw new IOException("output outside its folder: " + relative);
    }
    Files.createDirectories(file.getParent());
    Files.write(file, bytes);
  }

  private static String safeName(String name) {
    return name.replaceAll("[^A-Za-z0-9_.-]", "_");
  }

  private static void deleteTree(Path folder) {
    try (Stream<Path> walk = Files.walk(folder)) {
      walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // Left behind in the scratch folder, which Panta removes at its end.
    }
  }
}
