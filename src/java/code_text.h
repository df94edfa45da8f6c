#pragma once

#include <tree_sitter/api.h>

#include <string>
#include <vector>

#include "java/source_text.h"

namespace panta::java {

/// The code of `node` between bytes `begin` and `end` on one line, as paths show it: tokens
/// joined by one space wherever the source had whitespace or a comment between them, comments
/// dropped, string and character literals kept verbatim (a text block's line breaks as "\n"),
/// and each node of `elide` shown as "{ ... }". Cut to `max_bytes` at a character boundary,
/// marked with "...". Iterative: deep expressions cost no stack.
std::string code_text(const SourceText& source, TSNode node, uint32_t begin, uint32_t end,
                      const std::vector<TSNode>& elide = {}, size_t max_bytes = 200);

/// code_text over the whole node.
std::string code_text(const SourceText& source, TSNode node);

}  // namespace panta::java
