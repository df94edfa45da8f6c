#pragma once

#include <string>
#include <utility>
#include <variant>

namespace panta {

/// The failures callers act on differently; everything else is kOther.
enum class ErrorKind {
  kOther,
  kNothingToTest,  ///< The class has no method under test (interfaces, only accessors).
  kDryRun,         ///< --dry-run: the first prompt went to its sink instead of to a model.
  kUnresolved,     ///< A build tool could not resolve the project (offline, not installed).
  kRepeated,       ///< The prompt is one the model has answered already (not sent again).
};

/// An expected failure a user can cause: a message naming the file, line or setting at fault.
struct Error {
  std::string message;
  ErrorKind kind = ErrorKind::kOther;
};

/// A value or an Error. Used for everything that can fail because of input or environment.
template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::move(value)) {}      // NOLINT(google-explicit-constructor)
  Result(Error error) : state_(std::move(error)) {}  // NOLINT(google-explicit-constructor)

  bool ok() const { return std::holds_alternative<T>(state_); }
  explicit operator bool() const { return ok(); }

  T& value() & { return std::get<T>(state_); }
  const T& value() const& { return std::get<T>(state_); }
  T&& value() && { return std::get<T>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const Error& error() const { return std::get<Error>(state_); }

 private:
  std::variant<T, Error> state_;
};

/// Result of an operation that yields nothing on success.
struct Unit {};
using Status = Result<Unit>;
inline Status ok_status() {
  return Unit{};
}

}  // namespace panta
