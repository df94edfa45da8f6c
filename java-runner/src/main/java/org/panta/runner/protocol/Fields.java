package org.panta.runner.protocol;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;

/** Typed access to request fields; every type mismatch becomes a {@link RequestException}. */
public final class Fields {
  private Fields() {}

  public static String string(JsonObject o, String key, String fallback) throws RequestException {
    JsonElement e = o.get(key);
    if (e == null || e.isJsonNull()) {
      return fallback;
    }
    if (!e.isJsonPrimitive()) {
      throw new RequestException("field '" + key + "' must be a string");
    }
    return e.getAsString();
  }

  public static String requiredString(JsonObject o, String key) throws RequestException {
    String s = string(o, key, null);
    if (s == null) {
      throw new RequestException("missing field '" + key + "'");
    }
    return s;
  }

  public static long number(JsonObject o, String key, long fallback) throws RequestException {
    JsonElement e = o.get(key);
    if (e == null || e.isJsonNull()) {
      return fallback;
    }
    try {
      return e.getAsLong();
    } catch (RuntimeException ex) {
      throw new RequestException("field '" + key + "' must be a number");
    }
  }

  public static boolean bool(JsonObject o, String key, boolean fallback) throws RequestException {
    JsonElement e = o.get(key);
    if (e == null || e.isJsonNull()) {
      return fallback;
    }
    if (!e.isJsonPrimitive() || !e.getAsJsonPrimitive().isBoolean()) {
      throw new RequestException("field '" + key + "' must be a boolean");
    }
    return e.getAsBoolean();
  }

  /** The array under key (empty when absent). */
  public static JsonArray array(JsonObject o, String key) throws RequestException {
    JsonElement e = o.get(key);
    if (e == null || e.isJsonNull()) {
      return new JsonArray();
    }
    if (!e.isJsonArray()) {
      throw new RequestException("field '" + key + "' must be an array");
    }
    return e.getAsJsonArray();
  }

  /** The array of strings under key (empty when absent). */
  public static List<String> strings(JsonObject o, String key) throws RequestException {
    List<String> out = new ArrayList<>();
    for (JsonElement e : array(o, key)) {
      if (!e.isJsonPrimitive()) {
        throw new RequestException("field '" + key + "' must be an array of strings");
      }
      out.add(e.getAsString());
    }
    return out;
  }
}
