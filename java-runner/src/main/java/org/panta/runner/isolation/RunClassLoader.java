package org.panta.runner.isolation;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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

  public RunClassLoader(
      URL[] classpath, List<Map<String, byte[]>> units, ClassTransformer transformer, ClassLoader parent) {
    super("panta-run", classpath, parent);
    this.units = units;
    this.transformer = transformer;
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    byte[] original = originalBytes(name);
    if (original == null) {
      throw new ClassNotFoundException(name);
    }
    byte[] bytes = transformer.transform(name, original);
    Class<?> c = defineClass(name, bytes, 0, bytes.length);
    defined.add(name);
    return c;
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

  /** True if this loader defined the class (i.e. it is a project or test class of the run). */
  public boolean definedHere(String className) {
    return defined.contains(className);
  }
}
