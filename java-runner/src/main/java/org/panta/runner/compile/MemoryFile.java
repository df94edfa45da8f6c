package org.panta.runner.compile;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.tools.SimpleJavaFileObject;

/**
 * A file an annotation processor (or javac) writes during a compilation, held in memory under
 * its relative path in {@code sink}; it can be read back, as javac reads generated sources.
 */
final class MemoryFile extends SimpleJavaFileObject {
  private final String path;
  private final Map<String, byte[]> sink;

  MemoryFile(String path, Kind kind, Map<String, byte[]> sink) {
    super(URI.create("mem:///" + path), kind);
    this.path = path;
    this.sink = sink;
  }

  @Override
  public OutputStream openOutputStream() {
    return new ByteArrayOutputStream() {
      @Override
      public void close() {
        sink.put(path, toByteArray());
      }
    };
  }

  @Override
  public Writer openWriter() {
    return new OutputStreamWriter(openOutputStream(), StandardCharsets.UTF_8);
  }

  @Override
  public InputStream openInputStream() throws FileNotFoundException {
    byte[] bytes = sink.get(path);
    if (bytes == null) {
      throw new FileNotFoundException(path);
    }
    return new ByteArrayInputStream(bytes);
  }

  @Override
  public CharSequence getCharContent(boolean ignoreEncodingErrors) throws FileNotFoundException {
    byte[] bytes = sink.get(path);
    if (bytes == null) {
      throw new FileNotFoundException(path);
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
