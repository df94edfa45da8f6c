#include "runner/compiled_api.h"

#include <chrono>
#include <sstream>

#include "process/subprocess.h"

namespace panta::runner {

Result<CompiledClass> read_javap(const std::string& output) {
  CompiledClass out;
  std::istringstream lines(output);
  std::string line;
  bool in_body = false;
  while (std::getline(lines, line)) {
    if (!in_body) {
      // "public class a.B extends a.C implements a.D {" (after "Compiled from ..." lines)
      if (line.empty() || line.back() != '{') continue;
      out.head = line.substr(0, line.size() - 2);
      size_t extends = out.head.find(" extends ");
      if (extends != std::string::npos && out.head.find(" interface ") == std::string::npos) {
        std::string rest = out.head.substr(extends + 9);
        out.superclass = rest.substr(0, rest.find(' '));
        if (out.superclass == "java.lang.Object" ||
            out.superclass.starts_with("java.lang.Record") ||
            out.superclass.starts_with("java.lang.Enum"))
          out.superclass.clear();
      }
      in_body = true;
      continue;
    }
    if (line == "}") break;
    if (line.size() > 3 && line.starts_with("  ") && line.back() == ';' && line[2] != ' ')
      out.members.push_back(line.substr(2));
  }
  if (out.head.empty()) return Error{"javap printed no class"};
  return out;
}

Result<CompiledClass> javap_class(const std::string& jdk_home,
                                  const std::vector<std::string>& classpath,
                                  const std::string& fqn) {
  std::string cp;
  for (const std::string& entry : classpath) cp += (cp.empty() ? "" : ":") + entry;
  process::SpawnOptions spawn;
  spawn.argv = {jdk_home + "/bin/javap", "-protected", "-cp", cp, fqn};
  auto ran = process::run(spawn, std::chrono::seconds(60));
  if (!ran) return ran.error();
  if (ran->timed_out) return Error{"javap " + fqn + ": no answer in 60 s"};
  if (ran->exit_code != 0) {
    std::string why = ran->out + ran->err;
    return Error{"javap " + fqn + ": " + why.substr(0, why.find('\n'))};
  }
  return read_javap(ran->out);
}

}  // namespace panta::runner
