#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "java/java_file.h"

namespace panta::java {

/// What a parsed file's syntax tree says of its lines, read in one walk: the structural
/// questions the engine asks of the class under test (which statement a line begins, what a
/// switch switches on, a variable's declared type), answered from the tree, not the text.
class LineFacts {
 public:
  explicit LineFacts(const JavaFile& file);
  LineFacts() = default;  ///< Of a file that could not be parsed: nothing holds.

  /// A class, enum, record or interface is declared on `line` (its name is there).
  bool declares_type(uint32_t line) const;
  /// A `break` or `continue` statement begins on `line`.
  bool jumps(uint32_t line) const;
  /// A `catch (...)` clause begins on `line`.
  bool catch_head(uint32_t line) const;
  /// The line of the first statement in the body of the catch clause beginning on `line`, 0
  /// when there is none.
  uint32_t catch_body(uint32_t line) const;
  /// The condition of the decision beginning on `line` has a `||` (not in a lambda's body).
  bool condition_has_or(uint32_t line) const;
  /// The last line of the outermost statement or declaration beginning on `line` (`line`
  /// when none does).
  uint32_t statement_end(uint32_t line) const;
  /// An `assert` statement begins on `line`.
  bool asserts(uint32_t line) const;
  /// The names of the methods called and the types instantiated (`new Calc()`: "Calc") by the
  /// code on lines `first` to `last`.
  std::set<std::string> called_names(uint32_t first, uint32_t last) const;
  /// The variable a switch beginning on `line` switches on, "" when its selector is not a plain
  /// name (or no switch begins there).
  std::string switch_variable(uint32_t line) const;
  /// The declared type of the variable `name` as `line` sees it (its simple name, without type
  /// arguments): the nearest parameter, local or field declared at or before `line` in the
  /// same method or class, else any declaration of it; "" when there is none.
  std::string declared_type(const std::string& name, uint32_t line) const;

 private:
  struct Declaration {
    uint32_t line;
    bool member;           // a field: visible in its whole class, before its line too
    uint32_t scope_begin;  // the lines of the method or class body it is visible in
    uint32_t scope_end;
    std::string type;
  };
  // A parameter, local or field `n` declares, when it is one.
  void add_declaration(const SourceText& src, TSNode n);

  std::set<uint32_t> types_;
  std::set<uint32_t> jumps_;
  std::map<uint32_t, uint32_t> catches_;  // head line -> its body's first statement's line
  std::map<uint32_t, std::string> switch_variables_;
  std::set<uint32_t> or_conditions_;
  std::map<uint32_t, uint32_t> statement_ends_;
  std::set<uint32_t> asserts_;
  std::multimap<uint32_t, std::string> calls_;  // line -> a name called there
  std::multimap<std::string, Declaration> declarations_;
};

/// The names of the methods called and the types instantiated by `members` (Java: methods or
/// other member declarations, e.g. tests), read from their syntax tree.
std::set<std::string> names_called_in(const std::string& members);

}  // namespace panta::java
