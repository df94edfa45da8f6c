package org.panta.runner.protocol;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.util.HashMap;
import java.util.Map;
import org.panta.runner.Version;
import org.panta.runner.compile.CompileHandler;
import org.panta.runner.compile.UnitStore;
import org.panta.runner.coverage.CoverageStores;
import org.panta.runner.io.OutputRouter;
import org.panta.runner.run.RunHandler;

/**
 * Parses a request line and routes it to the handler of its "op". Never throws: malformed JSON,
 * unknown ops, bad fields and unexpected failures all become {"ok":false,"error":...} answers.
 */
public final class RequestDispatcher {
  private final Map<String, Handler> handlers = new HashMap<>();
  private boolean shutdown;

  public RequestDispatcher(OutputRouter router) {
    UnitStore units = new UnitStore(UnitStore.defaultRoot());
    CoverageStores stores = new CoverageStores();
    handlers.put("ping", request -> ping());
    handlers.put("compile", new CompileHandler(units));
    handlers.put("run", new RunHandler(units, router, stores));
    handlers.put("drop_unit", request -> dropUnit(units, request));
    handlers.put("drop_coverage_store", request -> dropStore(stores, request));
    handlers.put("shutdown", request -> {
      shutdown = true;
      return new JsonObject();
    });
  }

  /** True once a "shutdown" request has been answered. */
  public boolean shutdownRequested() {
    return shutdown;
  }

  public JsonObject dispatch(String line) {
    JsonObject request;
    try {
      JsonElement parsed = JsonParser.parseString(line);
      if (!parsed.isJsonObject()) {
        return error(null, "request must be a JSON object");
      }
      request = parsed.getAsJsonObject();
    } catch (RuntimeException e) {
      return error(null, "malformed JSON: " + e.getMessage());
    }
    JsonElement id = request.get("id");
    JsonObject answer = answer(request, id);
    if (request.has("nonce")) {
      answer.add("nonce", request.get("nonce"));
    }
    return answer;
  }

  private JsonObject answer(JsonObject request, JsonElement id) {
    try {
      String op = Fields.requiredString(request, "op");
      Handler handler = handlers.get(op);
      if (handler == null) {
        return error(id, "unknown op '" + op + "'");
      }
      JsonObject body = handler.handle(request);
      JsonObject answer = new JsonObject();
      answer.add("id", id);
      answer.addProperty("ok", true);
      for (Map.Entry<String, JsonElement> e : body.entrySet()) {
        answer.add(e.getKey(), e.getValue());
      }
      return answer;
    } catch (RequestException e) {
      return error(id, e.getMessage());
    } catch (Throwable t) {
      if (t instanceof OutOfMemoryError) {
        System.gc();
      }
      return error(id, "internal error: " + t);
    }
  }

  private static JsonObject ping() {
    JsonObject o = new JsonObject();
    o.addProperty("version", Version.RUNNER);
    o.addProperty("protocol", Version.PROTOCOL);
    o.addProperty("java", System.getProperty("java.version"));
    return o;
  }

  private static JsonObject dropUnit(UnitStore units, JsonObject request) throws RequestException {
    JsonObject o = new JsonObject();
    o.addProperty("dropped", units.drop(Fields.requiredString(request, "unit")));
    return o;
  }

  private static JsonObject dropStore(CoverageStores stores, JsonObject request)
      throws RequestException {
    JsonObject o = new JsonObject();
    o.addProperty("dropped", stores.drop(Fields.requiredString(request, "name")));
    return o;
  }

  private static JsonObject error(JsonElement id, String message) {
    JsonObject o = new JsonObject();
    o.add("id", id);
    o.addProperty("ok", false);
    o.addProperty("error", message);
    return o;
  }
}
