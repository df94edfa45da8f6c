package org.panta.runner;

/** Version of the runner and of its JSON-lines protocol (reported by "ping"). */
public final class Version {
  public static final String RUNNER = "0.1.0";
  public static final int PROTOCOL = 1;

  private Version() {}
}
