package org.panta.runner.isolation;

import java.net.URL;
import java.net.URLClassLoader;

/**
 * A URLClassLoader whose class definitions count on the {@link ClassLoadingClock}: the test
 * frameworks' classes, loaded while the first test of a fresh helper runs, are not the test's
 * time.
 */
final class TimedUrlClassLoader extends URLClassLoader {
  TimedUrlClassLoader(String name, URL[] urls, ClassLoader parent) {
    super(name, urls, parent);
  }

  @Override
  protected Class<?> findClass(String name) throws ClassNotFoundException {
    long start = System.nanoTime();
    Class<?> c = super.findClass(name); // only classes found count
    ClassLoadingClock.add(System.nanoTime() - start);
    return c;
  }
}
