#include "cfg/cfg_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "cfg/statement_syntax.h"
#include "java/code_text.h"
#include "java/syntax_tree.h"

namespace panta::cfg {
namespace {

using java::collapse_whitespace;
using java::field;
using java::node_line;
using java::node_text;
using java::node_type;

constexpr uint32_t kNone = std::numeric_limits<uint32_t>::max();

// An edge whose source is known and whose target is the next node to be built.
struct Pending {
  uint32_t from;
  EdgeKind kind;
  std::string label;
};
using Frontier = std::vector<Pending>;

void append_to(Frontier& into, Frontier from) {
  for (Pending& p : from) into.push_back(std::move(p));
}

enum class ScopeKind { kLoop, kSwitch, kSwitchExpression, kLabeled, kFinally, kCatching };

// Where a jump goes: EXIT, the break (yield) or continue target of the scope at `scope`, or
// catch clause `index` of the try body at `scope`.
struct Target {
  enum Kind { kExit, kBreak, kContinue, kCatch } kind = kExit;
  size_t scope = 0;
  size_t index = 0;
  bool operator==(const Target&) const = default;
};

// A statement that jumps can leave: its pending exits are patched when its successor is built.
struct Scope {
  ScopeKind kind;
  std::vector<std::string> labels;
  Frontier breaks;     // to the statement after it; yields of a switch expression
  Frontier continues;  // to a loop's condition or update
  TSNode finally_body{};
  std::vector<std::pair<Target, uint32_t>> finally_copies;  // entry node of each copy
  std::vector<std::vector<std::string>> catch_types;        // kCatching: simple names per clause
  std::vector<Frontier> thrown;                             // kCatching: throws sent to each clause
};

bool is_comment(TSNode node) {
  std::string_view t = node_type(node);
  return t == "line_comment" || t == "block_comment";
}

bool is_loop(std::string_view type) {
  return type == "while_statement" || type == "do_statement" || type == "for_statement" ||
         type == "enhanced_for_statement";
}

std::vector<TSNode> code_children(TSNode node) {
  std::vector<TSNode> out;
  for (TSNode child : java::named_children(node)) {
    if (!is_comment(child)) out.push_back(child);
  }
  return out;
}

class Builder {
 public:
  explicit Builder(const java::SourceText& source) : src_(source) {}

  Result<Graph> build(TSNode body) {
    Frontier out = sequence(code_children(body), {{Graph::kEntry, EdgeKind::kFlow, ""}});
    if (too_deep_) {
      return Error{fmt::format("line {}: statements nest deeper than {} levels", node_line(body),
                               kMaxNesting)};
    }
    if (too_large_) {
      return Error{
          fmt::format("line {}: the CFG has more than {} nodes (finally blocks are copied "
                      "for every exit route; nested ones multiply)",
                      node_line(body), kMaxNodes)};
    }
    connect(out, Graph::kExit);
    graph_.finish();
    return std::move(graph_);
  }

 private:
  Frontier statement(TSNode node, Frontier in) {
    if (too_deep_ || too_large_) return {};
    if (++depth_ > kMaxNesting) {
      too_deep_ = true;
      return {};
    }
    Frontier out = dispatch(node, std::move(in));
    --depth_;
    return out;
  }

  Frontier dispatch(TSNode node, Frontier in) {
    std::string_view type = node_type(node);
    if (type == "block" || type == "constructor_body")
      return sequence(code_children(node), std::move(in));
    if (type == "if_statement") return if_statement(node, std::move(in), false);
    if (type == "while_statement") return while_loop(node, std::move(in));
    if (type == "do_statement") return do_loop(node, std::move(in));
    if (type == "for_statement") return for_loop(node, std::move(in));
    if (type == "enhanced_for_statement") return enhanced_for_loop(node, std::move(in));
    if (type == "switch_expression") return switch_construct(node, std::move(in), false);
    if (type == "try_statement" || type == "try_with_resources_statement") {
      return try_statement(node, std::move(in));
    }
    if (type == "labeled_statement") return labeled(node, std::move(in));
    if (type == "synchronized_statement") return synchronized_block(node, std::move(in));
    if (type == "return_statement") {
      jump(simple(node, std::move(in)), Target{});
      return {};
    }
    if (type == "throw_statement") {
      Target target = catch_target(node);
      jump(simple(node, std::move(in)), target);
      return {};
    }
    if (type == "yield_statement") {
      jump(simple(node, std::move(in)), yield_target());
      return {};
    }
    if (type == "break_statement") return jump_statement(node, std::move(in), Target::kBreak);
    if (type == "continue_statement") return jump_statement(node, std::move(in), Target::kContinue);
    if (type == ";" || type == "empty_statement") return in;
    return simple(node, std::move(in));
  }

