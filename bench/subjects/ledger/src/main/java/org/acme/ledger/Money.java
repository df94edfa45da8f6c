package org.acme.ledger;

/**
 * An amount of money: a currency code and a whole number of cents, never negative.
 *
 * @param currency three capital letters, e.g. "EUR"
 * @param cents the amount in cents, at least 0
 */
public record Money(String currency, long cents) {
  /**
   * @throws IllegalArgumentException "currency is required" for a null currency, "bad currency:
   *     X" when it is not three capital letters A-Z, "negative amount: N" for cents below 0
   */
  public Money {
    if (currency == null) {
      throw new IllegalArgumentException("currency is required");
    }
    if (!currency.matches("[A-Z]{3}")) {
      throw new IllegalArgumentException("bad currency: " + currency);
    }
    if (cents < 0) {
      throw new IllegalArgumentException("negative amount: " + cents);
    }
  }
}
