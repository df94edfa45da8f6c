package org.panta.runner.run;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/** Counts of results by status: {"passed":n,"failed":n,"error":n,"skipped":n,"timeout":n}. */
public final class Summary {
  private static final String[] STATUSES = {"passed", "failed", "error", "skipped", "timeout"};

  private Summary() {}

  public static JsonObject of(JsonArray results) {
    JsonObject o = new JsonObject();
    for (String s : STATUSES) {
      o.addProperty(s, 0);
    }
    for (JsonElement r : results) {
      String s = r.getAsJsonObject().get("status").getAsString();
      o.addProperty(s, o.get(s).getAsInt() + 1);
    }
    return o;
  }
}
