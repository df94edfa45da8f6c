package org.panta.runner.isolation;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.security.CodeSource;
import java.security.ProtectionDomain;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import org.panta.runner.compile.UnitStore;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Fresh class loader of one "run": compiled units plus project classpath entries, over a
 * {@link SharedApiClassLoader} parent (parent first). Every class it defines is transformed by
 * the {@link ClassTransformer}. Units take precedence over classpath entries, earlier units over
 * later ones; a unit's classes are defined from the bytes javac produced (held in memory), while
 * its folder serves them and its other files as resources. Must be closed after the run.
 */
public final class RunClassLoader extends URLClassLoader {
  private final List<UnitStore.Unit> units;
  private final ClassTransformer transformer;
  private final Set<String> defined = ConcurrentHashMap.newKeySet();
  private final Map<String, List<String>> nestedCache = new ConcurrentHashMap<>();
  private final Map<String, ProtectionDomain> domains = new ConcurrentHashMap<>();

  public RunClassLoader(
      URL[] classpath, List<UnitStore.Unit> units, ClassTransformer transformer, ClassLoader parent) {
    super("panta-run", withUnits(units, classpath), parent);
    this.units = units;
    this.transformer = transformer;
  }

  private static URL[] withUnits(List<UnitStore.Unit> units, URL[] classpath) {
    List<URL> urls = new ArrayList<>();
    for (UnitStore.Unit unit : units) {
      urls.add(unit.url());
    }
    urls.addAll(List.of(classpath));
    return urls.toArray(new URL[0]);
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    long start = System.nanoTime();
    byte[] original = originalBytes(name);
    if (original == null) {
      throw new ClassNotFoundException(name);
    }
    boolean testClass = false;
    for (UnitStore.Unit unit : units) {
      testClass |= unit.classes().containsKey(name);
    }
    byte[] bytes = transformer.transform(name, original, testClass);
    Class<?> c = defineClass(name, bytes, 0, bytes.length, domainOf(name));
    defined.add(name);
    // Only classes found count: each at most once, so a test cannot stretch its limit by looking
    // up names that do not exist.
    ClassLoadingClock.add(System.nanoTime() - start);
    return c;
  }

  /**
   * The protection domain of a class from the class path: its jar or folder as code source, as
   * a URLClassLoader gives it (tests ask Class.getProtectionDomain().getCodeSource() where a class
   * came from); for a class of a unit, the unit's folder.
   */
  private ProtectionDomain domainOf(String className) {
    URL base = null;
    for (UnitStore.Unit unit : units) {
      if (base == null && unit.classes().containsKey(className)) {
        base = unit.url();
      }
    }
    if (base == null) {
      URL url = classFile(className);
      base = url == null ? null : codeBase(url, className);
    }
    URL codeBase = base;
    return domains.computeIfAbsent(
        codeBase == null ? "" : codeBase.toString(),
        k -> new ProtectionDomain(new CodeSource(codeBase, (Certificate[]) null), null, this, null));
  }

  /** The jar or folder a class file URL lies in. */
  private static URL codeBase(URL url, String className) {
    try {
      String text = url.toString();
      if ("jar".equals(url.getProtocol())) {
        int bang = text.indexOf("!/");
        return bang < 0 ? null : new URL(text.substring("jar:".length(), bang));
      }
      String suffix = className.replace('.', '/') + ".class";
      return text.endsWith(suffix) ? new URL(text.substring(0, text.length() - suffix.length())) : null;
    } catch (MalformedURLException e) {
      return null;
    }
  }

  /** Untransformed class file of a project class (units, then classpath), or null. */
  public byte[] originalBytes(String className) {
    for (UnitStore.Unit unit : units) {
      byte[] b = unit.classes().get(className);
      if (b != null) {
        return b;
      }
    }
    URL url = classFile(className);
    if (url == null) {
      return null;
    }
    try (InputStream in = url.openStream()) {
      return in.readAllBytes();
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * The class file of a class of the class path: never one in a unit's folder, which serves
   * resources only (a class file a test writes there is no class).
   */
  private URL classFile(String className) {
    try {
      for (URL url : Collections.list(findResources(className.replace('.', '/') + ".class"))) {
        String text = url.toString();
        if (units.stream().noneMatch(u -> text.startsWith(u.url().toString()))) {
          return url;
        }
      }
    } catch (IOException e) {
      return null;
    }
    return null;
  }

  /**
   * Binary names of the classes nested in {@code outer} (members, local and anonymous classes, at
   * any depth) that exist as class files in the units or on the classpath, loaded or not.
   */
  public List<String> nestedClassNames(String outer) {
    return nestedCache.computeIfAbsent(outer, this::findNestedClassNames);
  }

  private List<String> findNestedClassNames(String outer) {
    String prefix = outer + "$";
    TreeSet<String> names = new TreeSet<>();
    for (UnitStore.Unit unit : units) {
      for (String name : unit.classes().keySet()) {
        if (name.startsWith(prefix)) {
          names.add(name);
        }
      }
    }
    int dot = outer.lastIndexOf('.');
    String pkgPath = dot < 0 ? "" : outer.substring(0, dot).replace('.', '/');
    String simplePrefix = outer.substring(dot + 1) + "$";
    for (URL url : getURLs()) {
      if (!"file".equals(url.getProtocol())) {
        continue;
      }
      File entry;
      try {
        entry = new File(url.toURI());
      } catch (URISyntaxException | IllegalArgumentException e) {
        continue;
      }
      if (entry.isDirectory()) {
        File[] files = new File(entry, pkgPath).listFiles();
        if (files == null) {
          continue;
        }
        for (File f : files) {
          String n = f.getName();
          if (n.startsWith(simplePrefix) && n.endsWith(".class")) {
            names.add(
                (dot < 0 ? "" : outer.substring(0, dot + 1))
                    + n.substring(0, n.length() - ".class".length()));
          }
        }
      } else if (entry.isFile()) {
        String jarPrefix = outer.replace('.', '/') + "$";
        try (JarFile jar = new JarFile(entry)) {
          Enumeration<JarEntry> entries = jar.entries();
          while (entries.hasMoreElements()) {
            String n = entries.nextElement().getName();
            if (n.startsWith(jarPrefix) && n.endsWith(".class")) {
              names.add(n.substring(0, n.length() - ".class".length()).replace('/', '.'));
            }
          }
        } catch (IOException e) {
          // not a readable jar: nothing nested from it
        }
      }
    }
    return List.copyOf(new ArrayList<>(names));
  }

  /**
   * Defines a copy of the runner's class {@code c} in this loader: code that must run as the
   * run's own (DriverManager trusts callers by their class loader). Not transformed.
   */
  public Class<?> defineCopy(Class<?> c) throws IOException {
    String resource = c.getName().replace('.', '/') + ".class";
    try (InputStream in = c.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("no class file for " + c.getName());
      }
      byte[] bytes = in.readAllBytes();
      return defineClass(c.getName(), bytes, 0, bytes.length);
    }
  }

  /** True if this loader defined the class (i.e. it is a project or test class of the run). */
  public boolean definedHere(String className) {
    return defined.contains(className);
  }
}