  Frontier sequence(const std::vector<TSNode>& statements, Frontier in) {
    for (TSNode s : statements) in = statement(s, std::move(in));
    return in;
  }

  // A straight-line statement, preceded by the switch expressions it contains.
  // The statement's text shows each switch expression's body as "{ ... }": the switch itself
  // is on the path already.
  Frontier simple(TSNode node, Frontier in) {
    std::vector<TSNode> bodies;
    for (TSNode sw : embedded_switches(node)) {
      in = switch_construct(sw, std::move(in), true);
      bodies.push_back(field(sw, "body"));
    }
    std::string code =
        java::code_text(src_, node, ts_node_start_byte(node), ts_node_end_byte(node), bodies);
    return append(std::move(in), statement_of(node, statement_kind(node), std::move(code), node));
  }

  // Switch expressions in an `if` condition or a switch selector run before the decision. (In
  // loop conditions they stay part of the header: see docs/limitations.md.)
  Frontier condition_switches(TSNode condition, Frontier in) {
    for (TSNode sw : embedded_switches(condition)) in = switch_construct(sw, std::move(in), true);
    return in;
  }

  // Switch expressions inside a statement, outermost first, in source order; lambdas and class
  // bodies are not entered. Iterative: expressions may nest deeply.
  std::vector<TSNode> embedded_switches(TSNode node) {
    std::vector<TSNode> found;
    // Most statements have none: a look at the text spares the walk over the subtree.
    if (node_text(src_, node).find("switch") == std::string_view::npos) return found;
    std::vector<TSNode> work = {node};
    while (!work.empty()) {
      TSNode n = work.back();
      work.pop_back();
      std::string_view type = node_type(n);
      if (type == "switch_expression" && !ts_node_eq(n, node)) {
        found.push_back(n);
        continue;
      }
      if (type == "lambda_expression" || type == "class_body") continue;
      for (uint32_t i = ts_node_named_child_count(n); i-- > 0;) {
        work.push_back(ts_node_named_child(n, i));
      }
    }
    return found;
  }

  Frontier if_statement(TSNode node, Frontier in, bool else_if) {
    TSNode cond = field(node, "condition");
    in = condition_switches(cond, std::move(in));
    std::vector<TSNode> bodies;
    for (TSNode sw : embedded_switches(cond)) bodies.push_back(field(sw, "body"));
    std::string header =
        std::string(else_if ? "else if " : "if ") +
        java::code_text(src_, cond, ts_node_start_byte(cond), ts_node_end_byte(cond), bodies);
    uint32_t d =
        decision(statement_of(node, StatementKind::kCondition, header, cond), std::move(in), cond);
    Frontier out = statement(field(node, "consequence"), {{d, EdgeKind::kTrue, "true"}});
    TSNode alt = field(node, "alternative");
    Frontier no = {{d, EdgeKind::kFalse, "false"}};
    if (ts_node_is_null(alt)) {
      append_to(out, std::move(no));
    } else if (node_type(alt) == "if_statement") {
      append_to(out, if_statement(alt, std::move(no), true));
    } else {
      append_to(out, statement(alt, std::move(no)));
    }
    return out;
  }

  Frontier while_loop(TSNode node, Frontier in) {
    TSNode cond = field(node, "condition");
    uint32_t d =
        decision(statement_of(node, StatementKind::kCondition, "while " + text(cond), cond),
                 std::move(in), cond, true);
    return loop_body(node, d);
  }

