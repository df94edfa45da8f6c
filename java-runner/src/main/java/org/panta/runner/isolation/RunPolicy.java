package org.panta.runner.isolation;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.nio.file.FileVisitResult;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * What the current run checks after each test, set by the run handler from its request: whether
 * a test that leaves processes running fails ("reject_leftovers"), and the most a test may add
 * to the scratch folder ("scratch_limit_bytes", the folder from {@code -Dpanta.runner.scratch}).
 * Runs are sequential, so one policy is in force at a time.
 */
public final class RunPolicy {
  /** Read once at start: a test may change system properties. */
  private static final String SCRATCH = System.getProperty("panta.runner.scratch");

  private static volatile boolean rejectLeftovers;
  private static volatile long scratchLimit;
  private static volatile long scratchAtStart;
  private static volatile Set<Long> processesAtStart = Set.of();

  private RunPolicy() {}

  public static void set(boolean rejectLeftovers, long scratchLimitBytes) {
    RunPolicy.rejectLeftovers = rejectLeftovers;
    RunPolicy.scratchLimit = scratchLimitBytes;
  }

  /**
   * A test starts: what the scratch folder holds now and the processes running now (a
   * database its class setup started) are not its own.
   */
  public static void testStarted() {
    scratchAtStart = scratchLimit > 0 && SCRATCH != null ? sizeOf(Path.of(SCRATCH)) : 0;
    processesAtStart = rejectLeftovers ? LeftoverProcesses.running() : Set.of();
  }

  /**
   * Why the test that just ended fails by what it left behind: processes still running (ended
   * now), or more than the limit added to the scratch folder; null when neither (or when the
   * run does not ask).
   */
  public static String leftBehind() {
    StringBuilder why = new StringBuilder();
    if (rejectLeftovers) {
      int processes = LeftoverProcesses.endNew(processesAtStart);
      if (processes > 0) {
        why.append("it left ").append(processes).append(processes == 1 ? " process" : " processes")
            .append(" running (ended now)");
      }
    }
    long limit = scratchLimit;
    if (limit > 0 && SCRATCH != null) {
      long added = sizeOf(Path.of(SCRATCH)) - scratchAtStart;
      if (added > limit) {
        if (why.length() > 0) {
          why.append("; ");
        }
        why.append("it wrote ").append(added >> 20).append(" MiB into the scratch folder, over the ")
            .append("limit of ").append(limit >> 20).append(" MiB (--test-disk)");
      }
    }
    return why.length() == 0 ? null : why.toString();
  }

  /** The bytes of the files below `folder`; what cannot be read (an overlay's work folder) is skipped. */
  private static long sizeOf(Path folder) {
    long[] total = {0};
    try {
      Files.walkFileTree(
          folder,
          new SimpleFileVisitor<Path>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
              total[0] += attrs.isRegularFile() ? attrs.size() : 0;
              return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFileFailed(Path file, IOException e) {
              return FileVisitResult.CONTINUE;
            }
          });
    } catch (IOException | UncheckedIOException e) {
      // what was counted stands
    }
    return total[0];
  }
}
