package org.panta.runner.compile;

import java.net.URI;
import javax.tools.SimpleJavaFileObject;

/** A Java source held in memory; {@link #getName()} is the caller's path, used in diagnostics. */
final class SourceText extends SimpleJavaFileObject {
  private final String path;
  private final String text;

  SourceText(String path, String text) {
    super(URI.create("mem:///" + path.replace('\\', '/').replaceFirst("^/+", "")), Kind.SOURCE);
    this.path = path;
    this.text = text;
  }

  @Override
  public String getName() {
    return path;
  }

  @Override
  public CharSequence getCharContent(boolean ignoreEncodingErrors) {
    return text;
  }
}
