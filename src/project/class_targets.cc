#include "project/class_targets.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>
#include <system_error>

#include "core/suggest.h"

namespace panta::project {
namespace fs = std::filesystem;
namespace {

bool is_dir(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

bool is_file(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

bool not_a_class(const std::string& file) {
  std::string name = fs::path(file).filename().string();
  return name == "package-info.java" || name == "module-info.java";
}

// The path `target` names, if it names one that exists: relative to the working directory
// first, then to the project root.
std::optional<fs::path> existing_path(const Project& project, std::string_view target) {
  fs::path t{std::string(target)};
  std::error_code ec;
  for (const fs::path& base : {fs::current_path(ec), fs::path(project.root)}) {
    fs::path p = t.is_absolute() ? t : base / t;
    if (is_dir(p) || is_file(p)) return fs::weakly_canonical(p, ec);
    if (t.is_absolute()) break;
  }
  return std::nullopt;
}

bool looks_like_path(std::string_view target) {
  return target.find('/') != std::string_view::npos || target.ends_with(".java");
}

std::string package_folder(std::string_view package) {
  std::string p(package);
  std::replace(p.begin(), p.end(), '.', '/');
  return p;
}

Result<std::vector<std::string>> classes_under(const Project& project, const fs::path& folder) {
  auto files = list_java_files(folder.string());
  if (!files) return files.error();
  std::vector<std::string> out;
  for (const std::string& f : *files) {
    if (not_a_class(f)) continue;
    auto fqn = fqn_of(f, project.src_dir);
    if (!fqn) return fqn.error();
    out.push_back(std::move(*fqn));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The classes of the source folder whose simple name is `name`'s last part (a class named
// without its package, or in a wrong one), at most three.
std::vector<std::string> same_simple_name(const Project& project, std::string_view name) {
  std::string simple(name.substr(name.rfind('.') + 1));
  std::vector<std::string> out;
  auto all = classes_under(project, project.src_dir);
  if (!all) return out;
  for (const std::string& fqn : *all) {
    if (fqn != name && fqn.substr(fqn.rfind('.') + 1) == simple && out.size() < 3)
      out.push_back(fqn);
  }
  // Else a slip of the keyboard in the class's simple name.
  if (!out.empty()) return out;
  std::vector<std::string> candidates;
  for (const std::string& fqn : *all) candidates.push_back(fqn.substr(fqn.rfind('.') + 1));
  std::string near = nearest(simple, candidates);
  for (size_t i = 0; !near.empty() && i < candidates.size(); ++i) {
    if (candidates[i] == near) return {(*all)[i]};
  }
  return out;
}

// The files a class-like target may live in, relative to its source folder: "pkg/Outer.java"
// for "pkg.Outer.Inner", and "com/Acme.java" or "com/Acme/Foo.java" for "com.Acme.Foo" (any
// capitalised part may be the top-level class); none when the target does not name a class by
// its form (no capitalised part: a package).
std::vector<std::string> class_files_of(std::string_view target) {
  std::vector<std::string> out;
  std::string folder;
  size_t begin = 0;
  while (begin < target.size()) {
    size_t end = target.find_first_of(".$#", begin);
    std::string_view part = target.substr(begin, end == std::string_view::npos ? end : end - begin);
    if (part.empty()) return {};
    if (std::isupper(static_cast<unsigned char>(part[0])))
      out.push_back(folder + std::string(part) + ".java");
    if (end == std::string_view::npos || target[end] != '.') break;  // a nested class, a method
    folder += std::string(part) + "/";
    begin = end + 1;
  }
  return out;
}

// The .java files below `folder` (relative, '/'-separated; linked folders followed), hidden
// folders left out; nothing when it cannot be walked or has more than `limit` entries.
std::optional<std::vector<std::string>> java_files_below(const std::string& folder, size_t limit) {
  std::vector<std::string> out;
  std::error_code ec;
  fs::recursive_directory_iterator it(folder,
                                      fs::directory_options::skip_permission_denied |
                                          fs::directory_options::follow_directory_symlink,
                                      ec);
  if (ec) return std::nullopt;
  size_t seen = 0;
  for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (++seen > limit) return std::nullopt;
    std::string name = it->path().filename().string();
    if (it->is_directory(ec) && (name.starts_with('.') || name == "node_modules")) {
      it.disable_recursion_pending();
    } else if (name.ends_with(".java")) {
      out.push_back(it->path().lexically_relative(folder).generic_string());
    }
  }
  return out;
}

}  // namespace

Result<std::vector<std::string>> resolve_class_target(const Project& project,
                                                      std::string_view target) {
  if (target.empty()) return Error{"--class: empty value"};
  if (target == "all" && !is_file(project.source_file_for("all")))
    return classes_under(project, project.src_dir);
  if (looks_like_path(target)) {
    auto path = existing_path(project, target);
    if (!path) return Error{std::string(target) + ": no such file or folder"};
    fs::path src = fs::weakly_canonical(project.src_dir);
    fs::path rel = path->lexically_relative(src);
    if (rel.empty() || *rel.begin() == "..") {
      return Error{std::string(target) + ": not under the source folder " + project.src_dir};
    }
    if (is_dir(*path)) return classes_under(project, *path);
    auto fqn = fqn_of(path->string(), src.string());
    if (!fqn) return fqn.error();
    return std::vector<std::string>{*fqn};
  }
  std::string name(target);
  if (name.ends_with(".*")) name.resize(name.size() - 2);
  if (name == std::string(target) && is_file(project.source_file_for(name))) {
    // A nested class means its file's top-level class: the one the test class is named for.
    auto top = fqn_of(project.source_file_for(name), project.src_dir);
    if (!top) return top.error();
    return std::vector<std::string>{*top};
  }
  fs::path folder = fs::path(project.src_dir) / package_folder(name);
  if (is_dir(folder)) return classes_under(project, folder);
  std::string message = std::string(target) + ": no such class (" + project.source_file_for(name) +
                        ") or package (" + folder.string() + ") in the source folder";
  std::vector<std::string> near = same_simple_name(project, name);
  for (size_t i = 0; i < near.size(); ++i)
    message += (i == 0 ? "; did you mean " : " or ") + near[i];
  return Error{near.empty() ? message : message + "?"};
}

Status check_class_targets_exist(const std::string& folder,
                                 const std::vector<std::string>& targets) {
  bool walked = false;
  std::optional<std::vector<std::string>> files;
  for (const std::string& target : targets) {
    if (looks_like_path(target)) continue;
    std::vector<std::string> wanted = class_files_of(target);
    if (wanted.empty()) continue;
    if (!walked) files = java_files_below(folder, 100000), walked = true;
    if (!files) return ok_status();  // not to be walked before the build says where to look
    bool found = std::any_of(files->begin(), files->end(), [&](const std::string& f) {
      return std::any_of(wanted.begin(), wanted.end(),
                         [&f](const std::string& w) { return f == w || f.ends_with("/" + w); });
    });
    if (found) continue;
    // The nearest by simple name (a slip of the keyboard in the class, not in the package).
    std::string simple = fs::path(wanted.back()).stem().string();
    std::vector<std::string> names;
    for (const std::string& f : *files) names.push_back(fs::path(f).stem().string());
    std::string near = nearest(simple, names);
    std::string suggestion;
    for (size_t i = 0; !near.empty() && i < files->size(); ++i) {
      if (names[i] == near) {
        suggestion = "; did you mean " + (*files)[i] + "?";
        break;
      }
    }
    return Error{target + ": no such class: no file below " + folder + " is " + wanted.back() +
                 suggestion};
  }
  return ok_status();
}

bool is_batch_target(const Project& project, std::string_view target) {
  if (target.ends_with(".java")) return false;
  if (looks_like_path(target)) return true;
  std::string name(target);
  if (name.ends_with(".*")) return true;
  return !is_file(project.source_file_for(name));
}

}  // namespace panta::project
