#pragma once

#include <tree_sitter/api.h>

#include "cfg/cfg.h"
#include "core/result.h"
#include "java/source_text.h"

namespace panta::cfg {

/// Deepest statement nesting the builder follows; deeper bodies fail with an error.
inline constexpr int kMaxNesting = 4000;
/// Largest CFG the builder makes; larger ones (nested finally blocks multiply) fail.
inline constexpr size_t kMaxNodes = 200'000;

/// Builds the statement-level CFG of a method or constructor body (a `block` or
/// `constructor_body` node): basic blocks, a decision per `if`, loop, `switch` and `try` with
/// catch clauses, `finally` copied onto every path through its `try` (as javac does).
/// Lambda and local/anonymous class bodies are opaque parts of their statement.
/// Fails when statements nest deeper than kMaxNesting or the graph passes kMaxNodes. Linear in the
/// size of the body.
Result<Graph> build_cfg(const java::SourceText& source, TSNode body);

}  // namespace panta::cfg
