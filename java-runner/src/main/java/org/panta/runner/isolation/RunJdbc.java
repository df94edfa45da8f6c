package org.panta.runner.isolation;

import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Runs as code of one run: {@link JdbcDrivers} defines a copy of this class in the run's class
 * loader, because {@link DriverManager} hands out and deregisters only the drivers the calling
 * class's loader can see. Refers to itself by no class literal (the copy would resolve it in the
 * run loader's parents).
 */
public final class RunJdbc {
  private RunJdbc() {}

  /**
   * Registers the JDBC drivers on the class path of {@code run} (their static initializers do,
   * as the first use of DriverManager in a fresh JVM would). A driver that fails to load is left
   * for the tests that use it to report.
   */
  public static void register(ClassLoader run) {
    try {
      Iterator<Driver> drivers = ServiceLoader.load(Driver.class, run).iterator();
      while (drivers.hasNext()) {
        try {
          drivers.next();
        } catch (ServiceConfigurationError | LinkageError e) {
          // the test that needs it fails with its own error
        }
      }
    } catch (ServiceConfigurationError e) {
      // a broken service file: as above
    }
  }

  /** Deregisters every driver {@code run} defined, so the next run's do not lose to them. */
  public static void deregister(ClassLoader run) {
    for (Driver driver : Collections.list(DriverManager.getDrivers())) {
      if (driver.getClass().getClassLoader() == run) {
        try {
          DriverManager.deregisterDriver(driver);
        } catch (SQLException | SecurityException e) {
          // left registered: the next run registers its own beside it
        }
      }
    }
  }
}
