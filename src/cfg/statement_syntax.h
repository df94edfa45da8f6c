#pragma once

#include <tree_sitter/api.h>

#include <string>

#include "cfg/cfg.h"

namespace panta::cfg {

/// A CFG statement headed on `node`'s line whose syntax node is `spanned`; without one (a `for`
/// without condition, a `try` without resources) it spans the head's line only.
Statement statement_of(TSNode node, StatementKind kind, std::string text, TSNode spanned);

/// The kind of a straight-line statement's node: a return, throw, yield or a plain one.
StatementKind statement_kind(TSNode node);

/// A condition that is the literal `true` or `false` (in parentheses or not); kNone for any
/// other, and for a null node.
Constant constant_of(TSNode condition);

}  // namespace panta::cfg
