#include "project/fingerprint.h"

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include "java/source_text.h"

namespace panta::project {
namespace {

namespace fs = std::filesystem;

class Fnv1a64 {
 public:
  void add(std::string_view bytes) {
    for (char c : bytes) {
      hash_ ^= static_cast<unsigned char>(c);
      hash_ *= 0x100000001b3ULL;
    }
  }
  /// Adds `bytes` followed by a separator, so ("ab", "c") and ("a", "bc") differ.
  void add_field(std::string_view bytes) {
    add(bytes);
    add(std::string_view("\0", 1));
  }
  std::string hex() const {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash_));
    return text;
  }

 private:
  uint64_t hash_ = 0xcbf29ce484222325ULL;
};

fs::path stamp_path(const std::string& root, std::string_view name) {
  return fs::path(root) / ".panta" / std::string(name);
}

}  // namespace

Result<std::string> sources_fingerprint(const std::string& dir, std::string_view salt) {
  auto sources = list_java_files(dir);
  if (!sources) return sources.error();
  Fnv1a64 hash;
  hash.add_field(salt);
  for (const std::string& source : *sources) {
    auto content = java::read_file(source);
    if (!content) return content.error();
    hash.add_field(fs::path(source).lexically_relative(dir).generic_string());
    hash.add_field(std::to_string(content->size()));
    hash.add_field(*content);
  }
  return hash.hex();
}

Result<std::string> main_sources_fingerprint(const Project& project) {
  // The upstream modules' sources count too: main classes compiled against others are stale.
  std::string salt;
  for (const UpstreamModule& m : project.upstream) {
    auto upstream = sources_fingerprint(m.src_dir, m.artifact + settings_key(m.compiler));
    if (!upstream) return upstream.error();
    salt += *upstream;
  }
  salt += settings_key(project.main_compiler);
  for (const std::string& root : project.main_compiler.extra_source_roots) {
    auto extra = sources_fingerprint(root, root);
    if (!extra) return extra.error();
    salt += *extra;
  }
  return sources_fingerprint(project.src_dir, salt);
}

std::optional<std::string> read_stamp(const std::string& root, std::string_view name) {
  fs::path path = stamp_path(root, name);
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  auto content = java::read_file(path.string());
  if (!content) return std::nullopt;
  return *content;
}

Status write_stamp(const std::string& root, std::string_view name, std::string_view value) {
  fs::path path = stamp_path(root, name);
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec) return Error{path.parent_path().string() + ": cannot create folder: " + ec.message()};
  std::random_device random;
  fs::path temp = path;
  temp += ".tmp" + std::to_string(random());
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out.write(value.data(), static_cast<std::streamsize>(value.size()));
    if (!out.flush()) {
      fs::remove(temp, ec);
      return Error{temp.string() + ": cannot write stamp"};
    }
  }
  fs::rename(temp, path, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    return Error{path.string() + ": cannot write stamp: " + ec.message()};
  }
  return ok_status();
}

}  // namespace panta::project
