package org.panta.runner.isolation;

import java.util.Locale;
import java.util.Properties;
import java.util.TimeZone;

/**
 * JVM-wide state that a fresh class loader does not isolate but tests commonly change: system
 * properties, default locale and default time zone. {@link #capture()} before a run and
 * {@link #restore()} after it undo the run's changes.
 */
public final class JvmGlobals {
  private final Properties properties;
  private final Locale locale;
  private final TimeZone timeZone;

  private JvmGlobals() {
    properties = (Properties) System.getProperties().clone();
    locale = Locale.getDefault();
    timeZone = TimeZone.getDefault();
  }

  public static JvmGlobals capture() {
    return new JvmGlobals();
  }

  public void restore() {
    System.setProperties((Properties) properties.clone());
    Locale.setDefault(locale);
    TimeZone.setDefault(timeZone);
  }
}
