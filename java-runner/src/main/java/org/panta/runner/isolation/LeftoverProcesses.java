package org.panta.runner.isolation;

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

  private LeftoverProcesses() {}

  /** Kills the leftover processes; returns how many there were. */
  public static int endAll() {
    List<ProcessHandle> victims = leftovers();
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

  private static List<ProcessHandle> leftovers() {
    ProcessHandle self = ProcessHandle.current();
    try {
      if (!Boolean.getBoolean("panta.runner.ownPidNamespace")) {
        return self.descendants().collect(Collectors.toList());
      }
      Set<Long> keep = new HashSet<>();
      keep.add(self.pid());
      for (ProcessHandle p = self.parent().orElse(null); p != null; p = p.parent().orElse(null)) {
        keep.add(p.pid());
      }
      return Stream.concat(self.descendants(), ProcessHandle.allProcesses())
          .filter(p -> !keep.contains(p.pid()))
          .distinct()
          .collect(Collectors.toList());
    } catch (RuntimeException e) {
      return List.of();
    }
  }
}
