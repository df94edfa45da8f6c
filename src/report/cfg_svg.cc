#include "report/cfg_svg.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <vector>

#include "core/utf8.h"

namespace panta::report {
namespace {

constexpr double kNodeW = 170;
constexpr double kNodeH = 34;
constexpr double kGapX = 40;
constexpr double kGapY = 46;
constexpr double kMargin = 20;
constexpr double kBackLane = 70;  // room on the right for loop back edges
constexpr double kSkipLane = 60;  // room on the left for edges that pass over nodes

struct EdgeRef {
  size_t from = 0;
  size_t to = 0;
  bool back = false;
};

struct Layout {
  std::vector<int> layer;  // by node index
  std::vector<double> x;   // centre
  std::vector<double> y;   // top
  double width = 0;
  double height = 0;
};

// Back edges: those into a node still on the depth-first stack from ENTRY (node 0).
void mark_back_edges(size_t nodes, std::vector<EdgeRef>& edges) {
  std::vector<std::vector<size_t>> out(nodes);
  for (size_t e = 0; e < edges.size(); ++e) out[edges[e].from].push_back(e);
  enum { kNew, kOnStack, kDone };
  std::vector<int> state(nodes, kNew);
  std::vector<std::pair<size_t, size_t>> stack;  // node, next out-edge
  for (size_t root = 0; root < nodes; ++root) {
    if (state[root] != kNew) continue;
    stack.push_back({root, 0});
    state[root] = kOnStack;
    while (!stack.empty()) {
      auto& [n, next] = stack.back();
      if (next == out[n].size()) {
        state[n] = kDone;
        stack.pop_back();
        continue;
      }
      EdgeRef& e = edges[out[n][next++]];
      if (state[e.to] == kOnStack) e.back = true;
      if (state[e.to] == kNew) {
        state[e.to] = kOnStack;
        stack.push_back({e.to, 0});
      }
    }
  }
}

// Longest path from the sources over forward edges (a DAG once back edges are left out);
// EXIT last.
std::vector<int> layers(size_t nodes, const std::vector<EdgeRef>& edges) {
  std::vector<int> in(nodes, 0);
  for (const EdgeRef& e : edges) in[e.to] += e.back ? 0 : 1;
  std::vector<size_t> ready;
  for (size_t n = 0; n < nodes; ++n) {
    if (in[n] == 0) ready.push_back(n);
  }
  std::vector<int> layer(nodes, 0);
  while (!ready.empty()) {
    size_t n = ready.back();
    ready.pop_back();
    for (const EdgeRef& e : edges) {
      if (e.back || e.from != n) continue;
      layer[e.to] = std::max(layer[e.to], layer[n] + 1);
      if (--in[e.to] == 0) ready.push_back(e.to);
    }
  }
  // EXIT (node 1) on a row of its own at the bottom, whatever the loops above it.
  if (nodes > 1) {
    int last = 0;
    for (size_t n = 0; n < nodes; ++n) last = n == 1 ? last : std::max(last, layer[n]);
    layer[1] = last + 1;
  }
  return layer;
}

// Each layer's nodes, ordered by the mean position of their predecessors (two sweeps).
std::vector<std::vector<size_t>> ordered_rows(const std::vector<int>& layer,
                                              const std::vector<EdgeRef>& edges) {
  int depth = layer.empty() ? 0 : *std::max_element(layer.begin(), layer.end());
  std::vector<std::vector<size_t>> rows(depth + 1);
  for (size_t n = 0; n < layer.size(); ++n) rows[layer[n]].push_back(n);
  std::vector<double> pos(layer.size(), 0);
  for (int sweep = 0; sweep < 2; ++sweep) {
    for (auto& row : rows) {
      std::vector<std::pair<double, size_t>> keyed;
      for (size_t i = 0; i < row.size(); ++i) {
        double sum = 0;
        int count = 0;
        for (const EdgeRef& e : edges) {
          if (e.to == row[i] && !e.back) sum += pos[e.from], ++count;
        }
        keyed.push_back({count == 0 ? static_cast<double>(i) : sum / count, row[i]});
      }
      std::stable_sort(keyed.begin(), keyed.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; });
      for (size_t i = 0; i < row.size(); ++i) {
        row[i] = keyed[i].second;
        pos[row[i]] = static_cast<double>(i) - (row.size() - 1) / 2.0;
      }
    }
  }
  return rows;
}

Layout lay_out(size_t nodes, const std::vector<EdgeRef>& edges) {
  Layout l;
  l.layer = layers(nodes, edges);
  auto rows = ordered_rows(l.layer, edges);
  size_t widest = 1;
  for (const auto& row : rows) widest = std::max(widest, row.size());
  double inner = widest * kNodeW + (widest - 1) * kGapX;
  l.x.assign(nodes, 0);
  l.y.assign(nodes, 0);
  for (size_t r = 0; r < rows.size(); ++r) {
    if (rows[r].empty()) continue;
    double row_w = rows[r].size() * kNodeW + (rows[r].size() - 1) * kGapX;
    double left = kMargin + kSkipLane + (inner - row_w) / 2;
    for (size_t i = 0; i < rows[r].size(); ++i) {
      l.x[rows[r][i]] = left + i * (kNodeW + kGapX) + kNodeW / 2;
      l.y[rows[r][i]] = kMargin + r * (kNodeH + kGapY);
    }
  }
  l.width = 2 * kMargin + kSkipLane + inner + kBackLane;
  l.height = 2 * kMargin + rows.size() * kNodeH + (rows.size() - 1) * kGapY;
  return l;
}

std::string short_text(const std::string& text, size_t max) {
  if (text.size() <= max) return text;
  return utf8_prefix(text, max - 1) + "…";
}

std::string node_svg(const nlohmann::json& node, double cx, double top) {
  std::string kind = node.value("kind", "block");
  std::string label = kind == "entry" ? "ENTRY" : kind == "exit" ? "EXIT" : "";
  std::string title;
  for (const auto& s : node.value("statements", nlohmann::json::array())) {
    title += fmt::format("{}: {}\n", s.value("line", 0), s.value("text", ""));
  }
  if (label.empty() && node.contains("statements") && !node["statements"].empty()) {
    const auto& s = node["statements"][0];
    label = fmt::format("{}: {}", s.value("line", 0), s.value("text", ""));
  }
  double left = cx - kNodeW / 2;
  std::string shape =
      kind == "decision"
          ? fmt::format("<polygon points=\"{},{} {},{} {},{} {},{}\"/>", left, top + kNodeH / 2, cx,
                        top, left + kNodeW, top + kNodeH / 2, cx, top + kNodeH)
          : fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\"/>", left, top,
                        kNodeW, kNodeH, kind == "block" ? 3 : 16);
  return fmt::format(
      "<g class=\"node {}\" data-node=\"{}\"><title>{}</title>{}<text x=\"{}\" y=\"{}\">{}</text>"
      "</g>\n",
      kind, node.value("id", 0), escape_html(title.empty() ? label : title), shape, cx,
      top + kNodeH / 2 + 4, escape_html(short_text(label, kind == "decision" ? 22 : 25)));
}

