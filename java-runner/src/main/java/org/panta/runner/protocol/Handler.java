package org.panta.runner.protocol;

import com.google.gson.JsonObject;

/** Serves one op. Returns the answer body; "id" and "ok" (default true) are added by the caller. */
public interface Handler {
  JsonObject handle(JsonObject request) throws RequestException;
}
