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
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Fresh class loader of one "run": project classpath entries plus in-memory units, over a
 * {@link SharedApiClassLoader} parent (parent first). Every class it defines is transformed by
 * the {@link ClassTransformer}. Units take precedence over classpath entries, earlier units over
 * later ones. Must be closed after the run.
 */
public final class RunClassLoader extends URLClassLoader {
  private final List<Map<String, byte[]>> units;
  private final ClassTransformer transformer;
  private final Set<String> defined = ConcurrentHashMap.newKeySet();
  private final Map<String, List<String>> nestedCache = new ConcurrentHashMap<>();
  private final Map<String, ProtectionDomain> domains = new ConcurrentHashMap<>();

  public RunClassLoader(
      URL[] classpath, List<Map<String, byte[]>> units, ClassTransformer transformer, ClassLoader parent) {
    super("panta-run", classpath, parent);
    this.units = units;
    this.transformer = transformer;
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    long start = System.nanoTime();
    byte[] original = originalBytes(name);
    if (original == null) {
      throw new ClassNotFoundException(name);
    }
    byte[] bytes = transformer.transform(name, original);
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
   * came from); for a class of an in-memory unit, one without a location.
   */
  private ProtectionDomain domainOf(String className) {
    URL url = null;
    boolean inUnit = false;
    for (Map<String, byte[]> unit : units) {
      inUnit = inUnit || unit.containsKey(className);
    }
    if (!inUnit) {
      url = findResource(className.replace('.', '/') + ".class");
    }
    URL base = url == null ? null : codeBase(url, className);
    return domains.computeIfAbsent(
        base == null ? "" : base.toString(),
        k -> new ProtectionDomain(new CodeSource(base, (Certificate[]) null), null, this, null));
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
    for (Map<String, byte[]> unit : units) {
      byte[] b = unit.get(className);
      if (b != null) {
        return b;
      }
    }
    URL url = findResource(className.replace('.', '/') + ".class");
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
   * Binary names of the classes nested in {@code outer} (members, local and anonymous classes, at
   * any depth) that exist as class files in the units or on the classpath, loaded or not.
   */
  public List<String> nestedClassNames(String outer) {
    return nestedCache.computeIfAbsent(outer, this::findNestedClassNames);
  }

  private List<String> findNestedClassNames(String outer) {
    String prefix = outer + "$";
    TreeSet<String> names = new TreeSet<>();
    for (Map<String, byte[]> unit : units) {
      for (String name : unit.keySet()) {
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
