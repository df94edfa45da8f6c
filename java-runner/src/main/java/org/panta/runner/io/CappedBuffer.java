package org.panta.runner.io;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Thread-safe byte sink keeping at most {@code capacity} bytes; anything beyond is counted and
 * dropped, and {@link #truncated()} becomes true. Writes past the cap cost O(1).
 */
public final class CappedBuffer {
  /** Per-test cap of each captured stream. */
  public static final int DEFAULT_CAPACITY = 64 * 1024;

  private final int capacity;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private long total;

  public CappedBuffer(int capacity) {
    this.capacity = capacity;
  }

  public synchronized void write(byte[] b, int off, int len) {
    total += len;
    int room = capacity - bytes.size();
    if (room > 0) {
      bytes.write(b, off, Math.min(room, len));
    }
  }

  public synchronized boolean truncated() {
    return total > capacity;
  }

  /** Total bytes written, including the dropped ones. */
  public synchronized long totalBytes() {
    return total;
  }

  /** Kept bytes decoded as UTF-8 (a multi-byte char cut at the cap becomes U+FFFD). */
  public synchronized String text() {
    return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
  }
}
