package org.panta.runner.io;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Owns System.out / System.err / System.in of the helper JVM. After {@link #install()} both
 * output streams write into the currently selected {@link CappedBuffer} pair (or nowhere when
 * none is selected) and System.in is empty, so tests can neither corrupt nor consume the
 * protocol streams. Selection is global: output of any thread goes to the current target.
 */
public final class OutputRouter {
  private final PrintStream outStream = new PrintStream(sink(true), true, StandardCharsets.UTF_8);
  private final PrintStream errStream = new PrintStream(sink(false), true, StandardCharsets.UTF_8);
  private final InputStream inStream = InputStream.nullInputStream();
  private volatile CappedBuffer out;
  private volatile CappedBuffer err;

  private OutputRouter() {}

  public static OutputRouter install() {
    OutputRouter router = new OutputRouter();
    router.reinstall();
    return router;
  }

  /**
   * Routes subsequent output to the given buffers (null discards that stream), and puts the
   * router's streams back into System.out/err/in in case a test replaced them.
   */
  public void select(CappedBuffer stdout, CappedBuffer stderr) {
    this.out = stdout;
    this.err = stderr;
    reinstall();
  }

  private void reinstall() {
    if (System.out != outStream) {
      System.setOut(outStream);
    }
    if (System.err != errStream) {
      System.setErr(errStream);
    }
    if (System.in != inStream) {
      System.setIn(inStream);
    }
  }

  private OutputStream sink(boolean stdout) {
    return new OutputStream() {
      @Override
      public void write(int b) {
        write(new byte[] {(byte) b}, 0, 1);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        CappedBuffer target = stdout ? out : err;
        if (target != null) {
          target.write(b, off, len);
        }
      }
    };
  }
}
