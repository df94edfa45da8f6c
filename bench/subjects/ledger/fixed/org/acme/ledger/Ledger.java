package org.acme.ledger;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Balances of named accounts in a single currency. Every account starts at 0. */
public final class Ledger {
  private final String currency;
  private final Map<String, Long> balances = new HashMap<>();

  /**
   * @param currency the currency of every amount this ledger accepts, e.g. "EUR"
   * @throws IllegalArgumentException as {@link Money} does for a bad currency code
   */
  public Ledger(String currency) {
    this.currency = new Money(currency, 0).currency();
  }

  /** The balance of {@code account}; an account never used has a balance of 0. */
  public Money balance(String account) {
    return new Money(currency, balances.getOrDefault(account, 0L));
  }

  /**
   * Adds {@code amount} to {@code account}.
   *
   * @throws IllegalArgumentException "currency mismatch: X vs Y" (the ledger's currency first)
   *     when {@code amount} is in another currency
   */
  public void deposit(String account, Money amount) {
    check(amount);
    balances.merge(account, amount.cents(), Long::sum);
  }

  /**
   * Moves {@code amount} from one account to another. A balance may reach 0 but never less.
   *
   * @throws IllegalArgumentException "currency mismatch: X vs Y" as for {@link #deposit}, or
   *     "same account: A" when {@code from} equals {@code to}
   * @throws IllegalStateException "insufficient funds in A: B < N" when the balance B of
   *     {@code from} is smaller than the N cents asked for; nothing is moved then
   */
  public void transfer(String from, String to, Money amount) {
    check(amount);
    if (from.equals(to)) {
      throw new IllegalArgumentException("same account: " + from);
    }
    long available = balances.getOrDefault(from, 0L);
    if (available < amount.cents()) {
      throw new IllegalStateException(
          "insufficient funds in " + from + ": " + available + " < " + amount.cents());
    }
    balances.put(from, available - amount.cents());
    balances.merge(to, amount.cents(), Long::sum);
  }

  /**
   * Interest on the balance of {@code account} at {@code basisPoints} hundredths of a percent
   * (100 = 1%). The result is rounded to a whole cent, half to even ("banker's rounding"): 2.5
   * cents become 2, 3.5 cents become 4. The balance itself is not changed.
   *
   * @throws IllegalArgumentException "rate out of range: R" for a rate not in 0..10000
   */
  public Money interest(String account, int basisPoints) {
    if (basisPoints < 0 || basisPoints > 10000) {
      throw new IllegalArgumentException("rate out of range: " + basisPoints);
    }
    BigDecimal exact = BigDecimal.valueOf(balances.getOrDefault(account, 0L))
        .multiply(BigDecimal.valueOf(basisPoints))
        .divide(BigDecimal.valueOf(10000));
    return new Money(currency, exact.setScale(0, RoundingMode.HALF_EVEN).longValueExact());
  }

  /**
   * Splits {@code amount} into {@code parts} amounts that add up to it exactly and differ by at
   * most one cent; the larger amounts come first (100 in 3 parts: 34, 33, 33).
   *
   * @throws IllegalArgumentException "parts must be at least 1: P" for fewer than 1 part, or
   *     "currency mismatch: X vs Y" as for {@link #deposit}
   */
  public List<Money> split(Money amount, int parts) {
    check(amount);
    if (parts < 1) {
      throw new IllegalArgumentException("parts must be at least 1: " + parts);
    }
    long share = amount.cents() / parts;
    long remainder = amount.cents() % parts;
    if (remainder < 0) {
      throw new AssertionError(remainder); // cannot happen: Money is never negative
    }
    List<Money> result = new ArrayList<>(parts);
    for (int i = 0; i < parts; i++) {
      result.add(new Money(currency, i < remainder ? share + 1 : share));
    }
    return result;
  }

  private void check(Money amount) {
    if (!amount.currency().equals(currency)) {
      throw new IllegalArgumentException(
          "currency mismatch: " + currency + " vs " + amount.currency());
    }
  }
}