  Frontier enhanced_for_loop(TSNode node, Frontier in) {
    uint32_t d =
        decision(statement_of(node, StatementKind::kForEach, header(node), field(node, "value")),
                 std::move(in));
    return loop_body(node, d);
  }

  Frontier for_loop(TSNode node, Frontier in) {
    TSNode condition = field(node, "condition");
    uint32_t d = decision(statement_of(node, StatementKind::kCondition, header(node), condition),
                          std::move(in), condition, true);
    std::vector<TSNode> updates;
    for (uint32_t i = 0; i < ts_node_child_count(node); ++i) {
      const char* name = ts_node_field_name_for_child(node, i);
      if (name != nullptr && std::string_view(name) == "update") {
        updates.push_back(ts_node_child(node, i));
      }
    }
    if (updates.empty()) return loop_body(node, d);
    std::string update_text;
    for (TSNode u : updates) update_text += (update_text.empty() ? "" : ", ") + text(u);
    Statement update =
        statement_of(updates.front(), StatementKind::kUpdate, update_text, updates.front());
    return loop_body(node, d, &update);
  }

  // Body of a loop whose decision is `d`: `true` enters the body, `false` leaves the loop. The
  // body's end and `continue` go back to `d`, through a node for the update when there is one.
  Frontier loop_body(TSNode node, uint32_t d, const Statement* update = nullptr) {
    push_scope(ScopeKind::kLoop);
    size_t idx = scopes_.size() - 1;
    Frontier body_out = statement(field(node, "body"), {{d, EdgeKind::kTrue, "true"}});
    append_to(body_out, std::move(scopes_[idx].continues));
    if (update != nullptr && !body_out.empty()) {
      uint32_t u = new_node(NodeKind::kBlock, *update);
      graph_.node(u).loop_update = true;
      connect(body_out, u);
      body_out = {{u, EdgeKind::kFlow, ""}};
    }
    connect(body_out, d);
    Frontier out = {{d, EdgeKind::kFalse, "false"}};
    append_to(out, pop_scope().breaks);
    return out;
  }

  Frontier do_loop(TSNode node, Frontier in) {
    push_scope(ScopeKind::kLoop);
    size_t idx = scopes_.size() - 1;
    auto first = static_cast<uint32_t>(graph_.nodes().size());
    force_new_node_ = true;
    Frontier body_out = statement(field(node, "body"), std::move(in));
    bool body_has_nodes = graph_.nodes().size() > first;
    append_to(body_out, std::move(scopes_[idx].continues));
    TSNode cond = field(node, "condition");
    uint32_t d =
        decision(statement_of(cond, StatementKind::kCondition, "while " + text(cond), cond),
                 std::move(body_out), cond, true);
    graph_.add_edge(Edge{d, body_has_nodes ? first : d, EdgeKind::kTrue, "true"});
    Frontier out = {{d, EdgeKind::kFalse, "false"}};
    append_to(out, pop_scope().breaks);
    return out;
  }

  Frontier labeled(TSNode node, Frontier in) {
    std::vector<TSNode> children = code_children(node);
    std::string label = std::string(node_text(src_, children.front()));
    TSNode inner = children.back();
    pending_labels_.push_back(label);
    if (is_loop(node_type(inner)) || node_type(inner) == "labeled_statement") {
      return statement(inner, std::move(in));
    }
    push_scope(ScopeKind::kLabeled);
    Frontier out = statement(inner, std::move(in));
    append_to(out, pop_scope().breaks);
    return out;
  }

  Frontier synchronized_block(TSNode node, Frontier in) {
    TSNode lock;
    for (TSNode c : code_children(node)) {
      if (node_type(c) == "parenthesized_expression") lock = c;
    }
    Frontier f = append(std::move(in), statement_of(node, StatementKind::kSynchronized,
                                                    "synchronized " + text(lock), lock));
    return statement(field(node, "body"), std::move(f));
  }

