#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/result.h"

namespace panta::eval {

/// One top-level class of a source folder as the paper's selection sees it.
struct SurveyedClass {
  std::string name;  ///< Fully qualified.
  std::string file;
  bool is_public = false;
  bool is_abstract = false;
  std::string kind;           ///< "class", "interface", "enum", "record", "annotation".
  std::vector<int> mut_cycs;  ///< CYC of each method under test (nested classes' too).
  int max_cyc() const;
};

/// Every top-level class of a source folder, sorted by name; `errors` gets the files that
/// could not be read or parsed (they are skipped).
struct Survey {
  std::vector<SurveyedClass> classes;
  std::vector<std::string> errors;
};

/// Parses every .java file under `source_dir` (in `encoding`) and computes the CYC of each
/// method under test with Panta's own front end (as `panta analyze`). Fails when the folder
/// does not exist.
Result<Survey> survey_sources(const std::string& source_dir, const std::string& encoding);

/// The paper's criterion: public, non-abstract classes (kind "class") with a method under test
/// of CYC greater than `min_cyc`.
bool meets_criterion(const SurveyedClass& c, int min_cyc);

/// `sample` of `picked` (all when 0 or when there are no more), chosen by a Fisher-Yates shuffle
/// driven by std::mt19937_64 seeded with `seed` (its output is fixed by the standard, so the
/// sample is the same everywhere), then sorted by name.
std::vector<SurveyedClass> sample_classes(std::vector<SurveyedClass> picked, int sample,
                                          uint64_t seed);

/// Table 1's figures for some classes: how many, their methods under test, and the largest
/// and median CYC of those methods (the median of an even count is the mean of the middle two).
struct SubjectFigures {
  size_t classes = 0;
  size_t muts = 0;
  int cyc_max = 0;
  double cyc_median = 0;
};
SubjectFigures subject_figures(const std::vector<SurveyedClass>& classes);

/// The main source folder of a subject: `main_src` when set, else `<root>/src/main/java` when
/// it exists, else `<root>/src` when it exists, else `root`.
std::string main_source_dir(const std::string& root, const std::string& main_src);

}  // namespace panta::eval
