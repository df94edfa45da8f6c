#include "engine/locale_apis.h"

#include <algorithm>
#include <array>
#include <set>
#include <string_view>

#include "java/syntax_tree.h"

namespace panta::engine {
namespace {

using java::field;
using java::named_children;
using java::node_text;
using java::node_type;

// What the syntax tree of a source says about its calls, read in one walk.
struct Uses {
  std::set<std::string> names;        // identifiers and type names in code
  std::set<std::string> calls;        // "Owner.method" (owner as written) and ".method/N" by arity
  std::set<std::string> byte_arrays;  // names declared `byte[]`
  std::vector<std::pair<std::string, std::vector<std::string>>> created;  // type, arguments
};

size_t argument_count(TSNode call) {
  TSNode args = field(call, "arguments");
  return ts_node_is_null(args) ? 0 : ts_node_named_child_count(args);
}

Uses uses_of(const java::SourceText& src, TSNode root) {
  Uses u;
  java::visit(root, [&](TSNode n) {
    std::string_view t = node_type(n);
    if (t == "identifier" || t == "type_identifier") u.names.emplace(node_text(src, n));
    if (t == "method_invocation") {
      std::string name(node_text(src, field(n, "name")));
      TSNode object = field(n, "object");
      if (!ts_node_is_null(object)) {
        std::string_view owner = node_text(src, object);  // `java.util.Locale` is `Locale`
        owner.remove_prefix(owner.rfind('.') == std::string_view::npos ? 0 : owner.rfind('.') + 1);
        u.calls.insert(std::string(owner) + "." + name);
      }
      u.calls.insert("." + name + "/" + std::to_string(argument_count(n)));
      // String.format(Locale.ROOT, ...) pins its locale: no dependence.
      TSNode args = field(n, "arguments");
      if (name == "format" && !ts_node_is_null(args) && ts_node_named_child_count(args) > 0) {
        std::string_view first = node_text(src, ts_node_named_child(args, 0));
        if (first.find("Locale.") != std::string_view::npos || first == "locale")
          u.calls.insert(".format/locale");
      }
    } else if (t == "object_creation_expression") {
      std::vector<std::string> args;
      TSNode list = field(n, "arguments");
      if (!ts_node_is_null(list)) {
        for (TSNode a : named_children(list)) args.emplace_back(node_text(src, a));
      }
      u.created.emplace_back(std::string(node_text(src, field(n, "type"))), std::move(args));
    } else if (t == "local_variable_declaration" || t == "field_declaration" ||
               t == "formal_parameter") {
      TSNode type = field(n, "type");
      bool byte_array =
          node_type(type) == "array_type" && node_text(src, field(type, "element")) == "byte";
      bool byte_type = node_text(src, type) == "byte";
      auto declared = [&](TSNode d) {
        // `byte name[]`: the dimensions go with the name.
        bool dims = !ts_node_is_null(field(d, "dimensions"));
        if (byte_array || (byte_type && dims))
          u.byte_arrays.emplace(node_text(src, field(d, "name")));
      };
      if (t == "formal_parameter") {
        declared(n);
      } else {
        for (TSNode d : named_children(n)) {
          if (node_type(d) == "variable_declarator") declared(d);
        }
      }
    }
    return true;
  });
  return u;
}

bool default_charset(const Uses& u) {
  if (u.calls.count("Charset.defaultCharset") > 0 || u.calls.count(".getBytes/0") > 0) return true;
  for (const auto& [type, args] : u.created) {
    if ((type == "InputStreamReader" || type == "OutputStreamWriter") && args.size() == 1)
      return true;
    // new String(bytes) and new String(bytes, offset, length) decode; new String(chars) does not.
    if (type == "String" && (args.size() == 1 || args.size() == 3) &&
        u.byte_arrays.count(args.front()) > 0)
      return true;
  }
  return false;
}

std::vector<std::string> locale_apis(const Uses& u) {
  auto called = [&u](std::initializer_list<const char*> calls) {
    return std::any_of(calls.begin(), calls.end(),
                       [&u](const char* c) { return u.calls.count(c) > 0; });
  };
  auto named = [&u](std::initializer_list<const char*> names) {
    return std::any_of(names.begin(), names.end(),
                       [&u](const char* n) { return u.names.count(n) > 0; });
  };
  std::vector<std::string> out;
  if (called({"Locale.getDefault", "Locale.setDefault"})) out.emplace_back("the default Locale");
  if (named({"TimeZone"})) out.emplace_back("TimeZone");
  if (named({"ZoneId"})) out.emplace_back("ZoneId");
  if (called({".toUpperCase/0", ".toLowerCase/0"}))
    out.emplace_back("toUpperCase()/toLowerCase() without a locale");
  if (called({"String.format"}) && !called({".format/locale"})) out.emplace_back("String.format");
  if (named({"DateFormat", "SimpleDateFormat"})) out.emplace_back("DateFormat");
  if (named({"NumberFormat", "DecimalFormat"})) out.emplace_back("NumberFormat");
  if (called({"Calendar.getInstance"})) out.emplace_back("Calendar.getInstance()");
  if (called({"LocalDate.now", "LocalDateTime.now", "LocalTime.now", "ZonedDateTime.now",
              "Instant.now", "Clock.now"}))
    out.emplace_back("the current date or time (now())");
  if (called({"System.currentTimeMillis"})) out.emplace_back("System.currentTimeMillis()");
  if (default_charset(u)) out.emplace_back("the default charset");
  return out;
}

}  // namespace

std::vector<std::string> locale_dependent_apis(const java::JavaFile& file) {
  return locale_apis(uses_of(file.text, file.tree.root()));
}

std::vector<std::string> locale_dependent_apis(const std::string& source) {
  java::SourceText text("source", source);
  auto tree = java::SyntaxTree::parse(text);
  return tree ? locale_apis(uses_of(text, tree->root())) : std::vector<std::string>{};
}

bool uses_default_charset(const std::string& source) {
  java::SourceText text("source", source);
  auto tree = java::SyntaxTree::parse(text);
  return tree && default_charset(uses_of(text, tree->root()));
}

}  // namespace panta::engine