  Frontier switch_construct(TSNode node, Frontier in, bool is_expression) {
    in = condition_switches(field(node, "condition"), std::move(in));
    TSNode selector = field(node, "condition");
    uint32_t d =
        decision(statement_of(node, StatementKind::kSwitch, "switch " + text(selector), selector),
                 std::move(in));
    push_scope(is_expression ? ScopeKind::kSwitchExpression : ScopeKind::kSwitch);
    Frontier fall;
    Frontier outs;
    bool has_default = false;
    // Labels of classic groups without statements share the body of the group that follows.
    std::vector<std::string> values;
    bool group_default = false;
    std::vector<TSNode> groups = code_children(field(node, "body"));
    for (size_t gi = 0; gi < groups.size(); ++gi) {
      TSNode group = groups[gi];
      std::vector<TSNode> body;
      for (TSNode c : code_children(group)) {
        if (node_type(c) != "switch_label") {
          body.push_back(c);
          continue;
        }
        std::string label = text(c);
        if (label.rfind("default", 0) == 0) {
          group_default = true;
          continue;
        }
        std::string value = collapse_whitespace(std::string_view(label).substr(4));
        const std::string tail = ", default";  // Java 21: case null, default
        if (value.size() > tail.size() &&
            value.compare(value.size() - tail.size(), tail.size(), tail) == 0) {
          value.resize(value.size() - tail.size());
          group_default = true;
        }
        values.push_back(std::move(value));
      }
      bool is_rule = node_type(group) == "switch_rule";
      if (!is_rule && body.empty() && gi + 1 < groups.size()) continue;
      has_default = has_default || group_default;
      Frontier arm = std::move(fall);
      arm.push_back({d, EdgeKind::kCase, case_label(values, group_default)});
      values.clear();
      group_default = false;
      if (is_rule) {
        append_to(outs, sequence(body, std::move(arm)));
        fall.clear();
      } else {
        fall = sequence(body, std::move(arm));
      }
    }
    append_to(outs, std::move(fall));
    if (!has_default && !is_expression) outs.push_back({d, EdgeKind::kCase, "default"});
    // A switch expression without default is exhaustive: no case matching means an exception.
    if (!has_default && is_expression) jump({{d, EdgeKind::kCase, "default"}}, Target{});
    append_to(outs, pop_scope().breaks);
    return outs;
  }

  static std::string case_label(const std::vector<std::string>& values, bool is_default) {
    if (values.empty()) return "default";
    std::string label = "case ";
    for (size_t i = 0; i < values.size(); ++i) label += (i ? ", " : "") + values[i];
    return is_default ? label + ", default" : label;
  }

  Frontier try_statement(TSNode node, Frontier in) {
    std::vector<TSNode> catches;
    TSNode finally_body{};
    for (TSNode c : code_children(node)) {
      if (node_type(c) == "catch_clause") catches.push_back(c);
      if (node_type(c) == "finally_clause") finally_body = code_children(c).back();
    }
    bool has_finally = !ts_node_is_null(finally_body);
    if (has_finally) {
      push_scope(ScopeKind::kFinally);
      scopes_.back().finally_body = finally_body;
    }
    TSNode resources = field(node, "resources");
    std::string head = ts_node_is_null(resources) ? "try" : "try " + text(resources);
    Frontier normal;
    if (catches.empty()) {
      if (!ts_node_is_null(resources))
        in = append(std::move(in), statement_of(node, StatementKind::kResources, head, resources));
      normal = statement(field(node, "body"), std::move(in));
    } else {
      uint32_t d =
          decision(statement_of(node, StatementKind::kTry, head, resources), std::move(in));
      push_scope(ScopeKind::kCatching);
      for (TSNode c : catches) scopes_.back().catch_types.push_back(catch_type_names(c));
      scopes_.back().thrown.resize(catches.size());
      normal = statement(field(node, "body"), {{d, EdgeKind::kNoException, "no exception"}});
      Scope catching = pop_scope();
      for (size_t i = 0; i < catches.size(); ++i) {
        std::string label = "throws " + catch_type_text(catches[i]);
        Frontier entry = {{d, EdgeKind::kThrows, label}};
        append_to(entry, std::move(catching.thrown[i]));
        append_to(normal, statement(field(catches[i], "body"), std::move(entry)));
      }
    }
    if (!has_finally) return normal;
    pop_scope();
    // A try that never completes normally has no normal copy of its finally.
    if (normal.empty()) return normal;
    return statement(finally_body, std::move(normal));
  }

