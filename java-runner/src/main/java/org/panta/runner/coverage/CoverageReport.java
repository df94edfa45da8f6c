package org.panta.runner.coverage;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.analysis.ILine;
import org.jacoco.core.data.ExecutionDataStore;

/**
 * Turns execution data into the protocol's coverage JSON by analysing the ORIGINAL class files
 * with JaCoCo's Analyzer. Classes: every loaded instrumented class plus each requested target and
 * every class nested in it (analysed from their class files even if never loaded, then fully not
 * covered), so an untouched nested class counts as missed code rather than as no code.
 */
public final class CoverageReport {
  private CoverageReport() {}

  public static JsonArray build(
      ExecutionDataStore data,
      CoverageSession session,
      Function<String, byte[]> classFiles,
      Function<String, List<String>> nestedClasses) {
    Map<String, byte[]> classes = new TreeMap<>(session.loadedOriginals());
    for (String target : session.targets()) {
      addClassFile(classes, target, classFiles);
      for (String nested : nestedClasses.apply(target)) {
        addClassFile(classes, nested, classFiles);
      }
    }
    CoverageBuilder builder = new CoverageBuilder();
    Analyzer analyzer = new Analyzer(data, builder);
    JsonArray out = new JsonArray();
    for (Map.Entry<String, byte[]> e : classes.entrySet()) {
      try {
        analyzer.analyzeClass(e.getValue(), e.getKey());
      } catch (IOException | RuntimeException ex) {
        JsonObject failed = new JsonObject();
        failed.addProperty("name", e.getKey());
        failed.addProperty("error", "analysis failed: " + ex.getMessage());
        out.add(failed);
      }
    }
    Map<String, IClassCoverage> sorted = new TreeMap<>();
    for (IClassCoverage c : builder.getClasses()) {
      sorted.put(c.getName(), c);
    }
    for (IClassCoverage c : sorted.values()) {
      out.add(classJson(c));
    }
    return out;
  }

  private static void addClassFile(
      Map<String, byte[]> classes, String name, Function<String, byte[]> classFiles) {
    if (!classes.containsKey(name)) {
      byte[] b = classFiles.apply(name);
      if (b != null) {
        classes.put(name, b);
      }
    }
  }

  private static JsonObject classJson(IClassCoverage c) {
    JsonObject o = new JsonObject();
    o.addProperty("name", c.getName().replace('/', '.'));
    o.addProperty("source_file", c.getSourceFileName());
    JsonArray lines = new JsonArray();
    for (int nr = c.getFirstLine(); nr > 0 && nr <= c.getLastLine(); nr++) {
      ILine line = c.getLine(nr);
      if (line.getStatus() == ICounter.EMPTY) {
        continue;
      }
      JsonObject l = new JsonObject();
      l.addProperty("line", nr);
      l.addProperty("mi", line.getInstructionCounter().getMissedCount());
      l.addProperty("ci", line.getInstructionCounter().getCoveredCount());
      l.addProperty("mb", line.getBranchCounter().getMissedCount());
      l.addProperty("cb", line.getBranchCounter().getCoveredCount());
      l.addProperty("status", status(line.getStatus()));
      lines.add(l);
    }
    o.add("lines", lines);
    JsonObject totals = new JsonObject();
    totals.add("instructions", counter(c.getInstructionCounter()));
    totals.add("branches", counter(c.getBranchCounter()));
    totals.add("lines", counter(c.getLineCounter()));
    totals.add("methods", counter(c.getMethodCounter()));
    totals.add("complexity", counter(c.getComplexityCounter()));
    o.add("totals", totals);
    return o;
  }

  private static JsonObject counter(ICounter c) {
    JsonObject o = new JsonObject();
    o.addProperty("missed", c.getMissedCount());
    o.addProperty("covered", c.getCoveredCount());
    return o;
  }

  /** JaCoCo's line status as a protocol string. */
  static String status(int status) {
    switch (status) {
      case ICounter.NOT_COVERED:
        return "not_covered";
      case ICounter.PARTLY_COVERED:
        return "partly";
      case ICounter.FULLY_COVERED:
        return "fully";
      default:
        return "empty";
    }
  }
}
