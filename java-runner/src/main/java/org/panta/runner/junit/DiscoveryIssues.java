package org.panta.runner.junit;

import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.SelectorResolutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.launcher.EngineDiscoveryResult;
import org.junit.platform.launcher.LauncherDiscoveryListener;

/**
 * Hands what JUnit reports while discovering (a selector it could not resolve, an engine that
 * failed) to {@link WhyNotRun}. The listener API exists only in JUnit Platform 1.6 and later, and
 * until 1.8 {@code LauncherDiscoveryListener} was an abstract class: with a project's older
 * platform this class cannot be loaded, {@link TestExecution} then adds none and the reasons come
 * from the tests' declarations alone.
 */
public final class DiscoveryIssues implements LauncherDiscoveryListener {
  private final WhyNotRun sink;

  public DiscoveryIssues(WhyNotRun sink) {
    this.sink = sink;
  }

  @Override
  public void selectorProcessed(
      UniqueId engineId, DiscoverySelector selector, SelectorResolutionResult result) {
    if (result.getStatus() == SelectorResolutionResult.Status.FAILED) {
      Throwable t = result.getThrowable().orElse(null);
      sink.discoveryIssue(engineName(engineId) + " could not resolve " + selector + ": " + t);
    }
  }

  @Override
  public void engineDiscoveryFinished(UniqueId engineId, EngineDiscoveryResult result) {
    if (result.getStatus() == EngineDiscoveryResult.Status.FAILED) {
      Throwable t = result.getThrowable().orElse(null);
      sink.discoveryIssue(engineName(engineId) + " failed to discover tests: " + t);
    }
  }

  private static String engineName(UniqueId engineId) {
    return engineId.getEngineId().orElse(engineId.toString());
  }
}
