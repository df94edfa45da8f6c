package org.acme.booking;

import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The bookings of one room. A stay occupies the nights from its check-in day (inclusive) to its
 * check-out day (exclusive): a guest leaving on the 5th frees the room for a guest arriving on
 * the 5th.
 */
public final class BookingCalendar {
  /** A confirmed stay: the guest, the day of arrival and the day of departure. */
  public record Stay(String guest, LocalDate checkIn, LocalDate checkOut) {}

  private final int maxNights;
  private final List<Stay> stays = new ArrayList<>();

  /**
   * @param maxNights longest stay accepted, at least 1
   * @throws IllegalArgumentException when {@code maxNights} is below 1
   */
  public BookingCalendar(int maxNights) {
    if (maxNights < 1) {
      throw new IllegalArgumentException("maxNights must be at least 1: " + maxNights);
    }
    this.maxNights = maxNights;
  }

  /**
   * Whether no stay occupies any night of [checkIn, checkOut). A stay may begin on the day
   * another one ends, and end on the day another one begins.
   */
  public boolean isFree(LocalDate checkIn, LocalDate checkOut) {
    for (Stay s : stays) {
      if (!checkIn.isAfter(s.checkOut()) && s.checkIn().isBefore(checkOut)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Books the room for {@code guest} from {@code checkIn} to {@code checkOut}.
   *
   * @return the new stay
   * @throws IllegalArgumentException "guest is required" for a null or blank guest,
   *     "check-out must be after check-in" when {@code checkOut} is not after {@code checkIn},
   *     "stay longer than N nights: M" when the stay has more than {@code maxNights} nights
   * @throws IllegalStateException "room taken" when {@link #isFree} is false for the range
   */
  public Stay book(String guest, LocalDate checkIn, LocalDate checkOut) {
    if (guest == null || guest.isBlank()) {
      throw new IllegalArgumentException("guest is required");
    }
    if (!checkOut.isAfter(checkIn)) {
      throw new IllegalArgumentException("check-out must be after check-in");
    }
    long nights = ChronoUnit.DAYS.between(checkIn, checkOut);
    if (nights < 1) {
      throw new AssertionError(nights); // cannot happen: checkOut is after checkIn
    }
    if (nights > maxNights) {
      throw new IllegalArgumentException(
          "stay longer than " + maxNights + " nights: " + nights);
    }
    if (!isFree(checkIn, checkOut)) {
      throw new IllegalStateException("room taken");
    }
    Stay stay = new Stay(guest, checkIn, checkOut);
    stays.add(stay);
    return stay;
  }

  /**
   * Cancels the stay of {@code guest} that begins on {@code checkIn}.
   *
   * @return true if such a stay existed and was removed, false otherwise
   */
  public boolean cancel(String guest, LocalDate checkIn) {
    return stays.removeIf(s -> s.guest().equals(guest) && s.checkIn().equals(checkIn));
  }

  /**
   * Number of booked nights in [from, to), counting only the part of each stay inside it.
   *
   * @throws IllegalArgumentException "range is reversed" when {@code to} is before {@code from}
   */
  public long occupiedNights(LocalDate from, LocalDate to) {
    if (to.isBefore(from)) {
      throw new IllegalArgumentException("range is reversed");
    }
    long total = 0;
    for (Stay s : stays) {
      LocalDate start = s.checkIn().isAfter(from) ? s.checkIn() : from;
      LocalDate end = s.checkOut().isBefore(to) ? s.checkOut() : to;
      if (start.isBefore(end)) {
        total += ChronoUnit.DAYS.between(start, end);
      }
    }
    return total;
  }

  /** All stays, ordered by check-in day; the list cannot be modified. */
  public List<Stay> stays() {
    List<Stay> sorted = new ArrayList<>(stays);
    sorted.sort(Comparator.comparing(Stay::checkIn));
    return List.copyOf(sorted);
  }
}
