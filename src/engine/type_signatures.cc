#include "engine/type_signatures.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "engine/member_heads.h"
#include "engine/parsed_java.h"
#include "java/source_text.h"
#include "java/syntax_tree.h"
#include "java/text_encoding.h"

namespace panta::engine {
namespace {

namespace fs = std::filesystem;
using java::field;
using java::named_children;
using java::node_type;

using java::is_type_declaration;

// The type names under `n` (all of it but a method's or class's body), first use first.
void type_names_in(const Parsed& p, TSNode n, std::vector<std::string>& out) {
  std::vector<TSNode> work = {n};
  while (!work.empty()) {
    TSNode x = work.back();
    work.pop_back();
    if (node_type(x) == "type_identifier") {
      std::string name(java::node_text(p.text, x));
      if (std::find(out.begin(), out.end(), name) == out.end()) out.push_back(name);
    }
    TSNode body = field(x, "body");
    for (uint32_t i = ts_node_named_child_count(x); i-- > 0;) {
      TSNode c = ts_node_named_child(x, i);
      if (!ts_node_eq(c, body)) work.push_back(c);
    }
  }
}

// The type names a test must know to use the class: those in the declarations (not the
// bodies) of its non-private constructors, methods and fields, and its supertypes, in order.
std::vector<std::string> used_names(const Parsed& p) {
  std::vector<std::string> out;
  std::set<std::string> declared;
  visit(p.tree.root(), [&](TSNode n) {
    std::string_view t = node_type(n);
    if (is_type_declaration(t)) {
      declared.insert(std::string(java::node_text(p.text, field(n, "name"))));
      for (const char* f : {"superclass", "interfaces"}) {
        if (!ts_node_is_null(field(n, f))) type_names_in(p, field(n, f), out);
      }
    }
    bool member =
        t == "method_declaration" || t == "constructor_declaration" || t == "field_declaration";
    if (member && !is_private_decl(p, n)) type_names_in(p, n, out);
    return !member;  // a member's body is the class's own business
  });
  std::erase_if(out, [&declared](const std::string& n) {
    return declared.count(n) != 0 || n.empty() || !std::isupper(static_cast<unsigned char>(n[0]));
  });
  return out;
}

// Members of a type a source uses: std::nullopt for all of them (it names the type itself: a
// local's type, `new Token()`), else those it names through the type (`Validate.notNull(x)`).
using Members = std::optional<std::set<std::string>>;

void use_members(std::vector<std::pair<std::string, Members>>& out, const std::string& name,
                 const std::string& member) {
  if (name.empty() || !std::isupper(static_cast<unsigned char>(name[0]))) return;
  auto at =
      std::find_if(out.begin(), out.end(), [&name](const auto& e) { return e.first == name; });
  if (at == out.end()) {
    out.emplace_back(name, member.empty() ? Members() : Members(std::set<std::string>{member}));
  } else if (member.empty()) {
    at->second.reset();
  } else if (at->second) {
    at->second->insert(member);
  }
}

// The names of the methods the source calls and the fields it reads through an object
// (`format.getDelimiterString()`, `token.content`).
std::set<std::string> called_names(const Parsed& p) {
  std::set<std::string> out;
  visit(p.tree.root(), [&](TSNode n) {
    std::string_view t = node_type(n);
    TSNode name = t == "method_invocation" ? field(n, "name")
                  : t == "field_access"    ? field(n, "field")
                                           : TSNode{};
    if (!ts_node_is_null(name)) out.insert(std::string(java::node_text(p.text, name)));
    return true;
  });
  return out;
}

// The type names the class's code uses beyond its declarations, first use first: in bodies and
// initializers (`new Token()`, a local's type, a cast: all its members) and as the receiver of
// a static call or field (`Validate.notNull(x)`, `Constants.CRLF`: those members).
std::vector<std::pair<std::string, Members>> body_names(const Parsed& p) {
  std::vector<std::pair<std::string, Members>> out;
  visit(p.tree.root(), [&](TSNode n) {
    std::string_view t = node_type(n);
    if (t == "import_declaration" || t == "package_declaration") return false;
    if (t == "type_identifier") use_members(out, std::string(java::node_text(p.text, n)), "");
    if (t == "method_invocation" || t == "field_access") {
      TSNode object = field(n, "object");
      TSNode member = field(n, t == "field_access" ? "field" : "name");
      if (!ts_node_is_null(object) && node_type(object) == "identifier" && !ts_node_is_null(member))
        use_members(out, std::string(java::node_text(p.text, object)),
                    std::string(java::node_text(p.text, member)));
    }
    return true;
  });
  return out;
}

struct Imports {
  std::map<std::string, std::string> single;                        // simple name -> FQN
  std::vector<std::string> packages;                                // of wildcard imports
  std::vector<std::pair<std::string, std::string>> static_members;  // owner FQN, member or *
};

Imports imports_of(const Parsed& p) {
  Imports out;
  for (TSNode c : named_children(p.tree.root())) {
    if (node_type(c) != "import_declaration") continue;
    std::string text = java::collapse_whitespace(java::node_text(p.text, c));
    if (text.rfind("import static ", 0) == 0) {
      std::string path = text.substr(14, text.size() - 15);  // a.b.C.X or a.b.C.*
      out.static_members.emplace_back(path.substr(0, path.rfind('.')),
                                      path.substr(path.rfind('.') + 1));
      continue;
    }
    std::string path = text.substr(7, text.size() - 8);
    if (path.ends_with(".*")) {
      out.packages.push_back(path.substr(0, path.size() - 2));
    } else {
      out.single[path.substr(path.rfind('.') + 1)] = path;
    }
  }
  return out;
}

// The top-level type of the static import owner a.b.C or a.b.C.Nested: the longest prefix that
// is a file of the project; {"", ""} when none is.
std::pair<std::string, std::string> static_owner_file(const std::string& owner,
                                                      const project::Project& project) {
  for (std::string fqn = owner; !fqn.empty();) {
    std::string file = project.source_file_for(fqn);
    std::error_code ec;
    if (fs::is_regular_file(file, ec)) return {fqn, file};
    size_t dot = fqn.rfind('.');
    fqn = dot == std::string::npos ? "" : fqn.substr(0, dot);
  }
  return {"", ""};
}

// The project file of a type named `name` as the source sees it, "" when it is not the
// project's; `same_package` tells how it was found. A nested type imported by its name
// (`import org.jsoup.nodes.Document.OutputSettings;`) is in its top-level type's file.
std::string resolve(const std::string& name, const Imports& imports, const std::string& package,
                    const project::Project& project, bool& same_package) {
  std::vector<std::pair<std::string, bool>> candidates;
  if (auto s = imports.single.find(name); s != imports.single.end()) {
    candidates.emplace_back(s->second, false);
  } else {
    candidates.emplace_back(package.empty() ? name : package + "." + name, true);
    for (const std::string& w : imports.packages) candidates.emplace_back(w + "." + name, false);
  }
  for (const auto& [fqn, same] : candidates) {
    std::string file = project.source_file_for(fqn);
    std::error_code ec;
    if (fs::is_regular_file(file, ec)) {
      same_package = same;
      return file;
    }
  }
  if (auto s = imports.single.find(name); s != imports.single.end()) {
    same_package = false;
    return static_owner_file(s->second, project).second;
  }
  return "";
}

// A type whose values do not change: a record, an enum, a class whose instance fields are all
// final. The short methods of such a type the class calls are shown with their bodies.
bool is_value_type(const Parsed& p, TSNode decl) {
  std::string_view t = node_type(decl);
  if (t == "record_declaration" || t == "enum_declaration") return true;
  if (t != "class_declaration") return false;
  bool any = false;
  for (TSNode m : named_children(field(decl, "body"))) {
    if (node_type(m) != "field_declaration" || has_modifier(p, m, "static")) continue;
    if (!has_modifier(p, m, "final")) return false;
    any = true;
  }
  return any;
}

// A member's line of an outline, and what its body tells a test: a constructor's checks and the
// message it builds under it, the body of a short method of a value type the class calls.
std::string member_lines(const Parsed& p, TSNode m, const std::string& indent, bool value_type,
                         const std::set<std::string>* called, std::set<std::string>& thrown) {
  constexpr uint32_t kShortMethod = 10;  // lines
  std::string_view t = node_type(m);
  std::string head = member_head(p, m, thrown);
  if (t == "method_declaration" && value_type && called != nullptr &&
      called->count(member_name(p, m)) > 0) {
    std::string body = short_body(p, m, kShortMethod);
    if (!body.empty()) head = head.substr(0, head.find(" // throws ")) + " " + body;
  }
  if (t == "compact_constructor_declaration") {  // `public Money`: the record's parameters
    TSNode record = ts_node_parent(ts_node_parent(m));
    if (!ts_node_is_null(record) && node_type(record) == "record_declaration")
      head += java::collapse_whitespace(java::node_text(p.text, field(record, "parameters"))) +
              " // compact";
  }
  std::string out = indent + "  " + head + "\n";
  if (t == "constructor_declaration" || t == "compact_constructor_declaration" ||
      t == "method_declaration") {
    for (const std::string& fact : constructor_facts(p, m)) out += indent + "    // " + fact + "\n";
  }
  return out;
}

// The outline of a type: its declaration, then its non-private members (only those `only`
// names when it is not null; no constructor then; none when it is empty, the defaults its
// private fields get still), the defaults its private fields get, enum
// constants last. The exceptions its members throw themselves are added to `thrown`.
void outline_type(const Parsed& p, TSNode decl, const std::string& indent, std::string& out,
                  const std::set<std::string>* only, const std::set<std::string>* first,
                  std::set<std::string>& thrown) {
  auto wanted = [&](TSNode m) {
    return only == nullptr ||
           (node_type(m) != "constructor_declaration" && only->count(member_name(p, m)) > 0);
  };
  std::string named;  // the members `first` names, before the others
  std::string others;
  auto into = [&](TSNode m) -> std::string& {
    return first != nullptr && first->count(member_name(p, m)) > 0 ? named : others;
  };
  std::string declaration = declaration_head(p, decl);
  out += indent + declaration + "\n";
  TSNode body = field(decl, "body");
  std::string name(java::node_text(p.text, field(decl, "name")));
  if (ts_node_is_null(body)) return;
  bool value_type = is_value_type(p, decl);
  std::vector<std::string> constants;
  if (std::string implicit = implicit_constructor(p, decl, name); !implicit.empty() && !only) {
    others += indent + "  " + implicit + "\n";
  }
  for (TSNode m : named_children(body)) {
    std::string_view t = node_type(m);
    if (t == "enum_constant") {
      if (wanted(m)) constants.emplace_back(java::node_text(p.text, field(m, "name")));
      continue;
    }
    if (t == "enum_body_declarations") {
      for (TSNode d : named_children(m)) {
        if (!is_private_decl(p, d) && wanted(d) &&
            (node_type(d) == "method_declaration" || node_type(d) == "constructor_declaration" ||
             node_type(d) == "field_declaration"))
          into(d) += member_lines(p, d, indent, value_type, first, thrown);
      }
      continue;
    }
    if (is_private_decl(p, m) || !wanted(m)) continue;
    if (is_type_declaration(t)) {
      outline_type(p, m, indent + "  ", into(m), nullptr, first, thrown);
    } else if (t == "method_declaration" || t == "constructor_declaration" ||
               t == "field_declaration" || t == "constant_declaration" ||
               t == "compact_constructor_declaration") {
      into(m) += member_lines(p, m, indent, value_type, first, thrown);
    }
  }
  out += named + others;
  if (!only || only->empty()) {  // all members, or none (listed elsewhere): the defaults
    std::string defaults;
    for (const std::string& d : private_field_defaults(p, body))
      defaults += (defaults.empty() ? "" : ", ") + d;
    if (!defaults.empty()) out += indent + "  // private fields start as: " + defaults + "\n";
  }
  if (!constants.empty()) {
    std::string list;
    for (const std::string& c : constants) list += (list.empty() ? "" : ", ") + c;
    out += indent + "  constants: " + list + "\n";
  }
}

// The outline of the declarations of `file` named `name` (the file's top-level type), of the
// members `only` names when it is not null, those `first` names before the others; the
// exceptions its members throw themselves added to `thrown`.
std::string outline_file(ParsedFiles& files, const std::string& file, const std::string& name,
                         const std::set<std::string>* only, const std::set<std::string>* first,
                         std::set<std::string>& thrown) {
  const Parsed* p = files.get(file);
  if (p == nullptr) return "";
  std::string out;
  auto named = [&](TSNode c) {
    return is_type_declaration(node_type(c)) && java::node_text(p->text, field(c, "name")) == name;
  };
  for (TSNode c : named_children(p->tree.root())) {
    if (named(c)) outline_type(*p, c, "", out, only, first, thrown);
  }
  if (!out.empty()) return out;
  // A nested type of the file's top-level one, imported by its own name: the first so named.
  std::string outer;
  visit(p->tree.root(), [&](TSNode n) {
    if (!out.empty()) return false;
    if (named(n) && !outer.empty()) {
      outline_type(*p, n, "", out, only, first, thrown);
      out.insert(out.find('\n'), " // nested in " + outer);
      return false;
    }
    if (is_type_declaration(node_type(n)) && outer.empty())
      outer = std::string(java::node_text(p->text, field(n, "name")));
    return true;
  });
  return out;
}

// The enums declared in `n` and below it, with their constants.
void collect_enums(const Parsed& p, TSNode n,
                   std::map<std::string, std::vector<std::string>>& out) {
  for (TSNode c : named_children(n)) {
    if (node_type(c) == "enum_declaration") {
      std::vector<std::string>& constants =
          out[std::string(java::node_text(p.text, field(c, "name")))];
      for (TSNode m : named_children(field(c, "body"))) {
        if (node_type(m) == "enum_constant") {
          constants.emplace_back(java::node_text(p.text, field(m, "name")));
        }
      }
    }
    if (is_type_declaration(node_type(c)) || node_type(c).ends_with("_body") ||
        node_type(c) == "enum_body_declarations") {
      collect_enums(p, c, out);
    }
  }
}

// The names of the types declared in `n` and below it.
void collect_declared(const Parsed& p, TSNode n, std::set<std::string>& out) {
  visit(n, [&](TSNode x) {
    if (is_type_declaration(node_type(x)))
      out.insert(std::string(java::node_text(p.text, field(x, "name"))));
    return true;
  });
}

}  // namespace

std::map<std::string, std::vector<std::string>> enum_constants(const std::string& source,
                                                               const std::string& package,
                                                               const project::Project& project) {
  auto p = parse(source);
  if (!p) return {};
  return enum_constants(*p, package, project);
}

std::map<std::string, std::vector<std::string>> enum_constants(const Parsed& unit,
                                                               const std::string& package,
                                                               const project::Project& project) {
  std::map<std::string, std::vector<std::string>> out;
  const Parsed* p = &unit;
  collect_enums(*p, p->tree.root(), out);
  Imports imports = imports_of(*p);
  ParsedFiles files(project.encoding);
  for (const std::string& name : used_names(*p)) {
    if (out.count(name) > 0) continue;
    bool same = false;
    std::string file = resolve(name, imports, package, project, same);
    const Parsed* other = file.empty() ? nullptr : files.get(file);
    if (other == nullptr) continue;
    std::map<std::string, std::vector<std::string>> found;
    collect_enums(*other, other->tree.root(), found);
    if (auto e = found.find(name); e != found.end()) out[name] = e->second;
  }
  return out;
}

namespace {

struct UsedType {
  std::string name;
  std::string file;
  Members only;  ///< The members to show; all when empty
};
using Named = std::vector<UsedType>;

// The superclass a top-level class `name` of `p` (its first class when "") extends
// ("AbstractHashedMap" of `extends AbstractHashedMap<K, V>`), "" when none.
std::string superclass_of(const Parsed& p, const std::string& name) {
  for (TSNode c : named_children(p.tree.root())) {
    if (node_type(c) != "class_declaration" ||
        (!name.empty() && java::node_text(p.text, field(c, "name")) != name))
      continue;
    TSNode super = field(c, "superclass");
    if (ts_node_is_null(super)) return "";
    std::vector<std::string> names;
    type_names_in(p, super, names);
    return names.empty() ? "" : names.front();
  }
  return "";
}

// The identifiers `p` uses: what it may name of an inherited type without its name (`data`,
// `modCount`, `hashIndex(...)`).
std::set<std::string> identifiers(const Parsed& p) {
  std::set<std::string> out;
  visit(p.tree.root(), [&](TSNode n) {
    if (node_type(n) == "identifier") out.insert(std::string(java::node_text(p.text, n)));
    return true;
  });
  return out;
}

// The project's classes above the class's own superclass (`LRUMap extends AbstractLinkedMap
// extends AbstractHashedMap`), up to three, each resolved as the file below it sees it, with
// only the members the class names: the inherited fields and methods its code uses.
void add_ancestors(const Parsed& p, const std::string& package, const project::Project& project,
                   ParsedFiles& parsed, std::set<std::string>& files, Named& out) {
  // `files`: the types shown already, as "file#Name"
  std::string name = superclass_of(p, "");
  bool same = false;
  std::string file = name.empty() ? "" : resolve(name, imports_of(p), package, project, same);
  std::set<std::string> named = identifiers(p);
  for (int depth = 0; depth < 3 && !file.empty(); ++depth) {
    const Parsed* above = parsed.get(file);
    if (above == nullptr) return;
    name = superclass_of(*above, name);
    file = name.empty() ? "" : resolve(name, imports_of(*above), package_of(*above), project, same);
    if (!file.empty() && files.insert(file + "#" + name).second) out.push_back({name, file, named});
  }
}

// The types whose members the source imports statically (`import static a.Token.Type.EOF;`),
// into `near` (same package) or `far`, those members only when the import names the type itself
// (else the whole type); a type of a file shown already is left out (its outline shows it).
void add_static_owners(const Imports& imports, const std::string& package,
                       const project::Project& project, const std::set<std::string>& declared,
                       std::set<std::string>& files, Named& near_code, Named& far_code) {
  for (const auto& [owner, member] : imports.static_members) {
    auto [fqn, file] = static_owner_file(owner, project);
    std::string name = fqn.substr(fqn.rfind('.') + 1);
    if (file.empty() || declared.count(name) > 0) continue;
    // A member of a nested type (`Token.Type.EOF`), or all of them (`.*`): the whole type.
    Members only;
    if (fqn == owner && member != "*") only = std::set<std::string>{member};
    Named& group = fqn == (package.empty() ? name : package + "." + name) ? near_code : far_code;
    auto at = std::find_if(group.begin(), group.end(),
                           [&](const UsedType& u) { return u.file == file && u.name == name; });
    if (at != group.end()) {
      if (!only)
        at->only.reset();
      else if (at->only)
        at->only->insert(member);
      continue;
    }
    // A type of a file shown already is in its outline (`Token.Type.EOF`: Token shows Type).
    auto shown = files.lower_bound(file + "#");
    if (shown != files.end() && shown->starts_with(file + "#")) continue;
    files.insert(file + "#" + name);
    group.push_back({name, file, only});
  }
}

// The project's types `p` uses, each once, in the order a prompt shows them: those of its
// declarations, then those only its code uses; within each, the same package first, then the
// others, each group by how often `source` names them.
Named used_type_files(const Parsed& p, const std::string& source, const std::string& package,
                      const project::Project& project, ParsedFiles& parsed) {
  Imports imports = imports_of(p);
  Named near, far, near_code, far_code;  // same package or not; in declarations or only code
  std::set<std::string> files;
  std::set<std::string> declared;  // the source's own types
  for (const std::string& name : used_names(p)) {
    bool same = false;
    std::string file = resolve(name, imports, package, project, same);
    if (!file.empty() && files.insert(file + "#" + name).second)
      (same ? near : far).push_back({name, file, std::nullopt});
  }
  collect_declared(p, p.tree.root(), declared);
  for (const auto& [name, only] : body_names(p)) {
    bool same = false;
    std::string file =
        declared.count(name) > 0 ? "" : resolve(name, imports, package, project, same);
    if (!file.empty() && files.insert(file + "#" + name).second)
      (same ? near_code : far_code).push_back({name, file, only});
  }
  add_static_owners(imports, package, project, declared, files, near_code, far_code);
  auto uses = [&source](const std::string& name) {
    auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    int n = 0;
    for (size_t at = source.find(name); at != std::string::npos; at = source.find(name, at + 1)) {
      bool alone = (at == 0 || !word(source[at - 1])) &&
                   (at + name.size() >= source.size() || !word(source[at + name.size()]));
      n += alone;
    }
    return n;
  };
  for (auto* group : {&near, &far, &near_code, &far_code}) {
    std::stable_sort(group->begin(), group->end(),
                     [&uses](const auto& a, const auto& b) { return uses(a.name) > uses(b.name); });
  }
  Named ancestors;
  add_ancestors(p, package, project, parsed, files, ancestors);
  for (auto* group : {&far, &near_code, &far_code, &ancestors})
    near.insert(near.end(), group->begin(), group->end());
  return near;
}

// The outlines within about `budget_chars`: first every type that fits whole, in order; then
// the room left goes to the larger ones, in order: a large type shows its first members, a
// type with no room at all only its name, in a last line.
std::string fit_outlines(const Named& types, std::vector<std::string> outlines,
                         size_t budget_chars) {
  std::vector<bool> whole(outlines.size(), false);
  size_t used = 0;
  for (size_t i = 0; i < outlines.size(); ++i) {
    if (!outlines[i].empty() && used + outlines[i].size() + 1 <= budget_chars) {
      whole[i] = true;
      used += outlines[i].size() + 1;
    }
  }
  std::string left_out;
  for (size_t i = 0; i < outlines.size(); ++i) {
    if (whole[i] || outlines[i].empty()) continue;
    size_t room = budget_chars > used + 1 ? budget_chars - used - 1 : 0;
    size_t cut = room < 200 ? std::string::npos : outlines[i].rfind('\n', room);
    if (cut == std::string::npos) {
      left_out += (left_out.empty() ? "" : ", ") + types[i].name;
      outlines[i].clear();
      continue;
    }
    size_t more =
        std::count(outlines[i].begin() + static_cast<long>(cut) + 1, outlines[i].end(), '\n');
    outlines[i] = fmt::format("{}  ... ({} more lines of {} left out for space)\n",
                              outlines[i].substr(0, cut + 1), more, types[i].name);
    used += outlines[i].size() + 1;
  }
  std::string out;
  for (const std::string& outline : outlines) {
    if (!outline.empty()) out += (out.empty() ? "" : "\n") + outline;
  }
  if (!left_out.empty()) out += fmt::format("\n(left out for space: {})\n", left_out);
  return out;
}

// The project's exceptions the members of `types` throw (`thrown`, per type: the names
// outline_file gave), resolved as the throwing type's file sees them, each as its declaration
// and package: what a test's assertThrows must import and may catch it as.
void add_thrown_types(Named& types, std::vector<std::string>& outlines,
                      const std::vector<std::set<std::string>>& thrown,
                      const project::Project& project, ParsedFiles& parsed) {
  std::set<std::string> files;
  for (const UsedType& t : types) files.insert(t.file);
  for (size_t i = 0, n = types.size(); i < n; ++i) {
    const Parsed* p = parsed.get(types[i].file);
    if (p == nullptr) continue;
    std::string package = package_of(*p);
    Imports imports = imports_of(*p);
    for (const std::string& name : thrown[i]) {
      bool same = false;
      std::string file = resolve(name, imports, package, project, same);
      if (file.empty() || !files.insert(file).second) continue;  // shown, or in a shown file
      std::set<std::string> unused;  // an exception's outline shows no members
      std::string head = outline_file(parsed, file, name, nullptr, nullptr, unused);
      if (head.empty()) continue;
      if (std::string in = package_of(*parsed.get(file)); !in.empty()) {
        head.insert(head.find('\n'), " // in package " + in);
      }
      types.push_back({name, file, std::nullopt});
      outlines.push_back(std::move(head));
    }
  }
}

}  // namespace

std::string used_type_signatures(const std::string& source, const std::string& package,
                                 const project::Project& project, size_t budget_chars) {
  auto p = parse(source);
  return p ? used_type_signatures(*p, package, project, budget_chars) : "";
}

std::string used_type_signatures(const Parsed& unit, const std::string& package,
                                 const project::Project& project, size_t budget_chars,
                                 const std::set<std::string>& listed) {
  const Parsed* p = &unit;
  const std::string& source = unit.text.text();
  ParsedFiles parsed(project.encoding);
  Named types = used_type_files(*p, source, package, project, parsed);
  std::set<std::string> called = called_names(*p);  // shown first: a large type may be cut
  std::vector<std::string> outlines;
  std::vector<std::set<std::string>> thrown(types.size());
  const std::set<std::string> none;
  for (size_t i = 0; i < types.size(); ++i) {
    const UsedType& t = types[i];
    const std::set<std::string>* only = listed.count(t.file) > 0 ? &none
                                        : t.only                 ? &*t.only
                                                                 : nullptr;
    outlines.push_back(outline_file(parsed, t.file, t.name, only, &called, thrown[i]));
    std::string& o = outlines.back();
    if (only == &none && o.find('\n') != std::string::npos)
      o.insert(o.find('\n'), " // its members: above, from its compiled class");
  }
  add_thrown_types(types, outlines, thrown, project, parsed);
  return fit_outlines(types, std::move(outlines), budget_chars);
}

}  // namespace panta::engine
