#include "project/project_config.h"

#include <filesystem>

#include "java/source_text.h"

namespace panta::project {
namespace {

constexpr std::string_view kKnownKeys =
    "src_dir, test_dir, classpath, classes_dir, encoding, sandbox, test_env, module, "
    "exclude_tests";

Error error_at(const std::string& path, const toml::source_region& where,
               const std::string& message) {
  return Error{path + ":" + std::to_string(where.begin.line) + ":" +
               std::to_string(where.begin.column) + ": " + message};
}

Result<std::string> string_value(const std::string& path, const std::string& key,
                                 const toml::node& node) {
  const toml::value<std::string>* value = node.as_string();
  if (value == nullptr) return error_at(path, node.source(), "'" + key + "' must be a string");
  if (value->get().empty()) {
    return error_at(path, node.source(), "'" + key + "' must not be empty");
  }
  return value->get();
}

Result<std::vector<std::string>> classpath_value(const std::string& path, const toml::node& node) {
  if (const auto* text = node.as_string()) return split_classpath(text->get());
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    return error_at(path, node.source(),
                    "'classpath' must be an array of strings or a ':'-separated string");
  }
  std::vector<std::string> entries;
  for (const toml::node& element : *array) {
    const auto* entry = element.as_string();
    if (entry == nullptr) {
      return error_at(path, element.source(), "'classpath' entries must be strings");
    }
    entries.push_back(entry->get());
  }
  return entries;
}

Result<std::vector<std::string>> string_array(const std::string& path, const std::string& key,
                                              const toml::node& node) {
  const toml::array* array = node.as_array();
  if (array == nullptr) {
    return error_at(path, node.source(), "'" + key + "' must be an array of strings");
  }
  std::vector<std::string> entries;
  for (const toml::node& element : *array) {
    const auto* entry = element.as_string();
    if (entry == nullptr)
      return error_at(path, element.source(), "'" + key + "' entries must be strings");
    entries.push_back(entry->get());
  }
  return entries;
}

bool is_table_like(const toml::node& node) {
  if (node.is_table()) return true;
  const toml::array* array = node.as_array();
  return array != nullptr && !array->empty() && array->is_array_of_tables();
}

Status read_setting(const std::string& path, const std::string& key, const toml::node& node,
                    ProjectSettings& settings) {
  std::optional<std::string>* field = key == "src_dir"       ? &settings.src_dir
                                      : key == "test_dir"    ? &settings.test_dir
                                      : key == "classes_dir" ? &settings.classes_dir
                                      : key == "encoding"    ? &settings.encoding
                                      : key == "sandbox"     ? &settings.sandbox
                                      : key == "module"      ? &settings.module
                                                             : nullptr;
  if (field != nullptr) {
    auto value = string_value(path, key, node);
    if (!value) return value.error();
    if (key == "sandbox" && *value != "strict" && *value != "fallback" && *value != "off") {
      return error_at(path, node.source(), "'sandbox' must be \"strict\", \"fallback\" or \"off\"");
    }
    *field = std::move(*value);
    return ok_status();
  }
  if (key == "test_env" || key == "exclude_tests") {
    auto value = string_array(path, key, node);
    if (!value) return value.error();
    (key == "test_env" ? settings.test_env : settings.exclude_tests) = std::move(*value);
    return ok_status();
  }
  if (key == "classpath") {
    auto value = classpath_value(path, node);
    if (!value) return value.error();
    settings.classpath = std::move(*value);
    return ok_status();
  }
  if (is_table_like(node)) return ok_status();
  return error_at(path, node.source(),
                  "unknown key '" + key + "' (known keys: " + std::string(kKnownKeys) + ")");
}

}  // namespace

Result<ProjectConfig> parse_project_config(std::string_view text, const std::string& path) {
  ProjectConfig config;
  config.path = path;
  try {
    config.document = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    return error_at(path, e.source(), std::string(e.description()));
  }
  for (const auto& [key, node] : config.document) {
    Status status = read_setting(path, std::string(key.str()), node, config.settings);
    if (!status) return status.error();
  }
  return config;
}

Result<ProjectConfig> load_project_config(const std::string& root) {
  std::string path = (std::filesystem::path(root) / "panta.toml").string();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return ProjectConfig{};
  auto text = java::read_file(path);
  if (!text) return text.error();
  return parse_project_config(*text, path);
}

}  // namespace panta::project
