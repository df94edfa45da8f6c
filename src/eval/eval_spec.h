#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace panta::eval {

/// A Java project to evaluate on: a project folder, or a subject of the corpus index.
struct Subject {
  std::string id;                      ///< The folder's name, or the index's id.
  std::string root;                    ///< The folder a scratch copy is made of.
  std::string main_src;                ///< Main sources; empty: the project's layout decides.
  std::string test_src;                ///< Test sources; empty: the project's layout decides.
  std::vector<std::string> classpath;  ///< Extra class path (the index's), absolute.
  std::string classes_dir;             ///< Compiled main classes (the index's), absolute.
  std::string encoding;                ///< Empty: the project's.
  /// A fixed version of the subject's defective classes (Defects4J style): a folder laid out
  /// as the main sources (`demo/Postage.java`) whose files replace those of the copy to tell
  /// bugs revealed from bugs pinned; empty: none.
  std::string fixed_src;
};

/// How the classes of a subject are chosen: the explicit `names`, or the paper's criterion
/// (public, non-abstract classes with a method of CYC > min_cyc), sampled.
struct ClassChoice {
  std::vector<std::string> names;  ///< Fully qualified; when given, the criterion is not used.
  int min_cyc = 10;                ///< A method's CYC must be greater than this.
  int sample = 0;                  ///< At most this many per subject (0: all it picks).
  uint64_t seed = 1;               ///< Seed of the sample.
};

/// The model(s) and the options `panta generate` gets for them.
struct ModelSettings {
  std::vector<std::string> llms;  ///< Several give Table 4.
  std::vector<std::string> args;  ///< --temperature 0 ... as `panta generate` takes them.
};

/// A parsed `panta eval` spec (docs/cli/eval.md).
struct EvalSpec {
  std::string path;  ///< The spec file.
  std::string text;  ///< Its text, printed above the tables.
  std::string title;
  std::vector<Subject> subjects;
  ClassChoice classes;
  bool remove_existing_tests = true;  ///< The paper's setup; false: augment them.
  std::vector<std::string> strategies;
  int repeats = 1;
  int concurrency = 1;
  std::string work_dir;  ///< Scratch copies go here (absolute).
  bool keep_scratch = false;
  bool mutation = true;  ///< Measure the mutation score (PIT) of each cell's final tests.
  ModelSettings model;
  std::vector<std::string> generate_args;  ///< Loop and project options for `panta generate`.

  /// The results database beside the spec: `<stem>.sqlite`.
  std::string results_path() const;
  /// Where outputs go: `<stem>-results/` beside the spec.
  std::string output_dir() const;
};

/// Parses a spec; relative paths are taken from the spec's folder, `~` is $HOME. Fails with
/// "file:line:col: message" naming the key at fault (unknown keys, wrong types, values out of
/// range, a missing folder or index, unknown strategies).
Result<EvalSpec> parse_eval_spec(std::string_view text, const std::string& path,
                                 const std::vector<std::string>& known_strategies);

/// Reads and parses the spec file.
Result<EvalSpec> load_eval_spec(const std::string& path,
                                const std::vector<std::string>& known_strategies);

/// The subjects of a corpus index (`fetch-subjects.sh`'s index.tsv: id, root, main_src,
/// test_src, classpath, classes, encoding), those of `ids` only when it is not empty.
/// Fails naming the file and line, or an id the index does not list.
Result<std::vector<Subject>> read_corpus_index(const std::string& path,
                                               const std::vector<std::string>& ids);

}  // namespace panta::eval
