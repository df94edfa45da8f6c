package org.panta.runner.isolation;

import java.net.URL;
import java.util.Enumeration;
import java.io.IOException;
import java.util.List;

/**
 * Parent of every run class loader. Exposes the JDK plus exactly the helper-side classes that
 * tests must share with the launcher (JUnit, opentest4j, Mockito and its byte-code libraries,
 * Hamcrest, and the runner's sandbox package); hides the runner's own implementation libraries
 * (Gson, JaCoCo, ASM) so a project may bring its own versions of those.
 */
public final class SharedApiClassLoader extends ClassLoader {
  private static final List<String> SHARED_PREFIXES =
      List.of(
          "org.junit.",
          "junit.",
          "org.opentest4j.",
          "org.apiguardian.",
          "org.hamcrest.",
          "org.mockito.",
          "net.bytebuddy.",
          "org.objenesis.",
          "org.panta.runner.sandbox.");

  private final ClassLoader helper;

  public SharedApiClassLoader(ClassLoader helper) {
    super("panta-shared", ClassLoader.getPlatformClassLoader());
    this.helper = helper;
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    for (String prefix : SHARED_PREFIXES) {
      if (name.startsWith(prefix)) {
        long start = System.nanoTime();
        Class<?> c = helper.loadClass(name);
        ClassLoadingClock.add(System.nanoTime() - start);
        return c;
      }
    }
    throw new ClassNotFoundException(name);
  }

  @Override
  protected URL findResource(String name) {
    return helper.getResource(name);
  }

  @Override
  protected Enumeration<URL> findResources(String name) throws IOException {
    return helper.getResources(name);
  }
}