// How an edge is drawn: its path and where its label goes.
struct EdgeDrawing {
  std::string d;
  double label_x = 0;
  double label_y = 0;
};

// The leftmost left side and the rightmost right side of the nodes in layers [first, last].
std::pair<double, double> extent(const Layout& l, int first, int last) {
  double left = 1e9, right = -1e9;
  for (size_t n = 0; n < l.layer.size(); ++n) {
    if (l.layer[n] < first || l.layer[n] > last) continue;
    left = std::min(left, l.x[n] - kNodeW / 2);
    right = std::max(right, l.x[n] + kNodeW / 2);
  }
  return {left, right};
}

// An edge from one layer to the next is a curve within the gap between them. One that passes
// over layers (an `if` without `else`'s false edge) or goes back up (a loop's) runs in the gaps
// and in a lane beside the layers it passes, so it never crosses a node it does not join:
// down out of its source, along the gap below it to the lane, along the lane, along the gap
// above its target, down into it.
EdgeDrawing edge_path(const Layout& l, const EdgeRef& e, size_t index) {
  double x1 = l.x[e.from], y1 = l.y[e.from] + kNodeH;
  double x2 = l.x[e.to], y2 = l.y[e.to];
  int from = l.layer[e.from], to = l.layer[e.to];
  if (!e.back && to == from + 1) {
    double mid = (y1 + y2) / 2;
    return {fmt::format("M{},{} C{},{} {},{} {},{}", x1, y1, x1, mid, x2, mid, x2, y2),
            (x1 + x2) / 2 + 4, mid};
  }
  double below = y1 + kGapY / 2, above = y2 - kGapY / 2;
  double offset = 14 + 6.0 * static_cast<double>(index % 4);
  double lane;
  if (e.back) {
    lane = extent(l, std::min(from, to), std::max(from, to)).second + offset;
  } else {
    auto [left, right] = extent(l, from + 1, to - 1);
    lane = left - offset;
  }
  return {fmt::format("M{},{} L{},{} L{},{} L{},{} L{},{} L{},{}", x1, y1, x1, below, lane, below,
                      lane, above, x2, above, x2, y2),
          lane + 3, e.back ? above - 3 : below - 3};
}

}  // namespace