  std::string catch_type_text(TSNode clause) const {
    for (TSNode p : code_children(clause)) {
      if (node_type(p) != "catch_formal_parameter") continue;
      for (TSNode t : code_children(p)) {
        if (node_type(t) == "catch_type") return text(t);
      }
    }
    return "";
  }

  std::vector<std::string> catch_type_names(TSNode clause) const {
    std::vector<std::string> names;
    std::string all = catch_type_text(clause);
    size_t at = 0;
    while (at <= all.size()) {
      size_t bar = all.find('|', at);
      std::string part = collapse_whitespace(
          all.substr(at, bar == std::string::npos ? std::string::npos : bar - at));
      names.push_back(simple_type_name(part));
      if (bar == std::string::npos) break;
      at = bar + 1;
    }
    return names;
  }

  static std::string simple_type_name(std::string name) {
    name = name.substr(0, name.find('<'));
    size_t dot = name.rfind('.');
    return dot == std::string::npos ? name : name.substr(dot + 1);
  }

  // Where `throw new T(...)` goes: the innermost enclosing catch clause naming T, Exception or
  // Throwable (types are matched by name: no class hierarchy is known), else EXIT.
  Target catch_target(TSNode throw_node) const {
    std::string thrown;
    for (TSNode c : code_children(throw_node)) {
      if (node_type(c) == "object_creation_expression")
        thrown = simple_type_name(text(field(c, "type")));
    }
    if (thrown.empty()) return Target{};
    bool is_exception =
        thrown.size() >= 9 && thrown.compare(thrown.size() - 9, 9, "Exception") == 0;
    for (size_t i = scopes_.size(); i-- > 0;) {
      const Scope& s = scopes_[i];
      if (s.kind != ScopeKind::kCatching) continue;
      for (size_t k = 0; k < s.catch_types.size(); ++k) {
        for (const std::string& t : s.catch_types[k]) {
          if (t == thrown || t == "Throwable" || (t == "Exception" && is_exception)) {
            return Target{Target::kCatch, i, k};
          }
        }
      }
    }
    return Target{};
  }

  Frontier jump_statement(TSNode node, Frontier in, Target::Kind kind) {
    std::string label;
    for (TSNode c : code_children(node)) {
      if (node_type(c) == "identifier") label = node_text(src_, c);
    }
    for (size_t i = scopes_.size(); i-- > 0;) {
      const Scope& s = scopes_[i];
      bool match = false;
      if (!label.empty()) {
        match = (s.kind == ScopeKind::kLoop || s.kind == ScopeKind::kLabeled) &&
                std::find(s.labels.begin(), s.labels.end(), label) != s.labels.end();
      } else if (kind == Target::kBreak) {
        match = s.kind == ScopeKind::kLoop || s.kind == ScopeKind::kSwitch;
      } else {
        match = s.kind == ScopeKind::kLoop;
      }
      if (match) {
        jump(std::move(in), Target{kind, i});
        return {};
      }
    }
    jump(std::move(in), Target{});  // not valid Java; keep the graph connected
    return {};
  }

  Target yield_target() const {
    for (size_t i = scopes_.size(); i-- > 0;) {
      if (scopes_[i].kind == ScopeKind::kSwitchExpression) return Target{Target::kBreak, i};
    }
    return Target{};
  }

  // Sends `from` to `target`, through a copy of every `finally` on the way. Copies are built
  // once per (finally, target) and shared by every jump that takes that route.
  void jump(Frontier from, Target target) { jump_below(std::move(from), target, scopes_.size()); }

