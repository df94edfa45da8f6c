package org.panta.runner.isolation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Ends the processes that tests started (Runtime.exec, ProcessBuilder) and left running.
 *
 * <p>Contract: {@link #endAll()} kills every descendant of this JVM with SIGKILL; when the helper
 * runs in its own PID namespace (system property {@code panta.runner.ownPidNamespace=true}, set
 * by the strict sandbox) it also kills every other process of the namespace but this one and its
 * ancestors, which catches processes that detached themselves (double fork, setsid). Waits up to
 * two seconds for them to be gone. Never throws.
 */
public final class LeftoverProcesses {
  private static final long WAIT_MS = 2000;
  /** Read once at start: a test may change system properties. */
  private static final boolean OWN_PID_NAMESPACE = Boolean.getBoolean("panta.runner.ownPidNamespace");

  private LeftoverProcesses() {}

  /** The pids of the processes endAll() would end now. */
  public static Set<Long> running() {
    Set<Long> out = new HashSet<>();
    leftovers().forEach(p -> out.add(p.pid()));
    return out;
  }

  /** Kills the leftover processes but those of `before` (running()); returns how many. */
  public static int endNew(Set<Long> before) {
    List<ProcessHandle> victims = leftovers();
    victims.removeIf(p -> before.contains(p.pid()));
    return end(victims);
  }

  /** Kills the leftover processes; returns how many there were. */
  public static int endAll() {
    return end(leftovers());
  }

  private static int end(List<ProcessHandle> victims) {
    for (ProcessHandle p : victims) {
      p.destroyForcibly();
    }
    CompletableFuture<?>[] exits = new CompletableFuture<?>[victims.size()];
    for (int i = 0; i < exits.length; i++) {
      exits[i] = victims.get(i).onExit();
    }
    try {
      CompletableFuture.allOf(exits).get(WAIT_MS, TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      // Some did not end in time (a process in uninterruptible sleep): nothing more to do.
    }
    return victims.size();
  }

  /**
   * Whether the process has ended and only waits to be reaped (state Z or X in /proc/PID/stat): a
   * test that read a child's output to its end left nothing running, even when the JVM's reaper
   * has not yet collected the child.
   */
  private static boolean ended(ProcessHandle p) {
    try {
      String stat = Files.readString(Path.of("/proc/" + p.pid() + "/stat"));
      int close = stat.lastIndexOf(')');
      char state = close >= 0 && close + 2 < stat.length() ? stat.charAt(close + 2) : '?';
      return state == 'Z' || state == 'X';
    } catch (IOException | RuntimeException e) {
      return !p.isAlive(); // gone already, or not Linux
    }
  }

  private static List<ProcessHandle> leftovers() {
    ProcessHandle self = ProcessHandle.current();
    try {
      if (!OWN_PID_NAMESPACE) {
        return self.descendants().filter(p -> !ended(p)).collect(Collectors.toList());
      }
      Set<Long> keep = new HashSet<>();
      keep.add(self.pid());
      for (ProcessHandle p = self.parent().orElse(null); p != null; p = p.parent().orElse(null)) {
        keep.add(p.pid());
      }
      return Stream.concat(self.descendants(), ProcessHandle.allProcesses())
          .filter(p -> !keep.contains(p.pid()) && !ended(p))
          .distinct()
          .collect(Collectors.toList());
    } catch (RuntimeException e) {
      return List.of();
    }
  }
}
