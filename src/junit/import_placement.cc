#include "junit/import_placement.h"

#include <algorithm>

namespace panta::junit {
namespace {

bool is_static(const std::string& import) {
  return import.starts_with("import static ");
}

// "import static a.b.C.m;" -> "a.b.C.m".
std::string path_of(const std::string& import) {
  std::string path = import.substr(import.rfind(' ') + 1);
  if (!path.empty() && path.back() == ';') path.pop_back();
  return path;
}

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
    if (is_static(d.text) != statics) {
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
      size_t shared = shared_names(path_of(d->text), path);
      if (shared > most) most = shared, best = &g;
    }
  }
  if (most > 0) return *best;
  for (const Group& g : groups) {
    if (path_of(g.front()->text) < path) best = &g;
  }
  return *best;
}

Insertion into_group(const Group& group, const std::string& import) {
  std::string path = path_of(import);
  bool sorted = std::is_sorted(group.begin(), group.end(), [](const auto* a, const auto* b) {
    return path_of(a->text) < path_of(b->text);
  });
  if (sorted) {
    for (const ImportDecl* d : group) {
      if (path < path_of(d->text)) return {d->start, import + "\n"};
    }
  }
  return {group.back()->end, "\n" + import};
}

}  // namespace

std::optional<Insertion> place_import(const std::string& import,
                                      const std::vector<ImportDecl>& existing,
                                      std::optional<uint32_t> package_end, bool static_last) {
  for (const ImportDecl& d : existing) {
    if (d.text == import) return std::nullopt;
  }
  bool statics = is_static(import);
  std::vector<Group> groups = groups_of(existing, statics);
  if (!groups.empty()) return into_group(best_group(groups, path_of(import)), import);
  if (!existing.empty()) {
    // Only the other kind: static ones before them unless the project puts them last.
    bool first = statics != static_last;
    if (first) return Insertion{existing.front().start, import + "\n\n"};
    return Insertion{existing.back().end, "\n\n" + import};
  }
  if (package_end) return Insertion{*package_end, "\n\n" + import};
  return Insertion{0, import + "\n\n"};
}

}  // namespace panta::junit
