#include "junit/member.h"

#include <array>
#include <utility>

namespace panta::junit {
namespace {

constexpr std::array<std::pair<MemberKind, std::string_view>, 5> kKinds = {{
    {MemberKind::kField, "field"},
    {MemberKind::kMethod, "method"},
    {MemberKind::kType, "type"},
    {MemberKind::kConstructor, "ctor"},
    {MemberKind::kInitializer, "init"},
}};

}  // namespace

std::vector<std::string> MemberKey::declared() const {
  std::vector<std::string> out;
  switch (kind) {
    case MemberKind::kMethod:
      out.push_back(name.substr(0, name.find('(')));
      break;
    case MemberKind::kField:
      for (size_t at = 0; at <= name.size();) {
        size_t comma = name.find(',', at);
        out.push_back(name.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
        if (comma == std::string::npos) break;
        at = comma + 1;
      }
      break;
    case MemberKind::kType:
      out.push_back(name);
      break;
    case MemberKind::kConstructor:
    case MemberKind::kInitializer:
      break;
  }
  return out;
}

std::string MemberKey::label() const {
  switch (kind) {
    case MemberKind::kMethod:
      return "helper " + name;
    case MemberKind::kField:
      return "field " + name;
    case MemberKind::kType:
      return "nested type " + name;
    case MemberKind::kConstructor:
      return "constructor " + name;
    case MemberKind::kInitializer:
      break;
  }
  return "initializer";
}

std::string MemberKey::text() const {
  for (const auto& [k, word] : kKinds) {
    if (k == kind) return std::string(word) + ":" + name;
  }
  return name;
}

std::optional<MemberKey> MemberKey::from_text(std::string_view text) {
  size_t colon = text.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  for (const auto& [k, word] : kKinds) {
    if (text.substr(0, colon) == word) return MemberKey{k, std::string(text.substr(colon + 1))};
  }
  return std::nullopt;
}

}  // namespace panta::junit
