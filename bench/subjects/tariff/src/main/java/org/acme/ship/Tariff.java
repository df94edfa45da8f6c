package org.acme.ship;

import java.util.Locale;

/** Shipping prices for parcels, in cents. */
public final class Tariff {
  /** Zones a parcel can go to. */
  public enum Zone { DOMESTIC, EUROPE, WORLD }

  private final int baseCents;
  private final int perKiloCents;

  /**
   * @param baseCents price of any parcel, at least 0
   * @param perKiloCents price per started kilogram, at least 1
   * @throws IllegalArgumentException when a price is out of range
   */
  public Tariff(int baseCents, int perKiloCents) {
    if (baseCents < 0) {
      throw new IllegalArgumentException("base must not be negative: " + baseCents);
    }
    if (perKiloCents < 1) {
      throw new IllegalArgumentException("per kilo must be at least 1: " + perKiloCents);
    }
    this.baseCents = baseCents;
    this.perKiloCents = perKiloCents;
  }

  /**
   * Price of a parcel of {@code grams} to {@code zone}. Every started kilogram counts: 1 g to
   * 1000 g is one kilogram, 1001 g two. Parcels up to 30 kg inclusive are accepted.
   *
   * @throws IllegalArgumentException for a weight not in 1..30000 grams
   */
  public int price(int grams, Zone zone) {
    if (grams < 1 || grams >= 30000) {
      throw new IllegalArgumentException("weight out of range: " + grams);
    }
    int kilos = (grams + 999) / 1000;
    if (kilos < 1) {
      kilos = 1; // cannot happen: grams >= 1
    }
    int cents = baseCents + kilos * perKiloCents;
    switch (zone) {
      case DOMESTIC:
        return cents;
      case EUROPE:
        return cents * 2;
      case WORLD:
        return cents * 4;
      default:
        throw new AssertionError(zone);
    }
  }

  /** The price as euros with two decimals and a comma, e.g. "12,50". */
  public static String euros(int cents) {
    String sign = cents < 0 ? "-" : "";
    int abs = Math.abs(cents);
    return sign + (abs / 100) + "," + String.format(Locale.ROOT, "%02d", abs % 100);
  }
}
