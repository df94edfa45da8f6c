#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace panta {

/// The candidate nearest to `word` when it is near enough to be a slip of the keyboard (an edit
/// distance of at most a third of its length and at least 1, or a prefix of it), "" when none
/// is or the word has fewer than 3 characters besides its dashes. Ties go to the first.
std::string nearest(std::string_view word, const std::vector<std::string>& candidates);

/// Levenshtein's distance between `a` and `b` (insertions, deletions, substitutions).
size_t edit_distance(std::string_view a, std::string_view b);

}  // namespace panta
