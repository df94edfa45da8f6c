package org.example.shop;

import java.util.ArrayList;
import java.util.List;

/** A shopping cart: items with categories, quantity discounts and coupons. */
public class Cart {
  public enum Category { FOOD, BOOK, ELECTRONICS, OTHER }

  public record Item(String name, Category category, int quantity, long unitCents) {}

  private final List<Item> items = new ArrayList<>();
  private int couponPercent;

  public void add(Item item) {
    if (item == null || item.quantity() <= 0) {
      throw new IllegalArgumentException("an item needs a positive quantity");
    }
    items.add(item);
  }

  public int size() {
    return items.size();
  }

  /** Total in cents after category rules, bulk discounts and the coupon. */
  public long total() {
    long sum = 0;
    for (Item item : items) {
      long line = item.unitCents() * item.quantity();
      switch (item.category()) {
        case FOOD:
          if (item.quantity() >= 10) {
            line = line * 90 / 100;
          }
          break;
        case BOOK:
          line -= Math.min(line, 100L * (item.quantity() / 3));
          break;
        case ELECTRONICS:
          line += 500;
          break;
        default:
          break;
      }
      sum += line;
    }
    if (couponPercent > 0) {
      sum -= sum * couponPercent / 100;
    }
    return sum;
  }

  /** Applies a coupon such as "SAVE15"; returns false when the code is not valid. */
  public boolean applyCoupon(String code) {
    if (code == null || !code.startsWith("SAVE")) {
      return false;
    }
    try {
      int percent = Integer.parseInt(code.substring(4));
      if (percent <= 0 || percent > 50) {
        return false;
      }
      couponPercent = percent;
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Parses "name;category;quantity;cents", e.g. "apple;food;3;45". */
  public static Item parseLine(String line) {
    String[] parts = line.split(";");
    if (parts.length != 4) {
      throw new IllegalArgumentException("expected 4 fields: " + line);
    }
    Category category = switch (parts[1].trim().toLowerCase()) {
      case "food", "grocery" -> Category.FOOD;
      case "book" -> Category.BOOK;
      case "electronics" -> Category.ELECTRONICS;
      default -> Category.OTHER;
    };
    return new Item(parts[0].trim(), category, Integer.parseInt(parts[2].trim()),
        Long.parseLong(parts[3].trim()));
  }

  /** The most expensive line's item name, or "" for an empty cart. */
  public String mostExpensive() {
    String best = "";
    long bestCents = -1;
    int i = 0;
    while (i < items.size()) {
      Item item = items.get(i);
      long cents = item.unitCents() * item.quantity();
      if (cents > bestCents) {
        best = item.name();
        bestCents = cents;
      }
      i++;
    }
    return best;
  }
}
