package org.panta.runner.junit;

import java.lang.reflect.Method;
import java.util.Set;

/**
 * The expected and actual values of a failed comparison, as the assertion library recorded them
 * (opentest4j's {@code AssertionFailedError}, which JUnit 5 and AssertJ throw, and JUnit 4's and
 * JUnit 3's {@code ComparisonFailure}); null for any other throwable. Only those libraries' own
 * accessors are called: a throwable of the test's own class is never asked anything.
 */
final class Comparison {
  private static final int MAX_CHARS = 2000;
  private static final Set<String> LIBRARY_CLASSES =
      Set.of(
          "org.opentest4j.AssertionFailedError",
          "org.junit.ComparisonFailure",
          "junit.framework.ComparisonFailure");

  final String expected;
  final String actual;

  private Comparison(String expected, String actual) {
    this.expected = expected;
    this.actual = actual;
  }

  static Comparison of(Throwable t) {
    try {
      Method expected = t.getClass().getMethod("getExpected");
      Method actual = t.getClass().getMethod("getActual");
      if (!LIBRARY_CLASSES.contains(expected.getDeclaringClass().getName())
          || !LIBRARY_CLASSES.contains(actual.getDeclaringClass().getName())) {
        return null;
      }
      Object e = expected.invoke(t);
      Object a = actual.invoke(t);
      if (e == null && a == null) {
        return null; // an AssertionFailedError without values (fail(), assertTrue)
      }
      return new Comparison(text(e), text(a));
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null;
    }
  }

  // opentest4j wraps the values (ValueWrapper, its text made when the assertion failed).
  private static String text(Object value) throws ReflectiveOperationException {
    if (value == null) {
      return null;
    }
    String s;
    if (value.getClass().getName().equals("org.opentest4j.ValueWrapper")) {
      s = (String) value.getClass().getMethod("getStringRepresentation").invoke(value);
    } else if (value instanceof String) {
      s = (String) value;
    } else {
      return null;
    }
    return s.length() > MAX_CHARS ? s.substring(0, MAX_CHARS) + "..." : s;
  }
}
