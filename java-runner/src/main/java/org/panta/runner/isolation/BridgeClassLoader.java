package org.panta.runner.isolation;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * Loads the JUnit bridge (org.panta.runner.junit, from the bridge jar) so that it links against
 * two worlds: the JUnit Platform types (org.junit, org.opentest4j, org.apiguardian) of the
 * project's framework loader, and everything else (the helper's own classes, its shaded
 * libraries, the JDK) of the helper. Test code never sees this loader.
 */
final class BridgeClassLoader extends URLClassLoader {
  private static final String BRIDGE_PACKAGE = "org.panta.runner.junit.";
  private static final String[] FRAMEWORK_PREFIXES = {"org.junit.", "org.opentest4j.", "org.apiguardian."};

  private final ClassLoader framework;
  private final ClassLoader helper;

  BridgeClassLoader(URL bridgeJar, ClassLoader framework, ClassLoader helper) {
    super("panta-junit-bridge", new URL[] {bridgeJar}, null);
    this.framework = framework;
    this.helper = helper;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    synchronized (getClassLoadingLock(name)) {
      if (name.startsWith(BRIDGE_PACKAGE)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          c = findClass(name);
        }
        if (resolve) {
          resolveClass(c);
        }
        return c;
      }
      for (String prefix : FRAMEWORK_PREFIXES) {
        if (name.startsWith(prefix)) {
          return framework.loadClass(name);
        }
      }
      return helper.loadClass(name);
    }
  }
}
