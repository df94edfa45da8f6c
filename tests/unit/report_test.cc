// The report module: a class's detail (CFG edges with their coverage), the SVG of a CFG, the
// HTML pages and the merge of shards' reports.
#include <gtest/gtest.h>

#include <map>
#include <regex>

#include "report/cfg_svg.h"
#include "report/class_detail.h"
#include "report/html_parts.h"
#include "report/html_report.h"
#include "report/report_merge.h"
#include "test_support.h"

namespace panta::report {
namespace {

using nlohmann::ordered_json;

coverage::SourceCoverage lines(std::initializer_list<coverage::LineCoverage> l) {
  coverage::SourceCoverage c;
  for (const auto& x : l) c.lines[x.line] = x;
  return c;
}

// sign(5) and sign(0) of Branches.java: line 7 was never true.
ordered_json sign_detail() {
  static auto fa = test::analyze_fixture("Branches.java");
  const auto& m = test::method(fa, "sign(int)");
  MethodCfg mc{"Branches.sign(int)", 4, 11, true, &*m.graph, {}};
  for (const auto& p : m.paths.paths) mc.paths.push_back(p.edges);
  auto c =
      lines({{5, 0, 4, 0, 2}, {6, 0, 2, 0, 0}, {7, 0, 4, 1, 1}, {8, 2, 0, 0, 0}, {10, 0, 2, 0, 0}});
  return class_detail("Branches.java", test::slurp(test::fixture("Branches.java")), {mc}, c);
}

std::string status_of(const ordered_json& method, uint32_t line, const std::string& label) {
  for (const auto& e : method["edges"]) {
    if (method["nodes"][e["from"].get<size_t>()]["line"] == line && e["label"] == label) {
      return e["status"];
    }
  }
  ADD_FAILURE() << "no edge out of line " << line << " labelled " << label;
  return "";
}

TEST(ClassDetail, EdgesCarryTheirCoverage) {
  ordered_json d = sign_detail();
  ASSERT_EQ(d["methods"].size(), 1u);
  const auto& m = d["methods"][0];
  EXPECT_EQ(m["key"], "Branches.sign(int)");
  EXPECT_EQ(m["cyclomatic"], 3);
  EXPECT_EQ(status_of(m, 5, "true"), "covered");
  EXPECT_EQ(status_of(m, 7, "true"), "missed");
  EXPECT_EQ(status_of(m, 7, "false"), "covered");
  EXPECT_EQ(d["lines"].size(), 5u);
  EXPECT_EQ(d["lines"][2], (ordered_json{{"line", 7}, {"mi", 0}, {"ci", 4}, {"mb", 1}, {"cb", 1}}));
  EXPECT_FALSE(m["paths"].empty());
}

TEST(ClassDetail, AnOutcomeTheRunRuledOutIsPossiblyUnreachable) {
  auto fa = test::analyze_fixture("Branches.java");
  const auto& m = test::method(fa, "sign(int)");
  MethodCfg mc{"Branches.sign(int)", 4, 11, true, &*m.graph, {}};
  auto c =
      lines({{5, 0, 4, 0, 2}, {6, 0, 2, 0, 0}, {7, 0, 4, 1, 1}, {8, 2, 0, 0, 0}, {10, 0, 2, 0, 0}});
  auto d = class_detail("B.java", "", {mc}, c, {{"7:true", "asked for 2 times without progress"}});
  const auto& edges = d["methods"][0]["edges"];
  bool found = false;
  for (const auto& e : edges) {
    if (e["status"] != "possibly unreachable") continue;
    found = true;
    EXPECT_EQ(e["why"], "asked for 2 times without progress");
  }
  EXPECT_TRUE(found) << edges.dump();
}

TEST(CfgSvg, EachEdgeIsDrawnInItsStatusColour) {
  ordered_json d = sign_detail();
  const auto& m = d["methods"][0];
  std::string svg = cfg_svg(m, "cfg0");
  std::regex edge(
      "<path class=\"edge [a-z]+\" data-edge=\"([0-9]+)\" data-status=\"([a-z ]+)\" "
      "d=\"[^\"]+\" stroke=\"(#[0-9a-f]+)\"");
  size_t drawn = 0;
  for (std::sregex_iterator i(svg.begin(), svg.end(), edge), end; i != end; ++i, ++drawn) {
    const auto& e = m["edges"][std::stoul((*i)[1])];
    EXPECT_EQ((*i)[2], e["status"].get<std::string>());
    EXPECT_EQ((*i)[3], edge_colour(e["status"].get<std::string>()));
  }
  EXPECT_EQ(drawn, m["edges"].size());
  EXPECT_NE(svg.find("ENTRY"), std::string::npos);
  EXPECT_NE(svg.find("EXIT"), std::string::npos);
  EXPECT_EQ(edge_colour("covered"), "#1e8c3a");
  EXPECT_EQ(edge_colour("missed"), "#d32f2f");
}

// No edge is drawn through a node it does not join (issue 25: the false edge of an `if`
// without `else` went straight through the `then` block). Each edge's curve, sampled, stays
// out of every other node's box.
TEST(CfgSvg, NoEdgeRunsThroughANodeItDoesNotJoin) {
  for (const char* fixture : {"Branches.java", "Loops.java", "Switches.java", "Exceptions.java"}) {
    auto fa = test::analyze_fixture(fixture, true);
    for (const auto& cls : fa.classes) {
      for (const auto& m : cls.methods) {
        if (!m.graph) continue;
        MethodCfg mc{m.method->signature, 0, 0, true, &*m.graph, {}};
        auto d = class_detail(fixture, "", {mc}, coverage::SourceCoverage{});
        const auto& method = d["methods"][0];
        std::string svg = cfg_svg(method, "x");
        struct Box {
          double left, top, right, bottom;
        };
        std::map<int, Box> boxes;
        std::regex rect(
            "data-node=\"([0-9]+)\"><title>[^<]*</title><rect x=\"([-0-9.]+)\" y=\"([-0-9.]+)\" "
            "width=\"([0-9.]+)\" height=\"([0-9.]+)\"");
        for (std::sregex_iterator i(svg.begin(), svg.end(), rect), end; i != end; ++i) {
          double x = std::stod((*i)[2]), y = std::stod((*i)[3]);
          boxes[std::stoi((*i)[1])] = {x, y, x + std::stod((*i)[4]), y + std::stod((*i)[5])};
        }
        std::regex diamond(
            "data-node=\"([0-9]+)\"><title>[^<]*</title><polygon points=\"([-0-9.]+),[-0-9.]+ "
            "[-0-9.]+,([-0-9.]+) ([-0-9.]+),[-0-9.]+ [-0-9.]+,([-0-9.]+)\"");
        for (std::sregex_iterator i(svg.begin(), svg.end(), diamond), end; i != end; ++i) {
          boxes[std::stoi((*i)[1])] = {std::stod((*i)[2]), std::stod((*i)[3]), std::stod((*i)[4]),
                                       std::stod((*i)[5])};
        }
        ASSERT_EQ(boxes.size(), method["nodes"].size()) << svg;
        // Each edge's path: a move, then curves (C) and lines (L), sampled along their length.
        std::regex path("data-edge=\"([0-9]+)\"[^>]* d=\"([^\"]+)\"");
        std::regex number("-?[0-9.]+");
        size_t paths = 0;
        for (std::sregex_iterator i(svg.begin(), svg.end(), path), end; i != end; ++i, ++paths) {
          const auto& e = method["edges"][std::stoul((*i)[1])];
          std::string d = (*i)[2];
          std::vector<std::pair<double, double>> points;  // sampled
          std::vector<double> at;
          char command = 0;
          double cx = 0, cy = 0;
          auto sample = [&] {
            if (command == 'M' && at.size() == 2) {
              cx = at[0], cy = at[1];
            } else if (command == 'L' && at.size() == 2) {
              for (double t = 0; t <= 1.0; t += 0.05)
                points.push_back({cx + (at[0] - cx) * t, cy + (at[1] - cy) * t});
              cx = at[0], cy = at[1];
            } else if (command == 'C' && at.size() == 6) {
              for (double t = 0; t <= 1.0; t += 0.05) {
                double u = 1 - t;
                points.push_back({u * u * u * cx + 3 * u * u * t * at[0] + 3 * u * t * t * at[2] +
                                      t * t * t * at[4],
                                  u * u * u * cy + 3 * u * u * t * at[1] + 3 * u * t * t * at[3] +
                                      t * t * t * at[5]});
              }
              cx = at[4], cy = at[5];
            } else if (command != 0) {
              ADD_FAILURE() << "unread path " << d;
            }
            at.clear();
          };
          for (size_t k = 0; k <= d.size(); ++k) {
            if (k == d.size() || d[k] == 'M' || d[k] == 'L' || d[k] == 'C') {
              sample();
              if (k == d.size()) break;
              command = d[k];
              size_t next = d.find_first_of("MLC", k + 1);
              std::string args =
                  d.substr(k + 1, next == std::string::npos ? std::string::npos : next - k - 1);
              for (std::sregex_iterator n(args.begin(), args.end(), number), none; n != none; ++n)
                at.push_back(std::stod(n->str()));
              k = (next == std::string::npos ? d.size() : next) - 1;
            }
          }
          for (const auto& [x, y] : points) {
            for (const auto& [id, b] : boxes) {
              if (id == e["from"].get<int>() || id == e["to"].get<int>()) continue;
              EXPECT_FALSE(x > b.left + 1 && x < b.right - 1 && y > b.top + 1 && y < b.bottom - 1)
                  << fixture << " " << m.method->signature << ": edge " << (*i)[1] << " ("
                  << e["from"] << " -> " << e["to"] << ") runs through node " << id << ": " << d;
            }
          }
        }
        EXPECT_EQ(paths, method["edges"].size());
      }
    }
  }
}

TEST(CfgSvg, LoopsAndEscapedText) {
  auto fa = test::analyze_fixture("Loops.java", true);
  for (const auto& cls : fa.classes) {
    for (const auto& m : cls.methods) {
      if (!m.graph) continue;
      MethodCfg mc{m.method->signature, 0, 0, true, &*m.graph, {}};
      auto d = class_detail("Loops.java", "", {mc}, coverage::SourceCoverage{});
      std::string svg = cfg_svg(d["methods"][0], "x");
      EXPECT_EQ(svg.find("<<"), std::string::npos) << svg;
      EXPECT_NE(svg.find("</svg>"), std::string::npos);
    }
  }
  EXPECT_EQ(escape_html("a<b && \"c\""), "a&lt;b &amp;&amp; &quot;c&quot;");
}

ordered_json entry(const std::string& cls, double before, double after) {
  return {{"class", cls},
          {"initial", {{"line_coverage", before}, {"branch_coverage", before}}},
          {"iterations", ordered_json::array({{{"n", 1},
                                               {"line_coverage", after},
                                               {"branch_coverage", after},
                                               {"tests_passed_first_try", 2},
                                               {"tests_repaired", 1},
                                               {"prompt_tokens", 1000},
                                               {"completion_tokens", 200},
                                               {"selected_paths", {"Branches.sign(int): path 1"}},
                                               {"tests_added", {"a", "b", "c"}}}})},
          {"final", {{"line_coverage", after}, {"branch_coverage", after}}},
          {"stop_reason", "full coverage"},
          {"suspected_defects", {"sign(0) <b>is</b> wrong"}},
          {"status", "done"}};
}

TEST(HtmlReport, IndexAndClassPagesWithNothingFromElsewhere) {
  ordered_json with_detail = entry("fixtures.Branches", 10, 80);
  with_detail["detail"] = sign_detail();
  with_detail["not_analysed"] = {"Branches.odd(int) (line 40): syntax error at 41:7"};
  auto files = html_report({with_detail, entry("fixtures.Other", 0, 50)}, {2, 10, "T"});
  ASSERT_TRUE(files) << files.error().message;
  std::map<std::string, std::string> by_name;
  for (const auto& f : *files) by_name[f.name] = f.text;
  ASSERT_EQ(by_name.size(), 4u);  // index, one class page, css, js
  const std::string& index = by_name["index.html"];
  EXPECT_NE(index.find("<a href=\"fixtures.Branches.html\">fixtures.Branches</a>"),
            std::string::npos);
  EXPECT_NE(index.find("10.0 % → 80.0 %"), std::string::npos);
  EXPECT_NE(index.find("1000 / 200"), std::string::npos);
  EXPECT_NE(index.find("0.0040"), std::string::npos);  // 1000 * 2 / 1e6 + 200 * 10 / 1e6
  const std::string& page = by_name["fixtures.Branches.html"];
  EXPECT_NE(page.find("<svg class=\"cfg\" id=\"cfg0\""), std::string::npos);
  EXPECT_NE(page.find("asked for in iteration 1"), std::string::npos);
  EXPECT_NE(page.find("sign(0) &lt;b&gt;is&lt;/b&gt; wrong"), std::string::npos);
  EXPECT_NE(page.find("tests added</th>"), std::string::npos);
  EXPECT_NE(page.find(": a, b, c"), std::string::npos);
  EXPECT_NE(page.find("title=\"1 of 2 branches missed.\""), std::string::npos);
  EXPECT_NE(page.find("class=\"line nc\" id=\"L8\""), std::string::npos);
  EXPECT_NE(page.find("class=\"line fc\" id=\"L6\""), std::string::npos);
  EXPECT_NE(page.find("class=\"line pc\" id=\"L7\""), std::string::npos);
  EXPECT_NE(page.find("<h2>Not analysed (no test was asked for them)</h2>\n<ul>\n<li>"
                      "Branches.odd(int) (line 40): syntax error at 41:7</li>"),
            std::string::npos);
  for (const auto& [name, text] : by_name) {
    EXPECT_EQ(text.find("http:"), text.find("http://www.w3.org/2000/svg")) << name;
    EXPECT_EQ(text.find("https:"), std::string::npos) << name;
  }
  EXPECT_EQ(class_page_name("a.B$C<D>"), "a.B$C_D_.html");
  EXPECT_EQ(class_page_name("index"), "index_.html");
}

// Reproducers (issue 28): a "Defects" table on the class page, confirmed ones as the report
// lists them (first), the line linked to the source; the index counts the confirmed ones.
TEST(HtmlReport, TheDefectsOfAClassAreATableAndCountedInTheIndex) {
  ordered_json e = entry("fixtures.Branches", 10, 80);
  e["detail"] = sign_detail();
  e["defects"] = ordered_json::array(
      {{{"test", "fixtures.BranchesDefectsTest#zero"},
        {"file", "src/main/java/fixtures/Branches.java"},
        {"line", 7},
        {"claim", "sign(0) is <1>"},
        {"status", "confirmed"},
        {"expected", "0"},
        {"actual", "1"},
        {"why", "it fails at its own assertion, twice"}},
       {{"test", "fixtures.BranchesTest#other"}, {"line", 0}, {"status", "refuted"}}});
  auto files = html_report({e}, {});
  ASSERT_TRUE(files) << files.error().message;
  std::map<std::string, std::string> by_name;
  for (const auto& f : *files) by_name[f.name] = f.text;
  const std::string& page = by_name["fixtures.Branches.html"];
  EXPECT_NE(page.find("<h2>Defects</h2>"), std::string::npos) << page;
  EXPECT_NE(page.find("<tr class=\"defect-confirmed\"><td>confirmed</td><td><a "
                      "href=\"#L7\">7</a></td><td>sign(0) is &lt;1&gt;</td><td>0</td><td>1</td>"
                      "<td>fixtures.BranchesDefectsTest#zero</td>"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("<tr class=\"defect-refuted\"><td>refuted</td><td></td>"), std::string::npos);
  const std::string& index = by_name["index.html"];
  EXPECT_NE(index.find("confirmed defects</th>"), std::string::npos);
  EXPECT_NE(index.find("<td class=\"num\" data-value=\"1\">1</td>"), std::string::npos) << index;
}

// The token scale's label ends inside the chart however long its number (issue 25: it began at
// the plot's right edge and was clipped).
TEST(HtmlReport, TheTokenScaleEndsInsideTheChart) {
  ordered_json e = entry("fixtures.Branches", 10, 80);
  e["iterations"][0]["prompt_tokens"] = 123456789;
  std::string chart = html::iteration_chart(e);
  std::smatch size;
  ASSERT_TRUE(std::regex_search(chart, size, std::regex("viewBox=\"0 0 ([0-9.]+) ([0-9.]+)\"")));
  std::smatch label;
  ASSERT_TRUE(
      std::regex_search(chart, label,
                        std::regex("<text class=\"token-scale\" x=\"([0-9.]+)\" y=\"([0-9.]+)\" "
                                   "text-anchor=\"end\">123456989 tokens</text>")))
      << chart;
  EXPECT_LE(std::stod(label[1]), std::stod(size[1]));
  EXPECT_GT(std::stod(label[2]), 8.0);  // a line of text fits above it
}

TEST(HtmlReport, AnEntryOfTheWrongShapeIsAnError) {
  ordered_json bad = entry("x.Y", 0, 1);
  bad["detail"] = {{"methods", {{{"nodes", 3}, {"edges", ordered_json::array()}}}}};
  auto files = html_report({bad}, {});
  ASSERT_FALSE(files);
  EXPECT_NE(files.error().message.find("does not have the fields"), std::string::npos);
}

TEST(ReportMerge, ClassesOfEveryShardInClassOrder) {
  ReportFile a{"a.json", ordered_json::array({{{"class", "p.Z"}}, {{"class", "p.B"}}})};
  ReportFile b{"b.json", {{"class", "p.M"}, {"final", {{"line_coverage", 5}}}}};
  auto merged = merge_reports({a, b});
  ASSERT_TRUE(merged) << merged.error().message;
  ASSERT_EQ(merged->size(), 3u);
  EXPECT_EQ((*merged)[0]["class"], "p.B");
  EXPECT_EQ((*merged)[1]["final"]["line_coverage"], 5);
  EXPECT_EQ((*merged)[2]["class"], "p.Z");

  auto twice = merge_reports({a, ReportFile{"c.json", {{"class", "p.B"}}}});
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().message,
            "class p.B is in both a.json and c.json (each class belongs to one shard)");
  EXPECT_FALSE(merge_reports({ReportFile{"d.json", 3}}));
  EXPECT_FALSE(merge_reports({ReportFile{"e.json", ordered_json::array({{{"x", 1}}})}}));
  auto none = merge_reports({});
  ASSERT_TRUE(none);
  EXPECT_TRUE(none->empty());
}

}  // namespace
}  // namespace panta::report
