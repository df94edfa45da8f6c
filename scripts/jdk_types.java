// Prints the public top-level types of the JDK packages tests import most, as C++ initializer
// lines {"Simple", "package.Simple"}, for src/project/type_index.cc (run at build time:
// `java scripts/jdk_types.java > jdk_types.inc`). The JDK that builds Panta is the one its tests
// run on.
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;

public class jdk_types {
  static final List<String> PACKAGES =
      List.of(
          "java.io", "java.math", "java.net", "java.nio", "java.nio.charset", "java.nio.file",
          "java.text", "java.time", "java.time.format", "java.time.temporal", "java.util",
          "java.util.concurrent", "java.util.concurrent.atomic", "java.util.concurrent.locks",
          "java.util.function", "java.util.regex", "java.util.stream");

  public static void main(String[] args) throws Exception {
    FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
    TreeSet<String> lines = new TreeSet<>();
    for (String pkg : PACKAGES) {
      Path dir = jrt.getPath("modules", "java.base", pkg.replace('.', '/'));
      try (Stream<Path> files = Files.list(dir)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          String file = f.getFileName().toString();
          if (!file.endsWith(".class") || file.contains("$") || file.equals("module-info.class")) {
            continue;
          }
          String name = pkg + "." + file.substring(0, file.length() - 6);
          Class<?> c = Class.forName(name, false, ClassLoader.getSystemClassLoader());
          if (Modifier.isPublic(c.getModifiers())) {
            lines.add("{\"" + c.getSimpleName() + "\", \"" + name + "\"},");
          }
        }
      }
    }
    lines.forEach(System.out::println);
  }
}
