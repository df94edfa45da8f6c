package org.panta.runner.junit;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;

/**
 * Resolves the requested test specs ("pkg.Class", "pkg.Class#method" or
 * "pkg.Class#method(paramTypes)") against the run class loader into JUnit selectors. Specs whose
 * class or method does not exist become error outcomes instead of selectors.
 */
final class TestSelection {
  final List<DiscoverySelector> selectors = new ArrayList<>();
  final List<TestOutcome> unresolved = new ArrayList<>();

  static TestSelection resolve(List<String> specs, ClassLoader loader) {
    TestSelection s = new TestSelection();
    for (String spec : specs) {
      int hash = spec.indexOf('#');
      String className = hash < 0 ? spec : spec.substring(0, hash);
      Class<?> cls;
      try {
        cls = Class.forName(className, false, loader);
      } catch (ClassNotFoundException | LinkageError e) {
        s.unresolved.add(error(spec, "test class not found: " + className, e));
        continue;
      }
      if (hash < 0) {
        s.selectors.add(DiscoverySelectors.selectClass(cls));
        continue;
      }
      String method = spec.substring(hash + 1);
      int paren = method.indexOf('(');
      String name = paren < 0 ? method : method.substring(0, paren);
      if (!hasMethod(cls, name)) {
        s.unresolved.add(error(spec, "test method not found: " + spec, null));
      } else if (paren < 0) {
        s.selectors.add(DiscoverySelectors.selectMethod(cls, name));
      } else {
        String params = method.substring(paren + 1, method.length() - 1);
        s.selectors.add(DiscoverySelectors.selectMethod(cls, name, params));
      }
    }
    return s;
  }

  private static boolean hasMethod(Class<?> cls, String name) {
    try {
      for (Class<?> c = cls; c != null; c = c.getSuperclass()) {
        for (Method m : c.getDeclaredMethods()) {
          if (m.getName().equals(name)) {
            return true;
          }
        }
      }
      for (Method m : cls.getMethods()) {
        if (m.getName().equals(name)) {
          return true;
        }
      }
    } catch (LinkageError e) {
      return true; // let JUnit report the linkage problem
    }
    return false;
  }

  private static TestOutcome error(String spec, String message, Throwable cause) {
    TestOutcome o = new TestOutcome();
    o.id = spec;
    o.displayName = spec;
    o.status = "error";
    o.exception = cause == null ? null : cause.getClass().getName();
    o.message = cause == null || cause instanceof ClassNotFoundException ? message : message + ": " + cause;
    return o;
  }
}
