#include "eval/eval_spec.h"

#include <fmt/format.h>

#include <toml++/toml.h>
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace panta::eval {
namespace fs = std::filesystem;
namespace {

Error error_at(const std::string& path, const toml::source_region& where, const std::string& what) {
  return Error{fmt::format("{}:{}:{}: {}", path, where.begin.line, where.begin.column, what)};
}

// Reads one table of the spec; every key it does not take is an error naming the known ones.
class TableReader {
 public:
  TableReader(const std::string& path, const toml::table& table, std::string name,
              std::vector<std::string> known)
      : path_(path), table_(table), name_(std::move(name)), known_(std::move(known)) {}

  Status check_keys() const {
    for (const auto& [key, node] : table_) {
      (void)node;
      std::string k(key.str());
      if (std::find(known_.begin(), known_.end(), k) != known_.end()) continue;
      std::string list;
      for (const std::string& n : known_) list += (list.empty() ? "" : ", ") + n;
      return error_at(path_, key.source(),
                      fmt::format("unknown key '{}' in {} (known keys: {})", k, where(), list));
    }
    return ok_status();
  }

  Result<std::optional<std::string>> text(const std::string& key) const {
    const toml::node* node = table_.get(key);
    if (node == nullptr) return std::optional<std::string>{};
    const auto* v = node->as_string();
    if (v == nullptr || v->get().empty()) return wrong(*node, key, "a non-empty string");
    return std::optional<std::string>{v->get()};
  }

  Result<std::vector<std::string>> texts(const std::string& key) const {
    const toml::node* node = table_.get(key);
    if (node == nullptr) return std::vector<std::string>{};
    if (const auto* one = node->as_string()) return std::vector<std::string>{one->get()};
    const toml::array* array = node->as_array();
    if (array == nullptr) return wrong(*node, key, "a string or an array of strings");
    std::vector<std::string> out;
    for (const toml::node& e : *array) {
      const auto* s = e.as_string();
      if (s == nullptr || s->get().empty()) return wrong(e, key, "non-empty strings");
      out.push_back(s->get());
    }
    return out;
  }

  Result<std::optional<int64_t>> integer(const std::string& key, int64_t low, int64_t high) const {
    const toml::node* node = table_.get(key);
    if (node == nullptr) return std::optional<int64_t>{};
    const auto* v = node->as_integer();
    if (v == nullptr || v->get() < low || v->get() > high) {
      return wrong(*node, key, fmt::format("an integer from {} to {}", low, high));
    }
    return std::optional<int64_t>{v->get()};
  }

  Result<std::optional<bool>> boolean(const std::string& key) const {
    const toml::node* node = table_.get(key);
    if (node == nullptr) return std::optional<bool>{};
    const auto* v = node->as_boolean();
    if (v == nullptr) return wrong(*node, key, "true or false");
    return std::optional<bool>{v->get()};
  }

  Error wrong(const toml::node& node, const std::string& key, const std::string& what) const {
    return error_at(path_, node.source(), fmt::format("'{}' in {} must be {}", key, where(), what));
  }

  const toml::table& table() const { return table_; }

 private:
  std::string where() const { return name_.empty() ? "the spec" : "[" + name_ + "]"; }
  const std::string& path_;
  const toml::table& table_;
  std::string name_;
  std::vector<std::string> known_;
};

std::string absolute_from(const std::string& base_dir, const std::string& p) {
  std::string expanded = p;
  if (!p.empty() && p[0] == '~' && (p.size() == 1 || p[1] == '/')) {
    const char* home = std::getenv("HOME");
    expanded = std::string(home != nullptr ? home : "") + p.substr(1);
  }
  fs::path full = fs::path(expanded).is_absolute() ? fs::path(expanded) : base_dir / fs::path(p);
  return full.lexically_normal().string();
}

std::string spec_dir(const std::string& path) {
  fs::path parent = fs::absolute(path).parent_path();
  return parent.lexically_normal().string();
}

#define PANTA_TRY(var, expr) \
  auto var = (expr);         \
  if (!var) return std::move(var).error()

const toml::table* sub_table(const toml::table& doc, const std::string& name) {
  const toml::node* node = doc.get(name);
  return node != nullptr ? node->as_table() : nullptr;
}

// `fixed = { subject = "folder" }`: the fixed version of a subject's defective classes.
Status read_fixed(const TableReader& r, const std::string& base, EvalSpec& spec) {
  const toml::node* node = r.table().get("fixed");
  if (node == nullptr) return ok_status();
  const toml::table* fixed = node->as_table();
  if (fixed == nullptr) return r.wrong(*node, "fixed", "a table of subject = \"folder\"");
  for (const auto& [key, value] : *fixed) {
    std::string id(key.str());
    auto subject = std::find_if(spec.subjects.begin(), spec.subjects.end(),
                                [&id](const Subject& s) { return s.id == id; });
    const std::string* folder = value.as_string() ? &value.as_string()->get() : nullptr;
    if (subject == spec.subjects.end() || folder == nullptr) {
      return error_at(spec.path, value.source(),
                      "'fixed' must map subjects of this spec to folders ('" + id + "'" +
                          (subject == spec.subjects.end() ? " is no subject)" : ")"));
    }
    std::string root = absolute_from(base, *folder);
    std::error_code ec;
    if (!fs::is_directory(root, ec))
      return error_at(spec.path, value.source(), "'fixed': " + root + " is not a folder");
    subject->fixed_src = root;
  }
  return ok_status();
}

Status read_subjects(const TableReader& r, const std::string& base, EvalSpec& spec) {
  if (auto s = r.check_keys(); !s) return s;
  PANTA_TRY(projects, r.texts("projects"));
  for (const std::string& p : *projects) {
    std::string root = absolute_from(base, p);
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
      return r.wrong(*r.table().get("projects"), "projects",
                     "existing project folders (" + root + " is not a folder)");
    }
    Subject s;
    s.id = fs::path(root).filename().string();
    s.root = root;
    spec.subjects.push_back(std::move(s));
  }
  PANTA_TRY(corpus, r.text("corpus"));
  PANTA_TRY(ids, r.texts("corpus_ids"));
  if (!*corpus && !ids->empty()) {
    return r.wrong(*r.table().get("corpus_ids"), "corpus_ids", "given with 'corpus'");
  }
  if (*corpus) {
    auto found = read_corpus_index(absolute_from(base, **corpus), *ids);
    if (!found)
      return error_at(spec.path, r.table().get("corpus")->source(), found.error().message);
    for (Subject& s : *found) spec.subjects.push_back(std::move(s));
  }
  return read_fixed(r, base, spec);
}

Status read_classes(const TableReader& r, EvalSpec& spec) {
  if (auto s = r.check_keys(); !s) return s;
  PANTA_TRY(names, r.texts("names"));
  PANTA_TRY(criterion, r.text("criterion"));
  PANTA_TRY(min_cyc, r.integer("min_cyc", 0, 100000));
  PANTA_TRY(sample, r.integer("sample", 0, 1000000));
  PANTA_TRY(seed, r.integer("seed", 0, INT64_MAX));
  if (*criterion && **criterion != "paper") {
    return r.wrong(*r.table().get("criterion"), "criterion", "\"paper\"");
  }
  if (!names->empty() && (*criterion || *min_cyc || *sample)) {
    return r.wrong(*r.table().get("names"), "names",
                   "given without criterion, min_cyc and sample (an explicit list is not sampled)");
  }
  spec.classes.names = std::move(*names);
  if (*min_cyc) spec.classes.min_cyc = static_cast<int>(**min_cyc);
  if (*sample) spec.classes.sample = static_cast<int>(**sample);
  if (*seed) spec.classes.seed = static_cast<uint64_t>(**seed);
  return ok_status();
}

Status read_run(const TableReader& r, const std::string& base,
                const std::vector<std::string>& known_strategies, EvalSpec& spec) {
  if (auto s = r.check_keys(); !s) return s;
  PANTA_TRY(existing, r.text("existing_tests"));
  if (*existing && **existing != "remove" && **existing != "augment") {
    return r.wrong(*r.table().get("existing_tests"), "existing_tests",
                   "\"remove\" (the paper's setup) or \"augment\"");
  }
  spec.remove_existing_tests = !*existing || **existing == "remove";
  PANTA_TRY(strategies, r.texts("strategies"));
  for (const std::string& s : *strategies) {
    if (std::find(known_strategies.begin(), known_strategies.end(), s) == known_strategies.end()) {
      std::string list;
      for (const std::string& k : known_strategies) list += (list.empty() ? "" : ", ") + k;
      return r.wrong(*r.table().get("strategies"), "strategies",
                     fmt::format("strategies Panta has ({}), not '{}'", list, s));
    }
  }
  if (!strategies->empty()) spec.strategies = std::move(*strategies);
  PANTA_TRY(repeats, r.integer("repeats", 1, 1000));
  PANTA_TRY(concurrency, r.integer("concurrency", 1, 256));
  PANTA_TRY(work_dir, r.text("work_dir"));
  PANTA_TRY(keep, r.boolean("keep_scratch"));
  PANTA_TRY(mutation, r.boolean("mutation"));
  if (*mutation) spec.mutation = **mutation;
  if (*repeats) spec.repeats = static_cast<int>(**repeats);
  if (*concurrency) spec.concurrency = static_cast<int>(**concurrency);
  if (*work_dir) spec.work_dir = absolute_from(base, **work_dir);
  if (*keep) spec.keep_scratch = **keep;
  return ok_status();
}

// A key of [model] or [generate] and the `panta generate` flag it becomes.
struct FlagKey {
  const char* key;
  const char* flag;
  char type;  // 'i' integer, 'n' number, 's' string
};

constexpr FlagKey kModelKeys[] = {
    {"temperature", "--temperature", 'n'},
    {"max_answer_tokens", "--max-answer-tokens", 'i'},
    {"max_tokens", "--max-answer-tokens", 'i'},  // its name before --max-answer-tokens
    {"seed", "--seed", 'i'},
    {"timeout_s", "--llm-timeout", 'n'},
    {"retries", "--llm-retries", 'i'},
    {"base_url", "--llm-base-url", 's'},
    {"price_in", "--price-in", 'n'},
    {"price_out", "--price-out", 'n'},
};

constexpr FlagKey kGenerateKeys[] = {
    {"max_iterations", "--max-iterations", 'i'},
    {"max_no_increase", "--max-no-increase", 'i'},
    {"max_path_selections", "--max-path-selections", 'i'},
    {"max_methods", "--max-methods", 'i'},
    {"repair_attempts", "--repair-attempts", 'i'},
    {"max_prompt_tokens", "--max-prompt-tokens", 'i'},
    {"max_answer_bytes", "--max-answer-bytes", 'i'},
    {"test_timeout_s", "--test-timeout", 'n'},
    {"heap", "--heap", 's'},
    {"sandbox", "--sandbox", 's'},
    {"prompt_dir", "--prompt-dir", 's'},
    {"mutants", "--mutants", 'i'},
    {"pit_timeout_s", "--pit-timeout", 'i'},
};

template <size_t N>
Status read_flags(const std::string& path, const toml::table& table, const FlagKey (&keys)[N],
                  std::vector<std::string>& args) {
  for (const auto& [key, node] : table) {
    const FlagKey* k = std::find_if(std::begin(keys), std::end(keys),
                                    [&](const FlagKey& f) { return key.str() == f.key; });
    if (k == std::end(keys)) continue;  // the caller checked the keys
    std::string value;
    if (k->type == 'i' && node.is_integer()) {
      value = std::to_string(node.as_integer()->get());
    } else if (k->type == 'n' && (node.is_integer() || node.is_floating_point())) {
      value = node.is_integer() ? std::to_string(node.as_integer()->get())
                                : fmt::format("{}", node.as_floating_point()->get());
    } else if (k->type == 's' && node.is_string()) {
      value = node.as_string()->get();
    } else {
      const char* what = k->type == 'i' ? "an integer" : k->type == 'n' ? "a number" : "a string";
      return error_at(path, node.source(), fmt::format("'{}' must be {}", k->key, what));
    }
    args.push_back(k->flag);
    args.push_back(value);
  }
  return ok_status();
}

template <size_t N>
std::vector<std::string> key_names(const FlagKey (&keys)[N], std::vector<std::string> more) {
  for (const FlagKey& k : keys) more.emplace_back(k.key);
  return more;
}

Status read_model(const TableReader& r, EvalSpec& spec) {
  if (auto s = r.check_keys(); !s) return s;
  PANTA_TRY(llms, r.texts("llm"));
  spec.model.llms = std::move(*llms);
  return read_flags(spec.path, r.table(), kModelKeys, spec.model.args);
}

Status check_whole(const EvalSpec& spec) {
  if (spec.subjects.empty()) {
    return Error{spec.path +
                 ": no subjects: give [subjects] projects = [...] or corpus = \"index.tsv\""};
  }
  if (spec.model.llms.empty()) {
    return Error{spec.path + ": no model: give [model] llm = \"SPEC\" (or a list of specs)"};
  }
  for (size_t i = 0; i < spec.subjects.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (spec.subjects[i].id == spec.subjects[j].id) {
        return Error{spec.path + ": two subjects are called '" + spec.subjects[i].id + "'"};
      }
    }
  }
  return ok_status();
}

