#include "engine/compiled_members.h"

#include <algorithm>
#include <set>

#include "engine/parsed_java.h"
#include "java/syntax_tree.h"

namespace panta::engine {
namespace {

using java::field;
using java::named_children;
using java::node_type;

// A member line's name: "fix.A(int);" -> "A" (a constructor), "public int size();" -> "size".
std::string member_name(const std::string& member) {
  size_t paren = member.find('(');
  if (paren == std::string::npos) return "";
  std::string head = member.substr(0, paren);
  std::string name = head.substr(head.rfind(' ') + 1);
  return name.substr(name.find_last_of(".$") + 1);
}

// The binary names of nested classes of `fqn` that members return (`Order$OrderBuilder`).
std::set<std::string> returned_nested(const runner::CompiledClass& c, const std::string& fqn) {
  std::set<std::string> out;
  for (const std::string& m : c.members) {
    size_t at = m.find(fqn + "$");
    if (at == std::string::npos || at > m.find('(')) continue;
    size_t end = m.find_first_of(" <(", at);
    out.insert(m.substr(at, end - at));
  }
  return out;
}

std::string dotted(std::string binary) {
  std::replace(binary.begin(), binary.end(), '$', '.');
  return binary;
}

}  // namespace

bool may_hide_api(const ClassUnderTest& cut) {
  const java::JavaFile& file = cut.parsed();
  if (uses_lombok(file)) return true;
  for (TSNode n : named_children(file.tree.root())) {
    if (node_type(n) == "class_declaration" && !ts_node_is_null(field(n, "superclass")))
      return true;
  }
  return false;
}

HiddenApi hidden_api(const ClassUnderTest& cut, const ClassReader& read,
                     const std::function<bool(const std::string& fqn)>& is_project_class) {
  std::string simple = cut.class_name.substr(cut.class_name.rfind('.') + 1);
  std::set<std::string> declared;  // method names the source declares, and the class's own
  bool has_constructor = false;
  for (const java::JavaClass& c : cut.parsed().classes) {
    if (c.name != simple) continue;
    for (const java::Method& m : c.methods) {
      declared.insert(m.name);
      has_constructor = has_constructor || m.is_constructor;
    }
  }
  auto own = read(cut.class_name);
  if (!own) return {};
  HiddenApi hidden;
  std::string& out = hidden.text;
  std::string generated;
  for (const std::string& m : own->members) {
    std::string name = member_name(m);
    if (name.empty()) continue;  // a field
    bool constructor = name == simple;
    // The constructor without parameters of a class that declares none is the implicit one
    // javac adds (or Lombok's @NoArgsConstructor, the same to a test): the context says so.
    if (constructor && m.find(name + "()") != std::string::npos) continue;
    if ((constructor && !has_constructor) || (!constructor && declared.count(name) == 0))
      generated += m + "\n";
    hidden.generated_constructor =
        hidden.generated_constructor || (constructor && !has_constructor);
  }
  if (!generated.empty())
    out += "// " + cut.class_name + ": generated, not in its source\n" + generated;
  for (const std::string& nested : returned_nested(*own, cut.class_name)) {
    auto builder = read(nested);
    if (!builder || builder->members.empty()) continue;
    out += "// " + dotted(nested) + "\n";
    for (const std::string& m : builder->members) out += m + "\n";
  }
  std::string super = own->superclass;
  for (int depth = 0; !super.empty() && depth < 5 && is_project_class(super); ++depth) {
    auto parent = read(super);
    if (!parent) break;
    std::string parent_simple = super.substr(super.find_last_of(".$") + 1);
    std::string inherited;
    for (const std::string& m : parent->members) {
      std::string name = member_name(m);
      if (!name.empty() && name != parent_simple) inherited += m + "\n";  // no constructors
    }
    if (!inherited.empty()) {
      out += "// inherited from " + super + "\n" + inherited;
      hidden.inherited_from.push_back(super);
    }
    super = parent->superclass;
  }
  return hidden;
}

void take_hidden_api(ClassUnderTest& cut, const ClassReader& read,
                     const std::function<bool(const std::string& fqn)>& is_project_class) {
  if (!may_hide_api(cut)) return;
  HiddenApi hidden = hidden_api(cut, read, is_project_class);
  cut.hidden_api = std::move(hidden.text);
  cut.generated_constructor = hidden.generated_constructor;
  cut.inherited_listed = std::move(hidden.inherited_from);
}

}  // namespace panta::engine
