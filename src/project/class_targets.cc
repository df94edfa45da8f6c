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
  // Else a slip of the keyboard: the nearest name, whole or simple as it was written.
  if (!out.empty()) return out;
  bool whole = name.find('.') != std::string_view::npos;
  std::vector<std::string> candidates;
  for (const std::string& fqn : *all)
    candidates.push_back(whole ? fqn : fqn.substr(fqn.rfind('.') + 1));
  std::string near = nearest(whole ? name : simple, candidates);
  for (size_t i = 0; !near.empty() && i < candidates.size(); ++i) {
    if (candidates[i] == near) return {(*all)[i]};
  }
  return out;
}

// The file a class-like target lives in, relative to its source folder ("pkg/Outer.java"), ""
// when the target does not name a class by its form.
std::string class_file_of(std::string_view target) {
  std::string out;
  size_t begin = 0;
  while (begin < target.size()) {
    size_t end = target.find_first_of(".$#", begin);
    std::string_view part = target.substr(begin, end == std::string_view::npos ? end : end - begin);
    if (part.empty()) return "";
    if (std::isupper(static_cast<unsigned char>(part[0]))) return out + std::string(part) + ".java";
    if (end == std::string_view::npos || target[end] != '.') return "";
    out += std::string(part) + "/";
    begin = end + 1;
  }
  return "";
}

// The .java files below `folder` (relative, '/'-separated), hidden folders left out; nothing
// when there are more than `limit` entries.
std::optional<std::vector<std::string>> java_files_below(const std::string& folder, size_t limit) {
  std::vector<std::string> out;
  std::error_code ec;
  fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
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

// The last `parts` names of a relative path without ".java", dotted ("a/b/C.java", 2: "b.C").
std::string dotted_tail(const std::string& path, size_t parts) {
  std::string name = path.substr(0, path.size() - 5);
  size_t at = name.size();
  for (size_t i = 0; i < parts && at != std::string::npos && at > 0; ++i)
    at = name.rfind('/', at - 1);
  std::string tail = at == std::string::npos ? name : name.substr(at + 1);
  std::replace(tail.begin(), tail.end(), '/', '.');
  return tail;
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
    std::string wanted = class_file_of(target);
    if (wanted.empty()) continue;
    if (!walked) files = java_files_below(folder, 100000), walked = true;
    if (!files) return ok_status();  // too large to walk before the build says where to look
    bool found = std::any_of(files->begin(), files->end(), [&](const std::string& f) {
      return f == wanted || f.ends_with("/" + wanted);
    });
    if (found) continue;
    size_t parts = static_cast<size_t>(std::count(wanted.begin(), wanted.end(), '/')) + 1;
    std::vector<std::string> names;
    for (const std::string& f : *files) names.push_back(dotted_tail(f, parts));
    std::string near = nearest(dotted_tail(wanted, parts), names);
    return Error{target + ": no such class: no file below " + folder + " is " + wanted +
                 (near.empty() ? "" : "; did you mean " + near + "?")};
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
