#include "project/project_settings.h"

namespace panta::project {

ProjectSettings overlay(const ProjectSettings& preferred, const ProjectSettings& fallback) {
  ProjectSettings merged = preferred;
  if (!merged.src_dir) merged.src_dir = fallback.src_dir;
  if (!merged.test_dir) merged.test_dir = fallback.test_dir;
  if (!merged.classpath) merged.classpath = fallback.classpath;
  if (!merged.classes_dir) merged.classes_dir = fallback.classes_dir;
  if (!merged.encoding) merged.encoding = fallback.encoding;
  if (!merged.sandbox) merged.sandbox = fallback.sandbox;
  if (!merged.test_env) merged.test_env = fallback.test_env;
  if (!merged.module) merged.module = fallback.module;
  if (!merged.exclude_tests) merged.exclude_tests = fallback.exclude_tests;
  return merged;
}

std::vector<std::string> split_classpath(std::string_view classpath) {
  std::vector<std::string> entries;
  while (!classpath.empty()) {
    size_t colon = classpath.find(':');
    std::string_view entry = classpath.substr(0, colon);
    if (!entry.empty()) entries.emplace_back(entry);
    if (colon == std::string_view::npos) break;
    classpath.remove_prefix(colon + 1);
  }
  return entries;
}

}  // namespace panta::project
