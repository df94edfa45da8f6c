#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "engine/parsed_java.h"

// How the focused context shows a declaration of a project type: its head on one line, its
// modifiers, the constructor javac adds, the exceptions a method throws itself.
namespace panta::engine {

/// Whether the declaration has the modifier `word` ("private", "abstract").
bool has_modifier(const Parsed& p, TSNode decl, std::string_view word);

/// has_modifier(p, decl, "private").
bool is_private_decl(const Parsed& p, TSNode decl);

/// The constructor javac adds to a class that declares none, as a test may call it ("public
/// Token() // implicit"), or "" (a class with a constructor, an abstract one, another kind).
std::string implicit_constructor(const Parsed& p, TSNode decl, const std::string& name);

/// A declaration up to its body, on one line, without its Javadoc.
std::string declaration_head(const Parsed& p, TSNode decl);

/// A member's head; a field's initializer only when the whole is short (`= INVALID`, `= '\t'`:
/// a value a test may use), else "= ..." (a format's 18 constructor arguments are not its API);
/// a method's or constructor's own unchecked exceptions after it (`// throws X`, with the message
/// it is always made with: `// throws X("must not be null")`), their names added to `thrown`.
std::string member_head(const Parsed& p, TSNode decl, std::set<std::string>& thrown);

/// What a constructor's or method's body tells a test beyond its head, as lines to show under
/// it: the checks it makes first (`if (cents < 0) throw new IllegalArgumentException("negative: " +
/// cents)`, `Objects.requireNonNull(name, "name")`), and the message it gives its superclass when
/// that is built (`super(String.format("%s at %d:%d", message, line, column))`: an exception's
/// message format). Short ones only.
std::vector<std::string> constructor_facts(const Parsed& p, TSNode decl);

/// A method's body on one line when it has at most `max_lines` lines and fits in about 200
/// characters (`{ return cents == 0; }`), else "".
std::string short_body(const Parsed& p, TSNode decl, uint32_t max_lines);

/// The short initializers of a class body's private instance fields (`maxItems = 20`,
/// `currency = "EUR"`): the defaults its accessors give.
std::vector<std::string> private_field_defaults(const Parsed& p, TSNode body);

/// The name a member declares: a method's, a type's, a field's first variable's.
std::string member_name(const Parsed& p, TSNode m);

}  // namespace panta::engine
