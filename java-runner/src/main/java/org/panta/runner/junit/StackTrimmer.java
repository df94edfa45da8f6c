package org.panta.runner.junit;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.panta.runner.isolation.RunClassLoader;

/**
 * Renders a throwable like printStackTrace, but keeps only frames of classes defined by the run's
 * class loader (test and project classes, including their lambdas and nested classes). JUnit,
 * reflection, JDK and runner frames are dropped. Causes are followed up to a fixed depth.
 */
final class StackTrimmer {
  private static final int MAX_FRAMES = 40;
  private static final int MAX_CAUSES = 5;
  private final RunClassLoader loader;

  StackTrimmer(RunClassLoader loader) {
    this.loader = loader;
  }

  String render(Throwable t) {
    StringBuilder sb = new StringBuilder();
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Throwable current = t;
    for (int depth = 0; current != null && depth <= MAX_CAUSES && seen.add(current); depth++) {
      if (depth > 0) {
        sb.append("Caused by: ");
      }
      sb.append(current).append('\n');
      int kept = 0;
      for (StackTraceElement frame : current.getStackTrace()) {
        if (kept < MAX_FRAMES && isProjectFrame(frame.getClassName())) {
          sb.append("\tat ").append(format(frame)).append('\n');
          kept++;
        }
      }
      current = current.getCause();
    }
    return sb.toString();
  }

  private boolean isProjectFrame(String className) {
    int dollar = className.indexOf('$');
    return loader.definedHere(className)
        || (dollar > 0 && loader.definedHere(className.substring(0, dollar)));
  }

  /** "pkg.Class.method(File.java:12)", without the class loader / module prefix. */
  private static String format(StackTraceElement f) {
    String where =
        f.getFileName() == null
            ? "Unknown Source"
            : f.getLineNumber() >= 0 ? f.getFileName() + ":" + f.getLineNumber() : f.getFileName();
    return f.getClassName() + "." + f.getMethodName() + "(" + where + ")";
  }
}