Status read_tables(const toml::table& doc, const std::vector<std::string>& known_strategies,
                   EvalSpec& spec) {
  const std::string& path = spec.path;
  std::string base = spec_dir(path);
  TableReader top(path, doc, "", {"title", "subjects", "classes", "run", "model", "generate"});
  if (auto s = top.check_keys(); !s) return s;
  PANTA_TRY(title, top.text("title"));
  if (*title) spec.title = **title;
  for (const char* name : {"subjects", "classes", "run", "model", "generate"}) {
    const toml::node* node = doc.get(name);
    if (node != nullptr && !node->is_table()) return top.wrong(*node, name, "a table");
  }
  toml::table empty;
  auto table = [&](const char* name) {
    const toml::table* t = sub_table(doc, name);
    return t != nullptr ? t : &empty;
  };
  if (auto s = read_subjects(TableReader(path, *table("subjects"), "subjects",
                                         {"projects", "corpus", "corpus_ids", "fixed"}),
                             base, spec);
      !s)
    return s;
  if (auto s = read_classes(TableReader(path, *table("classes"), "classes",
                                        {"names", "criterion", "min_cyc", "sample", "seed"}),
                            spec);
      !s)
    return s;
  if (auto s = read_run(TableReader(path, *table("run"), "run",
                                    {"existing_tests", "strategies", "repeats", "concurrency",
                                     "work_dir", "keep_scratch", "mutation"}),
                        base, known_strategies, spec);
      !s)
    return s;
  if (auto s = read_model(
          TableReader(path, *table("model"), "model", key_names(kModelKeys, {"llm"})), spec);
      !s)
    return s;
  TableReader generate(path, *table("generate"), "generate", key_names(kGenerateKeys, {}));
  if (auto s = generate.check_keys(); !s) return s;
  if (auto s = read_flags(path, *table("generate"), kGenerateKeys, spec.generate_args); !s)
    return s;
  return check_whole(spec);
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, sep)) out.push_back(field);
  if (!line.empty() && line.back() == sep) out.emplace_back();
  return out;
}

