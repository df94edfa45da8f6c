package org.panta.runner.compile;

import java.util.LinkedHashMap;
import java.util.Map;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;

/**
 * Forwards everything to the shared standard file manager except class output, which is kept in
 * {@link #classes()}. Closing this manager does not close the shared one.
 */
final class MemoryOutputFileManager extends ForwardingJavaFileManager<StandardJavaFileManager> {
  private final Map<String, byte[]> classes = new LinkedHashMap<>();

  MemoryOutputFileManager(StandardJavaFileManager shared) {
    super(shared);
  }

  Map<String, byte[]> classes() {
    return classes;
  }

  @Override
  public JavaFileObject getJavaFileForOutput(
      Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
    return new ClassBytesFile(className, classes);
  }

  @Override
  public void close() {
    // The shared standard manager outlives every compilation.
  }
}
