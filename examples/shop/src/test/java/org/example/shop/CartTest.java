package org.example.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CartTest {
  @Test
  void emptyCartCostsNothing() {
    assertEquals(0, new Cart().total());
  }
}
