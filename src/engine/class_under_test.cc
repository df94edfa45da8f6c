#include "engine/class_under_test.h"

#include <cstdio>
#include <cstdlib>

#include "engine/test_conventions.h"
#include "engine/type_signatures.h"

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

std::string unreachable_note(const java::JavaClass& cls) {
  std::string outer = cls.name.substr(0, cls.name.find('.'));
  return " (in a private nested class: a test cannot call it; reach it through `" + outer +
         "`'s own methods)";
}

// `unit`: the source as the analysis parsed it.
Status load_paths(ClassUnderTest& c, const std::string& encoding,
                  std::shared_ptr<const java::JavaFile>& unit) {
  analyze::AnalyzeOptions opts;
  opts.encoding = encoding;
  opts.all_methods = true;  // private ones too: the focused strategy names their gaps
  analyze::FileAnalysis fa = analyze::analyze_file(c.source_path, opts);
  if (!fa.file) {
    return Error{fa.errors.empty() ? c.source_path + ": cannot analyse" : fa.errors.front()};
  }
  for (const auto& cls : fa.classes) {
    for (const auto& m : cls.methods) {
      std::string key = cls.java_class->name + "." + m.method->signature;
      if (!m.graph) {
        if (!m.error.empty())
          c.not_analysed.push_back(key + " (line " + std::to_string(m.method->start_line) +
                                   "): " + m.error);
        continue;
      }
      auto graph = std::make_shared<const cfg::Graph>(*m.graph);
      c.graphs.push_back({key, m.method->start_line, m.method->end_line, m.method->is_mut(),
                          m.method->excluded_because == "private", graph, m.paths.paths});
      c.max_cyc_all = std::max(c.max_cyc_all, m.graph->cyclomatic());
      if (!m.method->is_mut()) continue;
      c.max_cyc = std::max(c.max_cyc, m.graph->cyclomatic());
      if (cls.java_class->hidden) c.unreachable_notes[key] = unreachable_note(*cls.java_class);
      std::vector<std::vector<uint32_t>> edges;
      for (const cfg::Path& p : m.paths.paths) edges.push_back(p.edges);
      c.methods.push_back({std::move(key), m.path_steps, std::move(edges), graph});
    }
  }
  unit = std::shared_ptr<const java::JavaFile>(std::move(fa.file));
  if (c.methods.empty()) {
    return Error{
        "no methods under test (interfaces, abstract methods, getters and setters are left out)",
        ErrorKind::kNothingToTest};
  }
  return ok_status();
}

}  // namespace

const java::JavaFile& ClassUnderTest::parsed() const {
  if (!unit_) {
    // Only a class put together by hand (not by load()) parses here. Parsing fails only when
    // tree-sitter cannot load the Java grammar, which any analysis would have met first: a
    // broken build, not an input a caller could handle.
    auto file = java::parse_java_file(java::SourceText(source_path, source_text));
    if (!file) {
      std::fprintf(stderr, "panta: internal error: %s\n", file.error().message.c_str());
      std::abort();
    }
    unit_ = std::make_shared<const java::JavaFile>(std::move(*file));
  }
  return *unit_;
}

const java::LineFacts& ClassUnderTest::facts() const {
  if (!facts_) facts_ = std::make_shared<const java::LineFacts>(parsed());
  return *facts_;
}

namespace {

Status load_test_file(const project::Project& project, ClassUnderTest& c) {
  std::error_code ec;
  // As the project's other test files are written: their indentation, import order and licence
  // header (a new file's).
  TestConventions conventions = project_conventions(project);
  c.test_style = conventions.style;
  if (fs::exists(c.test_path, ec)) {
    auto existing = java::read_text_file(c.test_path, project.encoding);
    if (!existing) return existing.error();
    c.initial_test_text = std::move(*existing);
    c.test_file_existed = true;
  } else {
    auto version = project.junit == project::JUnitFlavour::kJUnit4 ? junit::JUnitVersion::k4
                                                                   : junit::JUnitVersion::k5;
    c.initial_test_text =
        conventions.header + junit::test_class_skeleton(c.package, c.test_class, version,
                                                        conventions.style.static_imports_last);
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
  std::shared_ptr<const java::JavaFile> unit;
  if (auto s = load_paths(c, project.encoding, unit); !s) return s.error();
  c.unit_ = std::move(unit);
  c.enums = enum_constants(c.parsed(), c.package, project);
  c.test_path = test_file.empty() ? project.test_file_for(class_name) : test_file;
  c.test_class = fs::path(c.test_path).stem().string();
  c.test_fqn = c.package.empty() ? c.test_class : c.package + "." + c.test_class;
  if (auto s = load_test_file(project, c); !s) return s.error();
  return c;
}

}  // namespace panta::engine
