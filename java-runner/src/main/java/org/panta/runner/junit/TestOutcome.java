package org.panta.runner.junit;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import org.panta.runner.io.CappedBuffer;

/** Result of one test (or of a failed/skipped container), as reported in a "run" answer. */
final class TestOutcome {
  String id;
  String uniqueId;
  String displayName;
  String kind = "test";
  String status;
  String exception;
  String message;
  String stackTrace;
  long durationMs;
  CappedBuffer stdout;
  CappedBuffer stderr;
  JsonArray coverage;
  /** What the test tried that the sandbox refused (see sandbox.Guard), or null. */
  String tampering;
  /** What the test left behind that fails it (processes, scratch use), or null. */
  String leftBehind;
  /** The values of a failed comparison (see Comparison), or null. */
  Comparison comparison;

  JsonObject toJson() {
    JsonObject o = new JsonObject();
    o.addProperty("id", id);
    o.addProperty("unique_id", uniqueId);
    o.addProperty("display_name", displayName);
    o.addProperty("kind", kind);
    o.addProperty("status", status);
    o.addProperty("exception", exception);
    o.addProperty("message", message);
    o.addProperty("stack_trace", stackTrace);
    o.addProperty("duration_ms", durationMs);
    o.addProperty("stdout", stdout == null ? "" : stdout.text());
    o.addProperty("stderr", stderr == null ? "" : stderr.text());
    o.addProperty("stdout_bytes", stdout == null ? 0 : stdout.totalBytes());
    o.addProperty("stderr_bytes", stderr == null ? 0 : stderr.totalBytes());
    o.addProperty(
        "truncated",
        (stdout != null && stdout.truncated()) || (stderr != null && stderr.truncated()));
    if (coverage != null) {
      o.add("coverage", coverage);
    }
    if (tampering != null) {
      o.addProperty("tampering", tampering);
    }
    if (leftBehind != null) {
      o.addProperty("left_behind", leftBehind);
    }
    if (comparison != null) {
      o.addProperty("expected", comparison.expected);
      o.addProperty("actual", comparison.actual);
    }
    return o;
  }
}
