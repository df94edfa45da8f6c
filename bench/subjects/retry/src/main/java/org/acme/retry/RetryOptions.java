package org.acme.retry;

/**
 * Settings of a {@link RetryPolicy}. A fresh instance holds the defaults: 3 attempts, 100 ms
 * before the second attempt, a multiplier of 2.0 and delays of at most 5000 ms. Every setter
 * returns this instance, so calls can be chained.
 */
public final class RetryOptions {
  private int maxAttempts = 3;
  private long initialDelayMillis = 100;
  private double multiplier = 2.0;
  private long maxDelayMillis = 5_000;

  /** @throws IllegalArgumentException "maxAttempts must be at least 1: N" */
  public RetryOptions maxAttempts(int maxAttempts) {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
    }
    this.maxAttempts = maxAttempts;
    return this;
  }

  /** @throws IllegalArgumentException "initialDelayMillis must not be negative: N" */
  public RetryOptions initialDelayMillis(long initialDelayMillis) {
    if (initialDelayMillis < 0) {
      throw new IllegalArgumentException(
          "initialDelayMillis must not be negative: " + initialDelayMillis);
    }
    this.initialDelayMillis = initialDelayMillis;
    return this;
  }

  /** @throws IllegalArgumentException "multiplier must be at least 1.0: X" (also for NaN) */
  public RetryOptions multiplier(double multiplier) {
    if (!(multiplier >= 1.0)) {
      throw new IllegalArgumentException("multiplier must be at least 1.0: " + multiplier);
    }
    this.multiplier = multiplier;
    return this;
  }

  /** @throws IllegalArgumentException "maxDelayMillis must not be negative: N" */
  public RetryOptions maxDelayMillis(long maxDelayMillis) {
    if (maxDelayMillis < 0) {
      throw new IllegalArgumentException("maxDelayMillis must not be negative: " + maxDelayMillis);
    }
    this.maxDelayMillis = maxDelayMillis;
    return this;
  }

  public int getMaxAttempts() {
    return maxAttempts;
  }

  public long getInitialDelayMillis() {
    return initialDelayMillis;
  }

  public double getMultiplier() {
    return multiplier;
  }

  public long getMaxDelayMillis() {
    return maxDelayMillis;
  }
}
