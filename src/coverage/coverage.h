#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace panta::coverage {

/// JaCoCo's counters for one source line.
struct LineCoverage {
  uint32_t line = 0;
  int mi = 0;  ///< missed instructions
  int ci = 0;  ///< covered instructions
  int mb = 0;  ///< missed branches
  int cb = 0;  ///< covered branches

  /// JaCoCo's line status: no instruction ran.
  bool missed() const { return ci == 0 && mi > 0; }
  /// Some but not all instructions or branches ran.
  bool partly() const { return ci > 0 && (mi > 0 || mb > 0); }
  bool covered() const { return ci > 0; }
};

struct Counter {
  int missed = 0;
  int covered = 0;
  int total() const { return missed + covered; }
  /// covered / total in percent; 100 when there is nothing to cover.
  double percent() const { return total() == 0 ? 100.0 : 100.0 * covered / total(); }
};

/// Coverage of one class as the JVM helper reports it (nested classes are separate).
struct ClassCoverage {
  std::string name;                 ///< Binary name, e.g. "pkg.Outer$Inner".
  std::string source_file;          ///< File name only, e.g. "Outer.java".
  std::vector<LineCoverage> lines;  ///< Lines with code, ascending.
};

/// Coverage of one source file: its top-level class and everything nested in it, per line.
struct SourceCoverage {
  std::string class_name;  ///< The top-level class, e.g. "pkg.Outer".
  std::string source_file;
  std::map<uint32_t, LineCoverage> lines;

  Counter line_counter() const;
  Counter branch_counter() const;
  std::vector<uint32_t> missed_lines() const;
  std::vector<uint32_t> partly_lines() const;
};

/// Line numbers as "3, 5-7, 12", or "none" for no lines. `lines` must be ascending.
std::string line_ranges(const std::vector<uint32_t>& lines);

/// As line_ranges, but a range runs on across lines JaCoCo counts no code on (blank lines,
/// comments, braces, declarations without a value) when `code` has none of them: "2106-2313"
/// for a method no test entered, not its sixty runs of statements.
std::string line_ranges(const std::vector<uint32_t>& lines,
                        const std::map<uint32_t, LineCoverage>& code);

/// Groups classes by their top-level class (the part of the binary name before '$') and adds
/// up the counters of lines that several of them share.
std::vector<SourceCoverage> by_source(const std::vector<ClassCoverage>& classes);

}  // namespace panta::coverage
