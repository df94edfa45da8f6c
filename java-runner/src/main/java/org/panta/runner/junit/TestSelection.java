package org.panta.runner.junit;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.discovery.DiscoverySelectors;

/**
 * Resolves the requested test specs ("pkg.Class", "pkg.Class#method",
 * "pkg.Class#method(paramTypes)" or "pkg.Class#Nested", a member class holding tests) against
 * the run class loader into JUnit selectors. A method named without parameter types selects
 * every method of that name, so parameterized tests and tests with injected parameters
 * (TestInfo, @TempDir) run. Specs whose class or method does not exist become error outcomes
 * instead of selectors.
 */
final class TestSelection {
  final List<DiscoverySelector> selectors = new ArrayList<>();
  final List<TestOutcome> unresolved = new ArrayList<>();
  /** Each resolved spec with the test id prefixes its outcomes have ("pkg.Class#m", "pkg.Class$N"). */
  final Map<String, List<String>> prefixes = new LinkedHashMap<>();
  /** Each resolved spec with its class and method name (null for a whole class), for WhyNotRun. */
  final Map<String, Target> targets = new LinkedHashMap<>();

  record Target(Class<?> cls, String method) {}

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
        s.add(spec, DiscoverySelectors.selectClass(cls), cls.getName(), new Target(cls, null));
        continue;
      }
      s.resolveMember(spec, cls, spec.substring(hash + 1));
    }
    return s;
  }

  private void resolveMember(String spec, Class<?> cls, String member) {
    int paren = member.indexOf('(');
    String name = paren < 0 ? member : member.substring(0, paren);
    if (paren >= 0) {
      String params = member.substring(paren + 1, member.length() - 1);
      if (hasMethodNamed(cls, name)) {
        add(spec, DiscoverySelectors.selectMethod(cls, name, params), cls.getName() + "#" + name,
            new Target(cls, name));
        return;
      }
    } else {
      Class<?> nested = memberClass(cls, name);
      List<Method> methods;
      try {
        methods = methodsNamed(cls, name);
      } catch (LinkageError e) { // a type its methods use is missing: let JUnit report it
        add(spec, DiscoverySelectors.selectMethod(cls, name), cls.getName() + "#" + name,
            new Target(cls, name));
        return;
      }
      if (nested != null && methods.isEmpty()) {
        add(spec, nestedSelector(nested), nested.getName(), new Target(nested, null));
        return;
      }
      if (!methods.isEmpty()) {
        boolean noArgs = methods.stream().anyMatch(m -> m.getParameterCount() == 0);
        if (noArgs) {
          add(spec, DiscoverySelectors.selectMethod(cls, name), cls.getName() + "#" + name,
              new Target(cls, name));
        } else {
          for (Method m : methods) {
            add(spec, DiscoverySelectors.selectMethod(cls, m), cls.getName() + "#" + name,
                new Target(cls, name));
          }
        }
        return;
      }
    }
    unresolved.add(error(spec, "test method not found: " + spec, null));
  }

  private void add(String spec, DiscoverySelector selector, String prefix, Target target) {
    selectors.add(selector);
    prefixes.computeIfAbsent(spec, k -> new ArrayList<>()).add(prefix);
    targets.put(spec, target);
  }

  /** Whether an outcome with test id `id` comes from what `prefix` selected. */
  static boolean covers(String prefix, String id) {
    if (!id.startsWith(prefix)) {
      return false;
    }
    if (id.length() == prefix.length()) {
      return true;
    }
    char next = id.charAt(prefix.length());
    return prefix.contains("#") ? next == '[' : next == '#' || next == '$' || next == '[';
  }

  /** A nested class is selected through its enclosing classes, as JUnit Jupiter resolves it. */
  private static DiscoverySelector nestedSelector(Class<?> nested) {
    List<Class<?>> enclosing = new ArrayList<>();
    for (Class<?> c = nested.getEnclosingClass(); c != null; c = c.getEnclosingClass()) {
      enclosing.add(0, c);
    }
    if (enclosing.isEmpty()) {
      return DiscoverySelectors.selectClass(nested);
    }
    return DiscoverySelectors.selectNestedClass(enclosing, nested);
  }

  private static Class<?> memberClass(Class<?> cls, String name) {
    try {
      for (Class<?> c : cls.getDeclaredClasses()) {
        if (c.getSimpleName().equals(name)) {
          return c;
        }
      }
    } catch (LinkageError e) {
      return null;
    }
    return null;
  }

  /** Whether the class has a method `name`; true when that cannot be known (JUnit will say). */
  private static boolean hasMethodNamed(Class<?> cls, String name) {
    try {
      return !methodsNamed(cls, name).isEmpty();
    } catch (LinkageError e) {
      return true;
    }
  }

  /** The methods named `name` of the class or, when it has none, of its nearest superclass. */
  static List<Method> methodsNamed(Class<?> cls, String name) {
    List<Method> out = new ArrayList<>();
    for (Class<?> c = cls; c != null; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (m.getName().equals(name) && !m.isBridge() && !m.isSynthetic()) {
          out.add(m);
        }
      }
      if (!out.isEmpty()) {
        return out; // a subclass's methods hide the superclass's of the same name
      }
    }
    for (Method m : cls.getMethods()) { // interfaces' default methods
      if (m.getName().equals(name)) {
        out.add(m);
      }
    }
    return out;
  }

  static TestOutcome error(String spec, String message, Throwable cause) {
    TestOutcome o = new TestOutcome();
    o.id = spec;
    o.displayName = spec;
    o.status = "error";
    o.exception = cause == null ? null : cause.getClass().getName();
    o.message = cause == null || cause instanceof ClassNotFoundException ? message : message + ": " + cause;
    return o;
  }
}
