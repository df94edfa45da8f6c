#include "engine/focused_prompt.h"

#include "engine/defects_file.h"

#include <fmt/format.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "engine/locale_apis.h"
#include "engine/type_signatures.h"
#include "process/subprocess.h"
#include "prompt/source_view.h"

namespace panta::engine {
namespace {

namespace fs = std::filesystem;

constexpr size_t kSignatureBudget = 4000;  // characters of the used types' API

// The feature release of the JDK that runs the tests ("17"), from its `release` file; "".
std::string jdk_release() {
  std::string java = process::find_program("java");
  if (java.empty()) return "";
  std::error_code ec;
  fs::path home = fs::canonical(java, ec).parent_path().parent_path();
  std::ifstream in(home / "release");
  static const std::regex version("JAVA_VERSION=\"(1\\.\\d+|\\d+)");
  std::smatch m;
  for (std::string line; std::getline(in, line);) {
    if (std::regex_search(line, m, version)) return m[1].str();
  }
  return "";
}

std::string first_line(const std::string& s) {
  return s.substr(0, s.find('\n'));
}

// The line of the class's declaration when it is a concrete class that declares no constructor
// (JaCoCo counts the implicit one there), else 0.
uint32_t implicit_constructor_line(const ClassUnderTest& cut) {
  std::string simple = cut.class_name.substr(cut.class_name.rfind('.') + 1);
  for (const MethodGraph& m : cut.graphs) {
    if (m.key.rfind(simple + "." + simple + "(", 0) == 0) return 0;
  }
  for (const java::JavaClass& c : cut.parsed().classes) {
    if (c.name == simple && c.kind == "class") return c.is_abstract ? 0 : c.name_line;
  }
  return 0;
}

}  // namespace

std::string focused_context(const project::Project& project, const ClassUnderTest& cut,
                            const std::string& junit,
                            const std::vector<std::string>& dependencies) {
  std::string out;
  std::string jdk = jdk_release();
  if (!project.java_release.empty()) {
    // The JVM helper compiles a release older than 8 as 8 (javac no longer takes them).
    const std::string& r = project.java_release;
    std::string number = r.rfind("1.", 0) == 0 ? r.substr(2) : r;  // "1.5" is 5, "1.8" is 8
    bool old = !number.empty() && std::isdigit(static_cast<unsigned char>(number[0])) &&
               std::atoi(number.c_str()) < 8;
    out += "- Java release: " +
           (old ? "8 (the build declares " + project.java_release + ", which javac no longer takes)"
                : project.java_release + " (the build's)") +
           (jdk.empty() ? "" : "; the tests run on JDK " + jdk) + "\n";
  } else if (!jdk.empty()) {
    out += "- Java release: " + jdk + " (the JDK that compiles and runs the tests)\n";
  }
  if (!project.coordinates.empty()) out += "- Project: " + project.coordinates + "\n";
  size_t dot = cut.test_fqn.rfind('.');
  bool same_package = !cut.package.empty() && dot != std::string::npos &&
                      cut.test_fqn.compare(0, dot, cut.package) == 0 && dot == cut.package.size();
  out += "- Tests: " + junit +
         (same_package ? ", in the class's package `" + cut.package +
                             "` (its package-private members are visible to them)"
                       : "") +
         "\n";
  if (!dependencies.empty()) {
    std::string list;
    for (const std::string& d : dependencies) list += (list.empty() ? "" : ", ") + d;
    out += "- Libraries the tests may use: " + list + "\n";
  }
  std::vector<std::string> locale = locale_dependent_apis(cut.parsed());
  if (!locale.empty()) {
    std::string list;
    for (const std::string& l : locale) list += (list.empty() ? "" : ", ") + l;
    out += "- The class uses locale-, time- or platform-dependent APIs (" + list +
           "): the tests must pass in any locale and time zone (pass Locale.ROOT or a fixed "
           "zone where the class takes one; else use inputs whose results do not depend on "
           "them).\n";
  }
  std::string api = used_type_signatures(cut.parsed(), cut.package, project, kSignatureBudget);
  if (!api.empty()) {
    out +=
        "\nThe project's own types the class uses (their non-private API; bodies only of short "
        "methods of value types; `//` lines say what a constructor checks, the message it "
        "builds and the defaults of private fields):\n\n```java\n" +
        api + "```\n";
  }
  return out;
}

std::vector<Gap> focused_inputs(const ClassUnderTest& cut, LoopState& state,
                                const std::string& context, prompt::FocusedInputs& out,
                                const std::set<uint32_t>& also_show) {
  out.context = context;
  std::vector<Gap> gaps = find_gaps(cut, state.coverage);
  mark_said_unreachable(gaps, state.said_gaps(gaps), cut);
  mark_asked_too_often(gaps, state.gap_asks);
  assign_gap_ids(gaps, state.gap_ids, state.next_gap_id);
  state.shown_gaps.clear();
  if (state.lines_covered() == 0) {
    out.source = prompt::numbered_without_licence(cut.parsed());
    out.sliced = false;
    out.licence_left_out = !out.source.starts_with("1: ");
    if (uint32_t line = implicit_constructor_line(cut); line > 0) {
      std::string simple = cut.class_name.substr(cut.class_name.rfind('.') + 1);
      out.context += fmt::format(
          "- `{}` declares no constructor: JaCoCo counts its implicit one on line {}, so a "
          "test should call `new {}()` once.\n",
          simple, line, simple);
    }
  } else {
    out.licence_left_out = false;
    auto shown = lines_to_show(gaps, cut, 30, also_show);
    out.source = prompt::sliced_source(cut.parsed(), shown, prompt::kLongFieldLines);
    out.sliced = true;
    out.gaps = render_gaps(gaps, cut, state.coverage, state.shown_gaps);
    out.unreachable = render_unreachable(gaps);
    for (const Gap& g : gaps) {
      if (g.aside != Aside::kNo) state.shown_gaps.try_emplace(g.id, std::vector{g.key});
    }
    count_asks(gaps, state.gap_asks);
  }
  out.test_names = state.file->test_names();
  out.has_members = !state.file->members().empty();
  out.test_members = prompt::shorten_long_fields(
      prompt::without_comments(state.file->without_tests().text()), prompt::kLongFieldLines);
  out.dropped.clear();
  for (const auto& f : state.failed) out.dropped.push_back(f.name + ": " + first_line(f.error));
  for (const auto& f : state.set_aside) out.dropped.push_back(f.name + ": " + first_line(f.error));
  out.unusable = state.unusable_answer;
  out.recorded.clear();
  for (const std::string& d : state.suspected_defects)
    out.recorded.push_back(d.substr(0, d.find(':')));
  out.reproducers.clear();
  for (const Reproducer& r : state.reproducers)
    out.reproducers.push_back(r.test.name + " (" + junit::defect_text(r.claim) + ")");
  out.defects_class = defects_class_for(cut).name;
  return gaps;
}

}  // namespace panta::engine
