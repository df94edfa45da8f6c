package org.panta.runner.compile;

import java.util.HashMap;
import java.util.Map;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;

/**
 * Forwards everything to the shared standard file manager except output, which stays in memory:
 * class files and other class-output files go into {@link #output()}, sources that annotation
 * processors generate are kept here until javac has read them back. Closing this manager does
 * not close the shared one.
 */
final class MemoryOutputFileManager extends ForwardingJavaFileManager<StandardJavaFileManager> {
  private final CompileOutput output = new CompileOutput();
  private final Map<String, byte[]> generatedSources = new HashMap<>();

  MemoryOutputFileManager(StandardJavaFileManager shared) {
    super(shared);
  }

  CompileOutput output() {
    return output;
  }

  @Override
  public JavaFileObject getJavaFileForOutput(
      Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
    if (kind == JavaFileObject.Kind.CLASS) {
      return new ClassBytesFile(className, output.classes);
    }
    String path = className.replace('.', '/') + kind.extension;
    Map<String, byte[]> sink = location == StandardLocation.CLASS_OUTPUT ? output.resources : generatedSources;
    return new MemoryFile(path, kind, sink);
  }

  @Override
  public FileObject getFileForOutput(
      Location location, String packageName, String relativeName, FileObject sibling) {
    String path =
        packageName.isEmpty() ? relativeName : packageName.replace('.', '/') + "/" + relativeName;
    Map<String, byte[]> sink = location == StandardLocation.CLASS_OUTPUT ? output.resources : generatedSources;
    return new MemoryFile(path, JavaFileObject.Kind.OTHER, sink);
  }

  @Override
  public boolean isSameFile(FileObject a, FileObject b) {
    if (a instanceof MemoryFile || b instanceof MemoryFile) {
      return a.toUri().equals(b.toUri());
    }
    return super.isSameFile(a, b);
  }

  @Override
  public void close() {
    // The shared standard manager outlives every compilation.
  }
}
