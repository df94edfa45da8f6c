#include "mutation/mutation_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <pugixml.hpp>

namespace panta::mutation {

MutantCounts MutationReport::counts() const {
  MutantCounts c;
  for (const Mutant& m : mutants) {
    ++c.total;
    if (m.detected) ++c.detected;
    if (m.status == "killed") ++c.killed;
    if (m.status == "survived") ++c.survived;
    if (m.status == "no_coverage") ++c.no_coverage;
    if (m.status == "timed_out") ++c.timed_out;
    if (m.status == "memory_error") ++c.memory_error;
    if (m.status == "run_error") ++c.run_error;
  }
  return c;
}

double MutationReport::score() const {
  MutantCounts c = counts();
  if (c.total == 0) return 100.0;
  return std::round(10000.0 * c.detected / c.total) / 100.0;
}

std::vector<Mutant> MutationReport::survivors() const {
  std::vector<Mutant> out;
  for (const Mutant& m : mutants) {
    if (m.status == "survived" || m.status == "no_coverage") out.push_back(m);
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Mutant& a, const Mutant& b) { return a.line < b.line; });
  return out;
}

namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string short_mutator(const std::string& name) {
  size_t dot = name.rfind('.');
  return dot == std::string::npos ? name : name.substr(dot + 1);
}

bool of_class(const std::string& mutated, const std::string& class_name) {
  return mutated == class_name || mutated.rfind(class_name + "$", 0) == 0;
}

}  // namespace

Result<MutationReport> parse_mutations_xml(std::string_view xml, const std::string& class_name) {
  pugi::xml_document doc;
  pugi::xml_parse_result parsed = doc.load_buffer(xml.data(), xml.size());
  if (!parsed) return Error{std::string("PIT's mutations.xml: ") + parsed.description()};
  pugi::xml_node root = doc.child("mutations");
  if (!root) return Error{"PIT's mutations.xml: no <mutations> element"};
  MutationReport report;
  report.class_name = class_name;
  for (pugi::xml_node node : root.children("mutation")) {
    if (!of_class(node.child_value("mutatedClass"), class_name)) continue;
    Mutant m;
    m.line = node.child("lineNumber").text().as_int();
    m.method = node.child_value("mutatedMethod");
    m.mutator = short_mutator(node.child_value("mutator"));
    m.description = node.child_value("description");
    m.status = lower(node.attribute("status").value());
    m.detected = node.attribute("detected").as_bool();
    report.mutants.push_back(std::move(m));
  }
  return report;
}

nlohmann::ordered_json report_json(const MutationReport& report) {
  MutantCounts c = report.counts();
  nlohmann::ordered_json survivors = nlohmann::ordered_json::array();
  for (const Mutant& m : report.survivors()) {
    survivors.push_back({{"line", m.line},
                         {"mutator", m.mutator},
                         {"description", m.description},
                         {"status", m.status}});
  }
  return {{"class", report.class_name},
          {"score", report.score()},
          {"mutants",
           {{"total", c.total},
            {"detected", c.detected},
            {"killed", c.killed},
            {"survived", c.survived},
            {"no_coverage", c.no_coverage},
            {"timed_out", c.timed_out},
            {"memory_error", c.memory_error},
            {"run_error", c.run_error}}},
          {"survivors", std::move(survivors)}};
}

std::string report_text(const MutationReport& report) {
  MutantCounts c = report.counts();
  std::string out = fmt::format("{}\n  mutation score {:.1f}%  ({} of {} mutants detected)\n",
                                report.class_name, report.score(), c.detected, c.total);
  out += fmt::format(
      "  killed {}, survived {}, no coverage {}, timed out {}, memory error {}, run error {}\n",
      c.killed, c.survived, c.no_coverage, c.timed_out, c.memory_error, c.run_error);
  for (const Mutant& m : report.survivors()) {
    out += fmt::format("  {:<11} line {}: {} ({}) in {}\n",
                       m.status == "survived" ? "survived" : "no coverage", m.line, m.description,
                       m.mutator, m.method);
  }
  return out;
}

std::string survivor_line(const Mutant& m) {
  return fmt::format("line {}: {} ({}, in {}) {}", m.line, m.description, m.mutator, m.method,
                     m.status == "survived" ? "survives" : "is not covered by any test");
}

}  // namespace panta::mutation