Result<Subject> index_row(const std::string& path, int line_no, const std::string& line) {
  std::vector<std::string> f = split(line, '\t');
  if (f.size() < 7) {
    return Error{
        fmt::format("{}:{}: expected 7 tab-separated fields (id, root, main_src, "
                    "test_src, classpath, classes, encoding), found {}",
                    path, line_no, f.size())};
  }
  Subject s{f[0], f[1], f[2], f[3], {}, f[5], f[6], ""};
  for (const std::string& entry : split(f[4], ':')) {
    if (!entry.empty()) s.classpath.push_back(entry);
  }
  return s;
}

}  // namespace

std::string EvalSpec::results_path() const {
  fs::path p(path);
  return (fs::absolute(p).parent_path() / (p.stem().string() + ".sqlite")).string();
}

std::string EvalSpec::output_dir() const {
  fs::path p(path);
  return (fs::absolute(p).parent_path() / (p.stem().string() + "-results")).string();
}

Result<EvalSpec> parse_eval_spec(std::string_view text, const std::string& path,
                                 const std::vector<std::string>& known_strategies) {
  EvalSpec spec;
  spec.path = path;
  spec.text = std::string(text);
  spec.strategies = {"baseline", "basic", "cov", "panta"};
  toml::table doc;
  try {
    doc = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    return error_at(path, e.source(), std::string(e.description()));
  }
  if (auto s = read_tables(doc, known_strategies, spec); !s) return s.error();
  if (spec.work_dir.empty()) {
    fs::path p(path);
    spec.work_dir = (fs::absolute(p).parent_path() / (p.stem().string() + ".work")).string();
  }
  return spec;
}

Result<EvalSpec> load_eval_spec(const std::string& path,
                                const std::vector<std::string>& known_strategies) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{path + ": cannot read the spec (no such file, or not readable)"};
  std::ostringstream text;
  text << in.rdbuf();
  return parse_eval_spec(text.str(), path, known_strategies);
}

Result<std::vector<Subject>> read_corpus_index(const std::string& path,
                                               const std::vector<std::string>& ids) {
  std::ifstream in(path);
  if (!in) return Error{path + ": cannot read the corpus index (fetch-subjects.sh writes it)"};
  std::vector<Subject> all;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (n == 1 || line.empty()) continue;  // the header
    auto s = index_row(path, n, line);
    if (!s) return s.error();
    all.push_back(std::move(*s));
  }
  if (ids.empty()) return all;
  std::vector<Subject> chosen;
  for (const std::string& id : ids) {
    auto it = std::find_if(all.begin(), all.end(), [&](const Subject& s) { return s.id == id; });
    if (it == all.end()) return Error{path + ": no subject '" + id + "' in the corpus index"};
    chosen.push_back(*it);
  }
  return chosen;
}

}  // namespace panta::eval
