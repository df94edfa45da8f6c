package org.panta.runner;

import com.google.gson.JsonObject;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import org.panta.runner.io.OutputRouter;
import org.panta.runner.protocol.ProtocolChannel;
import org.panta.runner.protocol.RequestDispatcher;

/**
 * Entry point of the Panta runner helper.
 *
 * <p>Contract: reads one JSON request per line from the process' real stdin and writes exactly
 * one JSON answer line per request to the descriptor named by {@code -Dpanta.runner.channelFd}
 * (the real stdout without it), echoing the request's id and nonce. Before anything else runs, System.out,
 * System.err and System.in are replaced so that code under test can never write to (or read
 * from) the protocol streams. Exits 0 on end of input or "shutdown", and {@link
 * #EXIT_RESTART_REQUIRED} after answering a request that left the JVM in an unsafe state.
 */
public final class Main {
  /** Exit code used when a test could not be stopped; the caller must start a new helper. */
  public static final int EXIT_RESTART_REQUIRED = 75;

  private Main() {}

  public static void main(String[] args) throws IOException {
    // The answers go to the descriptor Panta gives for them (3), not to 1, where anything in the
    // JVM may write; without it (a direct start, the runner's own tests), to 1.
    String channelFd = System.getProperty("panta.runner.channelFd");
    FileOutputStream answers =
        channelFd == null || channelFd.isEmpty()
            ? new FileOutputStream(FileDescriptor.out)
            : new FileOutputStream("/proc/self/fd/" + Integer.parseInt(channelFd));
    Writer protocolOut = new OutputStreamWriter(answers, StandardCharsets.UTF_8);
    BufferedReader protocolIn =
        new BufferedReader(
            new InputStreamReader(new FileInputStream(FileDescriptor.in), StandardCharsets.UTF_8));
    OutputRouter router = OutputRouter.install();
    ProtocolChannel channel = new ProtocolChannel(protocolIn, protocolOut);
    RequestDispatcher dispatcher = new RequestDispatcher(router);
    String line;
    while ((line = channel.readLine()) != null) {
      if (line.isBlank()) {
        continue;
      }
      JsonObject answer = dispatcher.dispatch(line);
      channel.write(answer);
      if (dispatcher.shutdownRequested()) {
        return;
      }
      if (answer.has("restart_required") && answer.get("restart_required").getAsBoolean()) {
        Runtime.getRuntime().halt(EXIT_RESTART_REQUIRED);
      }
    }
  }
}
