package org.panta.runner.compile;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.util.Map;
import javax.tools.SimpleJavaFileObject;

/** A class file written by javac into memory; stored into {@code sink} when its stream closes. */
final class ClassBytesFile extends SimpleJavaFileObject {
  private final String binaryName;
  private final Map<String, byte[]> sink;

  ClassBytesFile(String binaryName, Map<String, byte[]> sink) {
    super(URI.create("mem:///" + binaryName.replace('.', '/') + ".class"), Kind.CLASS);
    this.binaryName = binaryName;
    this.sink = sink;
  }

  @Override
  public OutputStream openOutputStream() {
    return new ByteArrayOutputStream() {
      @Override
      public void close() {
        sink.put(binaryName, toByteArray());
      }
    };
  }
}
