package org.panta.runner.isolation;

import java.io.File;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.panta.runner.protocol.RequestException;
import org.panta.runner.run.TestBridge;

/**
 * The project's test frameworks, loaded once and kept across runs. A run's class path is split
 * into the framework jars (JUnit Platform, engines and APIs, opentest4j, apiguardian, Hamcrest,
 * Mockito, Byte Buddy, Objenesis, AssertJ: every jar whose classes all lie in those packages, or
 * that declares a JUnit TestEngine) and the rest. The framework jars get a class loader of their
 * own, cached by their paths and kept with its JUnit bridge and launcher, so a warm run does not
 * load JUnit again; the rest (the project's other libraries) go to the run's fresh class loader
 * beside its main and test classes, as before.
 */
public final class TestFrameworks {
  private static final int CACHED = 3;
  private static final String ENGINE_SERVICE = "META-INF/services/org.junit.platform.engine.TestEngine";
  private static final String[] FRAMEWORK_PACKAGES = {
    "org/junit/", "junit/", "org/hamcrest/", "org/opentest4j/", "org/apiguardian/",
    "org/mockito/", "net/bytebuddy/", "org/objenesis/", "org/assertj/core/", "org/jspecify/"
  };

  /** The framework part of a run's class path, and the entries left for the run's loader. */
  public record Selection(ClassLoader loader, TestBridge bridge, URL[] rest) {}

  private record Cached(URLClassLoader loader, TestBridge bridge) {}

  private final ClassLoader helper;
  private final SandboxApiClassLoader sandboxApi;
  private final Map<List<String>, Cached> cache = new LinkedHashMap<>(4, 0.75f, true);
  private final Map<String, Boolean> isFramework = new HashMap<>();

  public TestFrameworks(ClassLoader helper) {
    this.helper = helper;
    this.sandboxApi = new SandboxApiClassLoader(helper);
  }

  /** Splits {@code classpath} and returns the (possibly cached) framework of its JUnit jars. */
  public Selection select(List<String> classpath) throws RequestException {
    List<String> frameworkJars = new ArrayList<>();
    List<URL> rest = new ArrayList<>();
    for (String entry : classpath) {
      Path path = Path.of(entry).toAbsolutePath().normalize();
      if (frameworkJar(path)) {
        frameworkJars.add(path.toString());
      } else {
        rest.add(url(path, entry));
      }
    }
    Cached cached = cache.get(frameworkJars);
    if (cached == null) {
      cached = create(frameworkJars);
      cache.put(frameworkJars, cached);
      evictOldest();
    }
    return new Selection(cached.loader(), cached.bridge(), rest.toArray(new URL[0]));
  }

  private Cached create(List<String> jars) throws RequestException {
    URL[] urls = new URL[jars.size()];
    for (int i = 0; i < urls.length; i++) {
      urls[i] = url(Path.of(jars.get(i)), jars.get(i));
    }
    URLClassLoader framework = new TimedUrlClassLoader("panta-framework", urls, sandboxApi);
    try {
      framework.loadClass("org.junit.platform.launcher.core.LauncherFactory");
    } catch (ClassNotFoundException | LinkageError e) {
      closeQuietly(framework);
      throw new RequestException(
          "no JUnit Platform launcher among the run's class path jars (" + jars.size()
              + " test framework jars): add org.junit.platform:junit-platform-launcher");
    }
    try {
      BridgeClassLoader bridgeLoader = new BridgeClassLoader(bridgeJar(), framework, helper);
      Object bridge =
          bridgeLoader
              .loadClass("org.panta.runner.junit.JUnitBridge")
              .getConstructor(ClassLoader.class)
              .newInstance(framework);
      return new Cached(framework, (TestBridge) bridge);
    } catch (ReflectiveOperationException | LinkageError e) {
      closeQuietly(framework);
      throw new RequestException("cannot load the JUnit bridge against these JUnit jars: " + e);
    }
  }

  private void evictOldest() {
    while (cache.size() > CACHED) {
      var eldest = cache.entrySet().iterator().next();
      closeQuietly(eldest.getValue().loader());
      cache.remove(eldest.getKey());
    }
  }

  /** panta-runner-junit.jar beside the helper's jar, or the system property panta.runner.bridge. */
  private static URL bridgeJar() throws RequestException {
    String property = System.getProperty("panta.runner.bridge");
    try {
      if (property != null && !property.isEmpty()) {
        return Path.of(property).toUri().toURL();
      }
      URL self = TestFrameworks.class.getProtectionDomain().getCodeSource().getLocation();
      Path jar = Path.of(self.toURI()).resolveSibling("panta-runner-junit.jar");
      if (!Files.isRegularFile(jar)) {
        throw new RequestException("the JUnit bridge is missing: " + jar);
      }
      return jar.toUri().toURL();
    } catch (MalformedURLException | URISyntaxException | RuntimeException e) {
      throw new RequestException("cannot find the JUnit bridge jar: " + e);
    }
  }

  private boolean frameworkJar(Path path) {
    File file = path.toFile();
    if (!file.isFile()) {
      return false;
    }
    String key = path + "|" + file.length() + "|" + file.lastModified();
    return isFramework.computeIfAbsent(key, k -> scan(file));
  }

  /** True when the jar declares a TestEngine, or has classes and all in framework packages. */
  private static boolean scan(File file) {
    boolean classes = false;
    try (JarFile jar = new JarFile(file)) {
      if (jar.getEntry(ENGINE_SERVICE) != null) {
        return true;
      }
      Enumeration<JarEntry> entries = jar.entries();
      while (entries.hasMoreElements()) {
        String name = entries.nextElement().getName();
        if (!name.endsWith(".class") || name.endsWith("module-info.class")) {
          continue;
        }
        if (name.startsWith("META-INF/versions/")) {
          int slash = name.indexOf('/', "META-INF/versions/".length());
          name = slash < 0 ? name : name.substring(slash + 1);
        }
        if (!inFrameworkPackage(name)) {
          return false;
        }
        classes = true;
      }
    } catch (IOException | RuntimeException e) {
      return false;
    }
    return classes;
  }

  private static boolean inFrameworkPackage(String classFile) {
    for (String prefix : FRAMEWORK_PACKAGES) {
      if (classFile.startsWith(prefix)) {
        return true;
      }
    }
    return false;
  }

  private static URL url(Path path, String entry) throws RequestException {
    try {
      return path.toUri().toURL();
    } catch (MalformedURLException | RuntimeException e) {
      throw new RequestException("bad classpath entry '" + entry + "': " + e.getMessage());
    }
  }

  private static void closeQuietly(URLClassLoader loader) {
    try {
      loader.close();
    } catch (IOException e) {
      // unreachable from now on anyway
    }
  }
}
