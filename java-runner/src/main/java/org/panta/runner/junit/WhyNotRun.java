package org.panta.runner.junit;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Says why a selected test produced no outcome at all: what JUnit reported while discovering it
 * (a selector it could not resolve, an engine that failed), else what the test's declaration
 * shows (no test annotation, a private or static Jupiter method, a nested class that is not
 * {@code @Nested}, ...). Every spec that ran nothing gets an error outcome with that reason, so a
 * test is never reported only as "did not run".
 */
final class WhyNotRun {
  private final List<String> discoveryIssues = new ArrayList<>();

  /** Something JUnit reported while discovering (see {@link DiscoveryIssues}). */
  synchronized void discoveryIssue(String issue) {
    // Every launch discovers again (an execution, a relaunch after an abort): each issue once.
    if (!discoveryIssues.contains(issue)) {
      discoveryIssues.add(issue);
    }
  }

  /**
   * Error outcomes for the specs of `selection` none of whose outcomes is in `ids`, but for whole
   * classes that declare no test at all (test data, a base class's helpers): those go to
   * {@code withoutTests}, as Surefire runs them and reports nothing.
   */
  synchronized List<TestOutcome> outcomesFor(
      TestSelection selection, Set<String> ids, Set<String> uniqueIds, List<String> withoutTests) {
    List<TestOutcome> out = new ArrayList<>();
    for (Map.Entry<String, List<String>> e : selection.prefixes.entrySet()) {
      boolean ran = false;
      for (String prefix : e.getValue()) {
        // A failed container (the class's @BeforeAll, say) reported for the class counts too.
        String cls = prefix.contains("#") ? prefix.substring(0, prefix.indexOf('#')) : prefix;
        ran |= ids.contains(cls) || ids.stream().anyMatch(id -> TestSelection.covers(prefix, id));
        // A JUnit 4 runner (AllTests, Suite) files its tests under other classes' names, below
        // the class's own node.
        String node = "[runner:" + cls + "]";
        ran |= !prefix.contains("#") && uniqueIds.stream().anyMatch(u -> u.contains(node));
      }
      String spec = e.getKey();
      TestSelection.Target target = selection.targets.get(spec);
      if (!ran && discoveryIssues.isEmpty() && declaresNoTest(target)) {
        withoutTests.add(spec);
      } else if (!ran) {
        out.add(TestSelection.error(spec, "JUnit ran no test for " + spec + ": " + reason(selection.targets.get(spec)), null));
      }
    }
    return out;
  }

  /** A whole class none of whose methods (its superclasses' too) has a test-like annotation. */
  private static boolean declaresNoTest(TestSelection.Target target) {
    if (target == null || target.method() != null) {
      return false;
    }
    try {
      return declaresNoTest(target.cls(), 0);
    } catch (LinkageError e) {
      return false;
    }
  }

  /** Also none of its member classes, at any depth (test data in nested classes). */
  private static boolean declaresNoTest(Class<?> cls, int depth) {
    if (depth > 8) {
      return false;
    }
    for (Annotation a : cls.getAnnotations()) {
      if (a.annotationType().getName().startsWith("org.junit")) {
        return false; // @RunWith, @Suite, @Nested, @ExtendWith: a test class after all
      }
    }
    for (Class<?> c = cls; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        for (Annotation a : m.getAnnotations()) {
          String name = a.annotationType().getSimpleName();
          if (name.contains("Test") || name.contains("Theory") || name.contains("Property")) {
            return false;
          }
        }
      }
      for (Class<?> member : c.getDeclaredClasses()) {
        if (!declaresNoTest(member, depth + 1)) {
          return false;
        }
      }
    }
    return true;
  }

  private String reason(TestSelection.Target target) {
    String declared = target == null ? null : declarationProblem(target);
    if (declared != null) {
      return declared;
    }
    if (!discoveryIssues.isEmpty()) {
      return String.join("; ", discoveryIssues);
    }
    return "no test engine on the class path discovered it (is it annotated with the @Test of a"
        + " JUnit version the project has?)";
  }

  private static String declarationProblem(TestSelection.Target target) {
    try {
      if (target.method() == null) {
        return classProblem(target.cls());
      }
      for (Method m : TestSelection.methodsNamed(target.cls(), target.method())) {
        String problem = methodProblem(m);
        if (problem != null) {
          return problem;
        }
      }
    } catch (LinkageError e) {
      return "a type it uses cannot be loaded: " + e;
    }
    return null;
  }

  private static String classProblem(Class<?> cls) {
    if (Modifier.isAbstract(cls.getModifiers())) {
      return cls.getSimpleName() + " is abstract";
    }
    if (cls.getEnclosingClass() != null) {
      boolean nested = has(cls.getAnnotations(), "org.junit.jupiter.api.Nested");
      if (!nested) {
        return "the member class " + cls.getSimpleName() + " is not annotated @Nested";
      }
      if (Modifier.isStatic(cls.getModifiers())) {
        return "a @Nested class must not be static: " + cls.getSimpleName();
      }
      if (Modifier.isPrivate(cls.getModifiers())) {
        return "a @Nested class must not be private: " + cls.getSimpleName();
      }
    }
    return null;
  }

  private static String methodProblem(Method m) {
    Annotation[] annotations = m.getAnnotations();
    boolean jupiter = false;
    boolean junit4 = has(annotations, "org.junit.Test");
    for (Annotation a : annotations) {
      jupiter |= isJupiterTestAnnotation(a.annotationType(), 0);
    }
    if (!jupiter && !junit4) {
      return m.getName() + " has no test annotation (@Test, @ParameterizedTest, @RepeatedTest,"
          + " @TestFactory)";
    }
    int mod = m.getModifiers();
    if (jupiter && Modifier.isPrivate(mod)) {
      return "JUnit Jupiter does not run private test methods: " + m.getName();
    }
    if (Modifier.isStatic(mod)) {
      return "JUnit does not run static test methods: " + m.getName();
    }
    if (Modifier.isAbstract(mod)) {
      return m.getName() + " is abstract";
    }
    boolean factory = has(annotations, "org.junit.jupiter.api.TestFactory");
    if (!factory && m.getReturnType() != void.class) {
      return m.getName() + "() returns " + m.getReturnType().getSimpleName()
          + ": a test method must return void";
    }
    if (junit4 && !jupiter && !Modifier.isPublic(mod)) {
      return "a JUnit 4 test method must be public: " + m.getName();
    }
    return null;
  }

  /** @Test, @ParameterizedTest, ... of Jupiter, directly or as a meta-annotation. */
  private static boolean isJupiterTestAnnotation(Class<? extends Annotation> type, int depth) {
    String n = type.getName();
    if (n.equals("org.junit.jupiter.api.Test")
        || n.equals("org.junit.jupiter.api.TestFactory")
        || n.equals("org.junit.jupiter.api.TestTemplate")
        || n.equals("org.junit.jupiter.api.RepeatedTest")
        || n.equals("org.junit.jupiter.params.ParameterizedTest")) {
      return true;
    }
    if (n.startsWith("java.lang.annotation.") || depth > 4) {
      return false;
    }
    for (Annotation meta : type.getAnnotations()) {
      if (!meta.annotationType().getName().startsWith("java.lang.annotation.")
          && meta.annotationType() != type
          && isJupiterTestAnnotation(meta.annotationType(), depth + 1)) {
        return true;
      }
    }
    return false;
  }

  private static boolean has(Annotation[] annotations, String type) {
    for (Annotation a : annotations) {
      if (a.annotationType().getName().equals(type)) {
        return true;
      }
    }
    return false;
  }
}