std::string escape_html(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string edge_colour(std::string_view status) {
  if (status == "covered") return "#1e8c3a";
  if (status == "missed") return "#d32f2f";
  if (status == "possibly unreachable") return "#8a8a8a";
  return "#e0a000";
}

std::string cfg_svg(const nlohmann::json& method, const std::string& id) {
  const auto& nodes = method.at("nodes");
  const auto& edges = method.at("edges");
  std::vector<EdgeRef> refs;
  for (const auto& e : edges) {
    size_t from = e.value("from", 0u), to = e.value("to", 0u);
    if (from >= nodes.size() || to >= nodes.size()) return "<p>(a CFG edge names no node)</p>";
    refs.push_back({from, to, false});
  }
  mark_back_edges(nodes.size(), refs);
  Layout l = lay_out(nodes.size(), refs);
  std::string out = fmt::format(
      "<svg class=\"cfg\" id=\"{}\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" "
      "height=\"{}\" viewBox=\"0 0 {} {}\">\n<defs>",
      id, l.width, l.height, l.width, l.height);
  for (std::string_view s : {"covered", "missed", "possibly unreachable", "unknown"}) {
    out += fmt::format(
        "<marker id=\"{}-{}\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" "
        "markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"{}\"/>"
        "</marker>",
        id, s.substr(0, s.find(' ')), edge_colour(s));
  }
  out += "</defs>\n";
  for (size_t i = 0; i < refs.size(); ++i) {
    const auto& e = edges[i];
    std::string status = e.value("status", "unknown"), label = e.value("label", "");
    EdgeDrawing drawn = edge_path(l, refs[i], i);
    const std::string& d = drawn.d;
    std::string tip = label.empty() ? status : label + ": " + status;
    if (e.contains("why")) tip += " (" + e.value("why", "") + ")";
    out += fmt::format(
        "<path class=\"edge {}\" data-edge=\"{}\" data-status=\"{}\" d=\"{}\" stroke=\"{}\" "
        "marker-end=\"url(#{}-{})\"><title>{}</title></path>\n",
        status.substr(0, status.find(' ')), i, escape_html(status), d, edge_colour(status), id,
        status.substr(0, status.find(' ')), escape_html(tip));
    if (label.empty()) continue;
    out += fmt::format("<text class=\"edge-label\" x=\"{}\" y=\"{}\">{}</text>\n", drawn.label_x,
                       drawn.label_y, escape_html(short_text(label, 18)));
  }
  for (size_t n = 0; n < nodes.size(); ++n) out += node_svg(nodes[n], l.x[n], l.y[n]);
  return out + "</svg>\n";
}

}  // namespace panta::report
