#!/bin/sh
# The answers recorded in journal.sqlite for `make demo`: written by hand for the example, in
# the order Panta asks (generate, then repairs), and served through the cmd: backend. They stand
# in for a model so the demo runs offline; point PANTA_LLM at a real model to see a live run.
# usage: PANTA_DEMO_STATE=FILE panta generate ... --llm "cmd:sh examples/shop/demo/answers.sh"
cat > /dev/null
state=${PANTA_DEMO_STATE:?set PANTA_DEMO_STATE to a counter file}
n=$(cat "$state" 2>/dev/null || echo 0)
n=$((n + 1))
echo "$n" > "$state"
case "$PANTA_PROMPT_KIND:$n" in
generate:1) cat <<'X'
These tests run `total()` and `applyCoupon(String)`:

```java
package org.example.shop;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class CartTest {
  @Test
  void bulkFoodGetsTenPercentOff() {
    Cart cart = new Cart();
    cart.add(new Cart.Item("rice", Cart.Category.FOOD, 10, 100));
    assertEquals(900, cart.total());
  }

  @Test
  void smallFoodOrderPaysFullPrice() {
    Cart cart = new Cart();
    cart.add(new Cart.Item("apple", Cart.Category.FOOD, 2, 50));
    assertEquals(100, cart.total());
  }

  @Test
  void everyThirdBookIsOneEuroOff() {
    Cart cart = new Cart();
    cart.add(new Cart.Item("novel", Cart.Category.BOOK, 3, 1000));
    assertEquals(2900, cart.total());
  }

  @Test
  void electronicsPayAHandlingFee() {
    Cart cart = new Cart();
    cart.add(new Cart.Item("cable", Cart.Category.ELECTRONICS, 1, 1000));
    assertEquals(1000, cart.total());
  }

  @Test
  void couponAppliesToTheTotal() {
    Cart cart = new Cart();
    cart.add(new Cart.Item("pen", Cart.Category.OTHER, 1, 1000));
    assertTrue(cart.applyCoupon("SAVE10"));
    assertEquals(900, cart.total());
  }

  @Test
  void couponsMustStartWithSave() {
    assertFalse(new Cart().applyCoupon("FREE10"));
    assertFalse(new Cart().applyCoupon(null));
  }
}
```
X
;;
repair:2) cat <<'X'
The handling fee of 500 cents is added to electronics:

```java
@Test
void electronicsPayAHandlingFee() {
  Cart cart = new Cart();
  cart.add(new Cart.Item("cable", Cart.Category.ELECTRONICS, 1, 1000));
  assertEquals(1500, cart.total());
}
```
X
;;
generate:3) cat <<'X'
```java
package org.example.shop;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class CartTest {
  @Test
  void couponPercentMustBeANumber() {
    assertFalse(new Cart().applyCoupon("SAVEALL"));
  }

  @Test
  void couponPercentIsCapped() {
    assertFalse(new Cart().applyCoupon("SAVE80"));
    assertFalse(new Cart().applyCoupon("SAVE0"));
  }

  @Test
  void parsesGroceryAsFood() {
    Cart.Item item = Cart.parseLine("bread; grocery ;2;250");
    assertEquals(Cart.Category.FOOD, item.category());
    assertEquals(2, item.quantity());
    assertEquals(250L, item.unitCents());
  }

  @Test
  void parsesBooksElectronicsAndOther() {
    assertEquals(Cart.Category.BOOK, Cart.parseLine("a;book;1;1").category());
    assertEquals(Cart.Category.ELECTRONICS, Cart.parseLine("b;electronics;1;1").category());
    assertEquals(Cart.Category.OTHER, Cart.parseLine("c;toys;1;1").category());
  }

  @Test
  void rejectsLinesWithoutFourFields() {
    assertThrows(IllegalArgumentException.class, () -> Cart.parseLine("a;food;1"));
  }

  @Test
  void rejectsEmptyItems() {
    assertThrows(IllegalArgumentException.class, () -> new Cart().add(null));
    assertThrows(IllegalArgumentException.class,
        () -> new Cart().add(new Cart.Item("x", Cart.Category.OTHER, 0, 1)));
  }

  @Test
  void mostExpensiveLine() {
    Cart cart = new Cart();
    assertEquals("", cart.mostExpensive());
    cart.add(new Cart.Item("cheap", Cart.Category.OTHER, 1, 10));
    cart.add(new Cart.Item("dear", Cart.Category.OTHER, 1, 99));
    cart.add(new Cart.Item("mid", Cart.Category.OTHER, 1, 50));
    assertEquals("dear", cart.mostExpensive());
    assertEquals(3, cart.size());
  }
}
```
X
;;
generate:4) cat <<'X'
These tests tell the surviving mutants apart from the code; one of them cannot be:

```java
package org.example.shop;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

class CartTest {
  @Test
  void sixBooksGetTwoEurosOff() {
    Cart cart = new Cart();
    cart.add(new Cart.Item("novel", Cart.Category.BOOK, 6, 1000));
    assertEquals(5800, cart.total());
  }

  @Test
  void couponBounds() {
    Cart cart = new Cart();
    assertFalse(cart.applyCoupon("SAVE0"));
    assertTrue(cart.applyCoupon("SAVE50"));
    assertFalse(cart.applyCoupon("SAVE51"));
  }

  @Test
  void mostExpensiveByLineTotalAndFirstOfEqualOnes() {
    Cart cart = new Cart();
    cart.add(new Cart.Item("many", Cart.Category.OTHER, 5, 100));
    cart.add(new Cart.Item("one", Cart.Category.OTHER, 1, 300));
    assertEquals("many", cart.mostExpensive());
    Cart tie = new Cart();
    tie.add(new Cart.Item("first", Cart.Category.OTHER, 1, 200));
    tie.add(new Cart.Item("second", Cart.Category.OTHER, 2, 100));
    assertEquals("first", tie.mostExpensive());
  }
}
```

Equivalent: M2 - with couponPercent 0 the discount `sum * 0 / 100` is 0, so `>= 0` changes nothing
X
;;
*) printf 'I have no further tests to add for this class.\n' ;;
esac
