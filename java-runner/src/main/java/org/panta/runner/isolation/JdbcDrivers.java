package org.panta.runner.isolation;

import java.io.IOException;
import java.lang.reflect.Method;

/**
 * JDBC drivers per run. {@link java.sql.DriverManager} is JVM-wide: it loads the drivers of the
 * class path once, through the class loader of the first run that uses it, and later runs' code
 * may not use drivers of another loader ("No suitable driver found"), while the registered
 * drivers keep that run's loader alive. So each run registers the drivers its own loader sees and
 * deregisters them at its end, through a copy of {@link RunJdbc} defined in its loader.
 */
public final class JdbcDrivers {
  private static final String SERVICE = "META-INF/services/java.sql.Driver";
  private final RunClassLoader loader;
  private final Class<?> inRun; // null: no driver on the run's class path

  private JdbcDrivers(RunClassLoader loader, Class<?> inRun) {
    this.loader = loader;
    this.inRun = inRun;
  }

  /** Registers the drivers of the run's class path, when it has any. */
  public static JdbcDrivers register(RunClassLoader loader) {
    Class<?> inRun = null;
    try {
      if (loader.findResources(SERVICE).hasMoreElements()) {
        inRun = loader.defineCopy(RunJdbc.class);
        call(inRun, "register", loader);
      }
    } catch (IOException | ReflectiveOperationException | LinkageError e) {
      inRun = null; // the runs go on as before: DriverManager's own loading
    }
    return new JdbcDrivers(loader, inRun);
  }

  /** Deregisters the drivers the run's loader defined. */
  public void deregister() {
    if (inRun == null) {
      return;
    }
    try {
      call(inRun, "deregister", loader);
    } catch (ReflectiveOperationException | LinkageError e) {
      // left registered
    }
  }

  private static void call(Class<?> c, String name, ClassLoader loader)
      throws ReflectiveOperationException {
    Method m = c.getMethod(name, ClassLoader.class);
    m.invoke(null, loader);
  }
}
