package org.panta.runner.protocol;

/** A request that cannot be served as asked (missing or ill-typed field, unknown unit, ...). */
public final class RequestException extends Exception {
  private static final long serialVersionUID = 1L;
  public RequestException(String message) {
    super(message);
  }
}
