#include "junit/import_placement.h"

#include <algorithm>
#include <cctype>

namespace panta::junit {
namespace {

// How many leading dot-separated names `a` and `b` share.
size_t shared_names(const std::string& a, const std::string& b) {
  size_t shared = 0;
  size_t i = 0;
  for (;;) {
    size_t ea = a.find('.', i);
    size_t eb = b.find('.', i);
    if (ea != eb || a.compare(i, ea - i, b, i, eb - i) != 0) return shared;
    ++shared;
    if (ea == std::string::npos) return shared;
    i = ea + 1;
  }
}

using Group = std::vector<const ImportDecl*>;

// The imports of one kind in groups: a group ends at a blank line or an import of the other kind.
std::vector<Group> groups_of(const std::vector<ImportDecl>& existing, bool statics) {
  std::vector<Group> groups;
  const ImportDecl* previous = nullptr;
  for (const ImportDecl& d : existing) {
    if (d.is_static != statics) {
      previous = nullptr;
      continue;
    }
    if (previous == nullptr || d.first_row > previous->last_row + 1) groups.emplace_back();
    groups.back().push_back(&d);
    previous = &d;
  }
  return groups;
}

// The group `path` belongs to: the one sharing most leading names with it; when none shares
// any, the last whose first import sorts before it (the first group when none does).
const Group& best_group(const std::vector<Group>& groups, const std::string& path) {
  const Group* best = &groups.front();
  size_t most = 0;
  for (const Group& g : groups) {
    for (const ImportDecl* d : g) {
      size_t shared = shared_names(d->path, path);
      if (shared > most) most = shared, best = &g;
    }
  }
  if (most > 0) return *best;
  for (const Group& g : groups) {
    if (g.front()->path < path) best = &g;
  }
  return *best;
}

Insertion into_group(const Group& group, const std::string& path, const std::string& import) {
  bool sorted = std::is_sorted(group.begin(), group.end(),
                               [](const auto* a, const auto* b) { return a->path < b->path; });
  if (sorted) {
    for (const ImportDecl* d : group) {
      if (path < d->path) return {d->start, import + "\n"};
    }
  }
  return {group.back()->end, "\n" + import};
}

}  // namespace

std::optional<ImportDecl> parse_import(std::string_view text) {
  auto skip = [&text](size_t at) {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at]))) ++at;
    return at;
  };
  auto word = [&text](size_t at, std::string_view w) {
    return text.substr(at, w.size()) == w &&
           (at + w.size() == text.size() ||
            std::isspace(static_cast<unsigned char>(text[at + w.size()])));
  };
  size_t at = skip(0);
  if (!word(at, "import")) return std::nullopt;
  at = skip(at + 6);
  ImportDecl out;
  if (word(at, "static")) out.is_static = true, at = skip(at + 6);
  for (; at < text.size() && text[at] != ';'; ++at) {
    char c = text[at];
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '_' && c != '$' &&
        c != '*' && static_cast<unsigned char>(c) < 0x80)
      return std::nullopt;
    out.path += c;
  }
  if (at >= text.size() || out.path.empty() || skip(at + 1) != text.size()) return std::nullopt;
  return out;
}

std::optional<Insertion> place_import(const std::string& import,
                                      const std::vector<ImportDecl>& existing,
                                      std::optional<uint32_t> package_end, bool static_last) {
  auto wanted = parse_import(import);
  if (!wanted) return std::nullopt;
  for (const ImportDecl& d : existing) {
    if (d.path == wanted->path && d.is_static == wanted->is_static) return std::nullopt;
  }
  std::vector<Group> groups = groups_of(existing, wanted->is_static);
  if (!groups.empty()) return into_group(best_group(groups, wanted->path), wanted->path, import);
  if (!existing.empty()) {
    // Only the other kind: static ones before them unless the project puts them last.
    bool first = wanted->is_static != static_last;
    if (first) return Insertion{existing.front().start, import + "\n\n"};
    return Insertion{existing.back().end, "\n\n" + import};
  }
  if (package_end) return Insertion{*package_end, "\n\n" + import};
  return Insertion{0, import + "\n\n"};
}

}  // namespace panta::junit
