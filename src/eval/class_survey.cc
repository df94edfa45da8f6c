#include "eval/class_survey.h"

#include <algorithm>
#include <filesystem>
#include <random>

#include "cfg/cfg_builder.h"
#include "java/java_file.h"
#include "java/source_text.h"
#include "java/syntax_tree.h"
#include "java/text_encoding.h"

namespace panta::eval {
namespace fs = std::filesystem;
namespace {

// Top-level type declarations and whether they say public / abstract.
struct Modifiers {
  bool is_public = false;
  bool is_abstract = false;
};

Modifiers modifiers_of(const java::JavaFile& file, const std::string& simple_name) {
  for (TSNode decl : java::named_children(file.tree.root())) {
    TSNode name = java::field(decl, "name");
    if (ts_node_is_null(name) || java::node_text(file.text, name) != simple_name) continue;
    Modifiers m;
    for (TSNode child : java::named_children(decl)) {
      if (java::node_type(child) != "modifiers") continue;
      // The keywords are the modifiers' anonymous children; annotations are named ones.
      for (uint32_t i = 0; i < ts_node_child_count(child); ++i) {
        std::string_view word = ts_node_type(ts_node_child(child, i));
        if (word == "public") m.is_public = true;
        if (word == "abstract") m.is_abstract = true;
      }
    }
    return m;
  }
  return {};
}

std::vector<int> mut_cycs(const java::JavaFile& file, const std::string& top) {
  std::vector<int> out;
  for (const java::JavaClass& c : file.classes) {
    if (c.name != top && c.name.rfind(top + ".", 0) != 0) continue;
    for (const java::Method& m : c.methods) {
      if (!m.is_mut() || ts_node_is_null(m.body) || m.syntax_error) continue;
      auto graph = cfg::build_cfg(file.text, m.body);
      if (graph) out.push_back(graph->cyclomatic());
    }
  }
  return out;
}

Status survey_file(const std::string& path, const std::string& encoding, Survey& out) {
  auto text = java::read_text_file(path, encoding);
  if (!text) return text.error();
  auto parsed = java::parse_java_file(java::SourceText(path, std::move(*text)));
  if (!parsed) return parsed.error();
  for (const java::JavaClass& c : parsed->classes) {
    if (c.name.find('.') != std::string::npos) continue;  // nested: part of its top-level class
    SurveyedClass s;
    s.name = parsed->package_name.empty() ? c.name : parsed->package_name + "." + c.name;
    s.file = path;
    s.kind = c.kind;
    Modifiers m = modifiers_of(*parsed, c.name);
    s.is_public = m.is_public;
    s.is_abstract = m.is_abstract;
    s.mut_cycs = mut_cycs(*parsed, c.name);
    out.classes.push_back(std::move(s));
  }
  return ok_status();
}

}  // namespace

int SurveyedClass::max_cyc() const {
  return mut_cycs.empty() ? 0 : *std::max_element(mut_cycs.begin(), mut_cycs.end());
}

std::string main_source_dir(const std::string& root, const std::string& main_src) {
  if (!main_src.empty()) return main_src;
  std::error_code ec;
  for (const char* sub : {"src/main/java", "src"}) {
    fs::path p = fs::path(root) / sub;
    if (fs::is_directory(p, ec)) return p.string();
  }
  return root;
}

Result<Survey> survey_sources(const std::string& source_dir, const std::string& encoding) {
  std::error_code ec;
  if (!fs::is_directory(source_dir, ec)) return Error{source_dir + ": no such source folder"};
  std::vector<std::string> files;
  for (auto it = fs::recursive_directory_iterator(source_dir, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().extension() == ".java") {
      files.push_back(it->path().string());
    }
  }
  if (ec) return Error{source_dir + ": " + ec.message()};
  std::sort(files.begin(), files.end());
  Survey out;
  for (const std::string& f : files) {
    if (fs::path(f).filename() == "package-info.java" ||
        fs::path(f).filename() == "module-info.java")
      continue;
    if (auto s = survey_file(f, encoding.empty() ? "UTF-8" : encoding, out); !s) {
      out.errors.push_back(s.error().message);
    }
  }
  std::sort(out.classes.begin(), out.classes.end(),
            [](const SurveyedClass& a, const SurveyedClass& b) { return a.name < b.name; });
  return out;
}

bool meets_criterion(const SurveyedClass& c, int min_cyc) {
  return c.kind == "class" && c.is_public && !c.is_abstract && c.max_cyc() > min_cyc;
}

std::vector<SurveyedClass> sample_classes(std::vector<SurveyedClass> picked, int sample,
                                          uint64_t seed) {
  if (sample > 0 && static_cast<size_t>(sample) < picked.size()) {
    std::mt19937_64 random(seed);
    // Fisher-Yates by hand: std::shuffle's use of the engine is not fixed by the standard.
    for (size_t i = picked.size() - 1; i > 0; --i) {
      size_t j = static_cast<size_t>(random() % (i + 1));
      std::swap(picked[i], picked[j]);
    }
    picked.resize(static_cast<size_t>(sample));
  }
  std::sort(picked.begin(), picked.end(),
            [](const SurveyedClass& a, const SurveyedClass& b) { return a.name < b.name; });
  return picked;
}

SubjectFigures subject_figures(const std::vector<SurveyedClass>& classes) {
  SubjectFigures f;
  f.classes = classes.size();
  std::vector<int> all;
  for (const SurveyedClass& c : classes)
    all.insert(all.end(), c.mut_cycs.begin(), c.mut_cycs.end());
  f.muts = all.size();
  if (all.empty()) return f;
  std::sort(all.begin(), all.end());
  f.cyc_max = all.back();
  size_t mid = all.size() / 2;
  f.cyc_median = all.size() % 2 == 1 ? all[mid] : (all[mid - 1] + all[mid]) / 2.0;
  return f;
}

}  // namespace panta::eval