  void jump_below(Frontier from, Target target, size_t top) {
    if (from.empty()) return;
    size_t floor = target.kind == Target::kExit ? 0 : target.scope + 1;
    for (size_t i = top; i-- > floor;) {
      if (scopes_[i].kind != ScopeKind::kFinally) continue;
      for (const auto& [t, entry] : scopes_[i].finally_copies) {
        if (t == target) {
          connect(from, entry);
          return;
        }
      }
      // The copy runs outside scope i: set the scopes from i up aside while it is built.
      std::vector<Scope> inner(std::make_move_iterator(scopes_.begin() + static_cast<long>(i)),
                               std::make_move_iterator(scopes_.end()));
      scopes_.resize(i);
      auto first = static_cast<uint32_t>(graph_.nodes().size());
      force_new_node_ = true;
      Frontier out = statement(inner.front().finally_body, std::move(from));
      force_new_node_ = false;
      bool built = graph_.nodes().size() > first;
      jump_below(std::move(out), target, i);
      for (Scope& s : inner) scopes_.push_back(std::move(s));
      if (built) scopes_[i].finally_copies.emplace_back(target, first);
      return;
    }
    deliver(std::move(from), target);
  }

  void deliver(Frontier from, Target target) {
    switch (target.kind) {
      case Target::kExit:
        connect(from, Graph::kExit);
        break;
      case Target::kBreak:
        append_to(scopes_[target.scope].breaks, std::move(from));
        break;
      case Target::kContinue:
        append_to(scopes_[target.scope].continues, std::move(from));
        break;
      case Target::kCatch:
        append_to(scopes_[target.scope].thrown[target.index], std::move(from));
        break;
    }
  }

  // Adds a statement to the open block when control flows straight into it, else starts a block.
  Frontier append(Frontier in, Statement s) {
    if (!force_new_node_ && in.size() == 1 && in[0].kind == EdgeKind::kFlow &&
        in[0].from == open_block_) {
      graph_.node(open_block_).statements.push_back(std::move(s));
      return in;
    }
    uint32_t id = new_node(NodeKind::kBlock, std::move(s));
    connect(in, id);
    open_block_ = id;
    return {{id, EdgeKind::kFlow, ""}};
  }

  // `loop`: the decision of a loop, whose constant `true` (or missing condition) is kForever.
  uint32_t decision(Statement header, Frontier in, TSNode condition = TSNode{}, bool loop = false) {
    header.constant = constant_of(condition);
    if (loop && (header.constant == Constant::kTrue || ts_node_is_null(condition)))
      header.constant = Constant::kForever;
    uint32_t id = new_node(NodeKind::kDecision, std::move(header));
    connect(in, id);
    return id;
  }

  uint32_t new_node(NodeKind kind, Statement s) {
    if (graph_.nodes().size() >= kMaxNodes) too_large_ = true;
    force_new_node_ = false;
    open_block_ = kNone;
    Node node;
    node.kind = kind;
    node.statements.push_back(std::move(s));
    return graph_.add_node(std::move(node));
  }

  void connect(const Frontier& from, uint32_t to) {
    for (const Pending& p : from) graph_.add_edge(Edge{p.from, to, p.kind, p.label});
  }

  void push_scope(ScopeKind kind) {
    Scope s{kind, {}, {}, {}, {}, {}, {}, {}};
    if (kind == ScopeKind::kLoop || kind == ScopeKind::kLabeled)
      s.labels = std::move(pending_labels_);
    pending_labels_.clear();
    scopes_.push_back(std::move(s));
  }

  Scope pop_scope() {
    Scope s = std::move(scopes_.back());
    scopes_.pop_back();
    return s;
  }

  std::string text(TSNode node) const { return java::code_text(src_, node); }

  // A statement's source up to its body, e.g. "for (int i = 0; i < n; i++)".
  std::string header(TSNode node) const {
    TSNode body = field(node, "body");
    return java::code_text(src_, node, ts_node_start_byte(node), ts_node_start_byte(body));
  }

  const java::SourceText& src_;
  Graph graph_;
  std::vector<Scope> scopes_;
  std::vector<std::string> pending_labels_;
  uint32_t open_block_ = kNone;
  bool force_new_node_ = false;
  int depth_ = 0;
  bool too_deep_ = false;
  bool too_large_ = false;
};

}  // namespace

Result<Graph> build_cfg(const java::SourceText& source, TSNode body) {
  return Builder(source).build(body);
}

}  // namespace panta::cfg
