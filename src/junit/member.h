#pragma once

#include <compare>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace panta::junit {

/// What kind of declaration a test class's member is (its tests aside).
enum class MemberKind { kField, kMethod, kType, kConstructor, kInitializer };

/// The name a member is known by: its kind, and what tells it from its namesakes.
struct MemberKey {
  MemberKind kind = MemberKind::kMethod;
  /// The fields' names ("a,b"), a method's name and parameters ("f(int x)": overloads are other
  /// members), a type's name, a constructor's parameters ("(int x)"), an initializer's code.
  std::string name;

  /// The names it declares: a, b of "a,b"; f of "f(int x)"; T; none for a constructor or an
  /// initializer.
  std::vector<std::string> declared() const;
  /// How an event names it: "helper f(int x)", "field a,b", "nested type T", ...
  std::string label() const;
  /// "method:f(int x)": the form a journal keeps; from_text reads it back.
  std::string text() const;
  static std::optional<MemberKey> from_text(std::string_view text);

  auto operator<=>(const MemberKey&) const = default;
};

/// A member and its whole declaration.
struct Member {
  MemberKey key;
  std::string code;
};

using Members = std::vector<Member>;

}  // namespace panta::junit
