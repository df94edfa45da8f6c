#include "engine/class_under_test.h"

#include <filesystem>

#include "analyze/analysis.h"
#include "java/source_text.h"
#include "java/text_encoding.h"
#include "junit/test_file.h"

namespace panta::engine {
namespace fs = std::filesystem;

namespace {

std::string package_of(const std::string& fqn) {
  size_t dot = fqn.rfind('.');
  return dot == std::string::npos ? "" : fqn.substr(0, dot);
}

Status load_paths(ClassUnderTest& c, const std::string& encoding) {
  analyze::AnalyzeOptions opts;
  opts.encoding = encoding;
  analyze::FileAnalysis fa = analyze::analyze_file(c.source_path, opts);
  if (!fa.file) {
    return Error{fa.errors.empty() ? c.source_path + ": cannot analyse" : fa.errors.front()};
  }
  for (const auto& cls : fa.classes) {
    for (const auto& m : cls.methods) {
      if (!m.graph) continue;
      c.max_cyc = std::max(c.max_cyc, m.graph->cyclomatic());
      std::string key = cls.java_class->name + "." + m.method->signature;
      if (cls.java_class->hidden) {
        std::string outer = cls.java_class->name.substr(0, cls.java_class->name.find('.'));
        c.unreachable_notes[key] =
            " (in a private nested class: a test cannot call it; reach it "
            "through `" +
            outer + "`'s own methods)";
      }
      c.methods.push_back({std::move(key), m.path_steps});
    }
  }
  if (c.methods.empty()) {
    return Error{
        "no methods under test (interfaces, abstract methods, getters and setters are left out)",
        ErrorKind::kNothingToTest};
  }
  return ok_status();
}

Status load_test_file(const project::Project& project, ClassUnderTest& c) {
  std::error_code ec;
  if (fs::exists(c.test_path, ec)) {
    auto existing = java::read_text_file(c.test_path, project.encoding);
    if (!existing) return existing.error();
    c.initial_test_text = std::move(*existing);
    c.test_file_existed = true;
  } else {
    auto version = project.junit == project::JUnitFlavour::kJUnit4 ? junit::JUnitVersion::k4
                                                                   : junit::JUnitVersion::k5;
    c.initial_test_text = junit::test_class_skeleton(c.package, c.test_class, version);
  }
  auto parsed = junit::TestFile::parse(c.initial_test_text);
  if (!parsed) return Error{c.test_path + ": " + parsed.error().message};
  return ok_status();
}

}  // namespace

Result<ClassUnderTest> ClassUnderTest::load(const project::Project& project,
                                            const std::string& class_name,
                                            const std::string& test_file) {
  ClassUnderTest c;
  c.class_name = class_name;
  c.package = package_of(class_name);
  c.source_path = project.source_file_for(class_name);
  auto text = java::read_text_file(c.source_path, project.encoding);
  if (!text) return Error{"class " + class_name + ": " + text.error().message};
  c.source_text = std::move(*text);
  if (auto s = load_paths(c, project.encoding); !s) return s.error();
  c.test_path = test_file.empty() ? project.test_file_for(class_name) : test_file;
  c.test_class = fs::path(c.test_path).stem().string();
  c.test_fqn = c.package.empty() ? c.test_class : c.package + "." + c.test_class;
  if (auto s = load_test_file(project, c); !s) return s.error();
  return c;
}

}  // namespace panta::engine
