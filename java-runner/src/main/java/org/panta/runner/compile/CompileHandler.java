package org.panta.runner.compile;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import org.panta.runner.protocol.Fields;
import org.panta.runner.protocol.Handler;
import org.panta.runner.protocol.RequestException;

/**
 * The "compile" op: compiles sources with the in-process javac, reusing one standard file
 * manager (so opened classpath jars stay cached). Output goes either to memory under "unit" or to
 * "output_dir" on disk. A failed compilation stores nothing and drops the previous unit.
 */
public final class CompileHandler implements Handler {
  private final UnitStore units;
  private final JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
  private final StandardJavaFileManager shared;

  public CompileHandler(UnitStore units) {
    this.units = units;
    this.shared = compiler.getStandardFileManager(null, Locale.ROOT, java.nio.charset.StandardCharsets.UTF_8);
  }

  @Override
  public JsonObject handle(JsonObject request) throws RequestException {
    String unit = Fields.string(request, "unit", null);
    String outputDir = Fields.string(request, "output_dir", null);
    if ((unit == null) == (outputDir == null)) {
      throw new RequestException("exactly one of 'unit' and 'output_dir' is required");
    }
    List<JavaFileObject> sources = sources(Fields.array(request, "sources"));
    List<String> options = options(request);
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try {
      shared.setLocation(StandardLocation.CLASS_PATH, files(Fields.strings(request, "classpath")));
      shared.setLocation(StandardLocation.SOURCE_PATH, List.of());
      // A --processor-path of an earlier request must not stay on the shared manager.
      shared.setLocation(StandardLocation.ANNOTATION_PROCESSOR_PATH, null);
      MemoryOutputFileManager memory = new MemoryOutputFileManager(shared);
      boolean ok = compiler.getTask(null, memory, diagnostics, options, null, sources).call();
      CompileOutput output = memory.output();
      if (ok && outputDir != null) {
        UnitStore.write(Path.of(outputDir), output);
      } else if (ok) {
        units.put(unit, output);
      } else if (unit != null) {
        units.drop(unit);
      }
      JsonObject answer = new JsonObject();
      answer.addProperty("success", ok);
      answer.add("diagnostics", report(diagnostics.getDiagnostics()));
      JsonArray classes = new JsonArray();
      if (ok) {
        output.classes().keySet().forEach(classes::add);
      }
      answer.add("classes", classes);
      return answer;
    } catch (IOException e) {
      throw new RequestException("compile I/O error: " + e.getMessage());
    } catch (IllegalArgumentException | IllegalStateException e) {
      throw new RequestException("invalid compile request: " + e.getMessage());
    }
  }

  private List<JavaFileObject> sources(JsonArray items) throws RequestException {
    List<JavaFileObject> out = new ArrayList<>();
    List<File> onDisk = new ArrayList<>();
    for (JsonElement item : items) {
      if (item.isJsonPrimitive()) {
        onDisk.add(new File(item.getAsString()));
      } else if (item.isJsonObject()) {
        JsonObject o = item.getAsJsonObject();
        out.add(new SourceText(Fields.requiredString(o, "path"), Fields.requiredString(o, "text")));
      } else {
        throw new RequestException("'sources' items must be paths or {path,text} objects");
      }
    }
    for (File f : onDisk) {
      if (!f.isFile()) {
        throw new RequestException("source file not found: " + f);
      }
    }
    shared.getJavaFileObjectsFromFiles(onDisk).forEach(out::add);
    if (out.isEmpty()) {
      throw new RequestException("'sources' is empty");
    }
    return out;
  }

  /**
   * Default options -g (full debug info) and -Xlint:none; then release, then the caller's
   * options. Annotation processing is javac's default (processors found on the class path run)
   * unless the caller passes -proc:none, a -processor or a --processor-path.
   */
  private static List<String> options(JsonObject request) throws RequestException {
    List<String> extra = Fields.strings(request, "options");
    List<String> options = new ArrayList<>(List.of("-g", "-Xlint:none"));
    String release = Fields.string(request, "release", null);
    if (release != null) {
      options.add("--release");
      options.add(supportedRelease(release));
    }
    options.addAll(extra);
    return options;
  }

  /**
   * A release javac still accepts: builds that declare 1.5, 6 or 7 (commons-math3 says 1.5) are
   * compiled for 8, the oldest release every supported JDK takes ("release version 5 not
   * supported" otherwise); source of those releases compiles as 8 but for a few identifiers.
   */
  static String supportedRelease(String release) {
    try {
      return Integer.parseInt(release.trim()) < 8 ? "8" : release;
    } catch (NumberFormatException e) {
      return release;
    }
  }

  private static List<File> files(List<String> paths) {
    List<File> out = new ArrayList<>();
    for (String p : paths) {
      out.add(new File(p));
    }
    return out;
  }


  private static JsonArray report(List<Diagnostic<? extends JavaFileObject>> diagnostics) {
    JsonArray out = new JsonArray();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics) {
      JsonObject o = new JsonObject();
      o.addProperty("file", d.getSource() == null ? null : d.getSource().getName());
      o.addProperty("line", d.getLineNumber());
      o.addProperty("column", d.getColumnNumber());
      o.addProperty("code", d.getCode());
      o.addProperty("message", d.getMessage(Locale.ROOT));
      o.addProperty("kind", d.getKind().name().toLowerCase(Locale.ROOT));
      out.add(o);
    }
    return out;
  }
}
