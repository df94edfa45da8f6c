import java.io.FileInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.analysis.ILine;
import org.jacoco.core.tools.ExecFileLoader;

/**
 * Test tool: analyses a JaCoCo agent exec file against class files and prints, per class, the
 * per-line counters as one JSON object per line:
 * {"name":"pkg.C","lines":[{"line":n,"mi":..,"ci":..,"mb":..,"cb":..,"status":s}]}.
 * Usage: ExecToJson EXEC_FILE CLASSES_DIR CLASS_NAME...
 */
public final class ExecToJson {
  private static final String[] STATUS = {"empty", "not_covered", "fully", "partly"};

  private ExecToJson() {}

  public static void main(String[] args) throws IOException {
    ExecFileLoader loader = new ExecFileLoader();
    try (FileInputStream in = new FileInputStream(args[0])) {
      loader.load(in);
    }
    CoverageBuilder builder = new CoverageBuilder();
    Analyzer analyzer = new Analyzer(loader.getExecutionDataStore(), builder);
    for (int i = 2; i < args.length; i++) {
      Path file = Path.of(args[1], args[i].replace('.', '/') + ".class");
      analyzer.analyzeClass(Files.readAllBytes(file), args[i]);
    }
    for (IClassCoverage c : builder.getClasses()) {
      StringBuilder sb = new StringBuilder();
      sb.append("{\"name\":\"").append(c.getName().replace('/', '.')).append("\",\"lines\":[");
      boolean first = true;
      for (int nr = c.getFirstLine(); nr > 0 && nr <= c.getLastLine(); nr++) {
        ILine l = c.getLine(nr);
        if (l.getStatus() == 0) {
          continue;
        }
        sb.append(first ? "" : ",");
        first = false;
        sb.append("{\"line\":").append(nr)
            .append(",\"mi\":").append(l.getInstructionCounter().getMissedCount())
            .append(",\"ci\":").append(l.getInstructionCounter().getCoveredCount())
            .append(",\"mb\":").append(l.getBranchCounter().getMissedCount())
            .append(",\"cb\":").append(l.getBranchCounter().getCoveredCount())
            .append(",\"status\":\"").append(STATUS[l.getStatus()]).append("\"}");
      }
      System.out.println(sb.append("]}"));
    }
  }
}
