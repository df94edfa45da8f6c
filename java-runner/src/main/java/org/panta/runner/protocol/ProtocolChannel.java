package org.panta.runner.protocol;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;

/** The JSON-lines stream pair: one request line in, one compact answer line out (flushed). */
public final class ProtocolChannel {
  private static final Gson GSON = new GsonBuilder().disableHtmlEscaping().serializeNulls().create();
  private final BufferedReader in;
  private final Writer out;

  public ProtocolChannel(BufferedReader in, Writer out) {
    this.in = in;
    this.out = out;
  }

  /** Next request line, or null at end of input. */
  public String readLine() throws IOException {
    return in.readLine();
  }

  /** Writes the answer as a single line; Gson escapes embedded newlines inside strings. */
  public void write(JsonObject answer) throws IOException {
    out.write(GSON.toJson(answer));
    out.write('\n');
    out.flush();
  }
}
