#include <fmt/format.h>

#include <algorithm>

#include "report/html_parts.h"

namespace panta::report::html {
namespace {

using nlohmann::json;

constexpr double kW = 560, kH = 230;
constexpr double kLeft = 44, kRight = 60, kTop = 16, kBottom = 34;

double plot_x(size_t i, size_t points) {
  double span = kW - kLeft - kRight;
  return points <= 1 ? kLeft + span / 2 : kLeft + span * i / (points - 1);
}

double plot_y(double fraction) {
  return kTop + (kH - kTop - kBottom) * (1 - fraction);
}

std::string polyline(const std::vector<double>& pct, const char* colour, const char* cls) {
  std::string points, dots;
  for (size_t i = 0; i < pct.size(); ++i) {
    double x = plot_x(i, pct.size()), y = plot_y(pct[i] / 100);
    points += fmt::format("{:.1f},{:.1f} ", x, y);
    dots += fmt::format(
        "<circle cx=\"{:.1f}\" cy=\"{:.1f}\" r=\"3\" fill=\"{}\"><title>{:.1f} %"
        "</title></circle>",
        x, y, colour, pct[i]);
  }
  return fmt::format(
      "<polyline class=\"{}\" points=\"{}\" fill=\"none\" stroke=\"{}\" "
      "stroke-width=\"2\"/>{}\n",
      cls, points, colour, dots);
}

std::string axes(size_t points, int64_t max_tokens) {
  std::string out;
  for (int p = 0; p <= 100; p += 25) {
    out += fmt::format(
        "<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#e4e4e4\"/>"
        "<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{} %</text>",
        kLeft, kW - kRight, plot_y(p / 100.0), plot_y(p / 100.0), kLeft - 4, plot_y(p / 100.0) + 4,
        p);
  }
  // Above the plot's top right corner, ending inside the picture however long the number.
  out += fmt::format(
      "<text class=\"token-scale\" x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">"
      "{} tokens</text>",
      kW - 2, plot_y(1) - 4, max_tokens);
  for (size_t i = 0; i < points; ++i) {
    out += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                       plot_x(i, points), kH - kBottom + 14, i);
  }
  return out + fmt::format(
                   "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">iteration (0: before "
                   "the first)</text>\n",
                   (kLeft + kW - kRight) / 2, kH - 4);
}

}  // namespace

std::string iteration_chart(const json& entry) {
  const json& its = entry.value("iterations", json::array());
  if (its.empty()) return "";
  std::vector<double> lines, branches;
  const json& initial = entry.value("initial", json::object());
  lines.push_back(initial.value("line_coverage", 0.0));
  branches.push_back(initial.value("branch_coverage", 0.0));
  int64_t max_tokens = 1;
  for (const json& it : its) {
    lines.push_back(it.value("line_coverage", 0.0));
    branches.push_back(it.value("branch_coverage", 0.0));
    max_tokens = std::max(max_tokens, it.value("prompt_tokens", int64_t{0}) +
                                          it.value("completion_tokens", int64_t{0}));
  }
  std::string bars;
  double bar_w = std::min(28.0, (kW - kLeft - kRight) / (lines.size() + 1));
  for (size_t i = 0; i < its.size(); ++i) {
    int64_t t =
        its[i].value("prompt_tokens", int64_t{0}) + its[i].value("completion_tokens", int64_t{0});
    double top = plot_y(static_cast<double>(t) / max_tokens);
    bars += fmt::format(
        "<rect class=\"tokens\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{:.1f}\" "
        "fill=\"#c9d7ee\"><title>iteration {}: {} tokens</title></rect>",
        plot_x(i + 1, lines.size()) - bar_w / 2, top, bar_w, plot_y(0) - top, i + 1, t);
  }
  return fmt::format(
      "<h2>Coverage and tokens per iteration</h2>\n<svg class=\"chart\" "
      "xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\">\n"
      "{}{}\n{}{}</svg>\n<p class=\"legend\"><span><i style=\"background:#1565c0\"></i>line "
      "coverage</span><span><i style=\"background:#8e24aa\"></i>branch coverage</span>"
      "<span><i style=\"background:#c9d7ee;height:10px\"></i>tokens (in + out)</span></p>\n",
      kW, kH, kW, kH, axes(lines.size(), max_tokens), bars,
      polyline(lines, "#1565c0", "line-coverage"),
      polyline(branches, "#8e24aa", "branch-coverage"));
}

}  // namespace panta::report::html
