package org.panta.runner.junit;

/** A test thread could not be stopped; the helper must answer and then exit for a restart. */
final class HelperCompromised extends Exception {
  private static final long serialVersionUID = 1L;
  HelperCompromised(String message) {
    super(message);
  }
}
