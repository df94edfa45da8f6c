package org.acme.retry;

import java.util.concurrent.Callable;
import java.util.function.LongConsumer;

/**
 * When to try a failing task again and how long to wait before each new attempt. Attempts are
 * numbered from 1; the first attempt starts at once, attempt n (n at least 2) after a delay.
 */
public final class RetryPolicy {
  private final int maxAttempts;
  private final long initialDelayMillis;
  private final double multiplier;
  private final long maxDelayMillis;

  /**
   * Copies the settings of {@code options}; later changes to {@code options} have no effect.
   *
   * @throws IllegalArgumentException "maxDelayMillis below initialDelayMillis: M < I" when the
   *     cap is smaller than the first delay
   */
  public RetryPolicy(RetryOptions options) {
    this.maxAttempts = options.getMaxAttempts();
    this.initialDelayMillis = options.getInitialDelayMillis();
    this.multiplier = options.getMultiplier();
    this.maxDelayMillis = options.getMaxDelayMillis();
    if (maxDelayMillis < initialDelayMillis) {
      throw new IllegalArgumentException("maxDelayMillis below initialDelayMillis: "
          + maxDelayMillis + " < " + initialDelayMillis);
    }
  }

  /**
   * Whether another attempt may follow once {@code attemptsMade} attempts have failed: true
   * exactly when {@code attemptsMade} is less than the maximum number of attempts.
   *
   * @throws IllegalArgumentException "attemptsMade must be at least 1: N"
   */
  public boolean shouldRetry(int attemptsMade) {
    if (attemptsMade < 1) {
      throw new IllegalArgumentException("attemptsMade must be at least 1: " + attemptsMade);
    }
    return attemptsMade < maxAttempts;
  }

  /**
   * The wait before attempt {@code attempt}: attempt 2 waits the initial delay, and each later
   * attempt waits {@code multiplier} times as long as the one before, that is initialDelay *
   * multiplier^(attempt - 2), rounded down to a whole millisecond and capped at the maximum delay.
   *
   * @throws IllegalArgumentException "attempt out of range: N" for an attempt not in
   *     2..maxAttempts
   */
  public long delayBeforeAttempt(int attempt) {
    if (attempt < 2 || attempt > maxAttempts) {
      throw new IllegalArgumentException("attempt out of range: " + attempt);
    }
    double delay = initialDelayMillis * Math.pow(multiplier, attempt - 1);
    return Math.min((long) Math.floor(delay), maxDelayMillis);
  }

  /** The sum of the waits before attempts 2..maxAttempts; 0 when only one attempt is allowed. */
  public long totalDelayMillis() {
    long total = 0;
    for (int attempt = 2; attempt <= maxAttempts; attempt++) {
      total += delayBeforeAttempt(attempt);
    }
    return total;
  }

  /**
   * Calls {@code task} until it returns normally or the attempts run out. Before attempt n (n at
   * least 2) it passes {@link #delayBeforeAttempt}(n) to {@code sleeper}, which is expected to
   * wait that long.
   *
   * @return the value of the first attempt that returns normally
   * @throws Exception the exception of the last attempt when every attempt failed
   */
  public <T> T run(Callable<T> task, LongConsumer sleeper) throws Exception {
    int attempt = 1;
    while (true) {
      try {
        return task.call();
      } catch (Exception e) {
        if (!shouldRetry(attempt)) {
          throw e;
        }
      }
      attempt++;
      sleeper.accept(delayBeforeAttempt(attempt));
    }
  }
}
