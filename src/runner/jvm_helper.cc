#include <fmt/format.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <set>
#include <utility>

#include "core/data_dir.h"
#include "process/subprocess.h"
#include "runner/jvm_runner.h"

namespace panta::runner {
namespace {

using nlohmann::json;
using process::Clock;

constexpr int kRestartRequired = 75;

std::string str(const json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

long num(const json& j, const char* key, long fallback = 0) {
  auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<long>() : fallback;
}

TestStatus status_of(const std::string& s) {
  if (s == "passed") return TestStatus::kPassed;
  if (s == "failed") return TestStatus::kFailed;
  if (s == "skipped") return TestStatus::kSkipped;
  if (s == "timeout") return TestStatus::kTimeout;
  return TestStatus::kError;
}

TestResult test_result_of(const json& r) {
  TestResult t;
  t.id = str(r, "id");
  t.status = status_of(str(r, "status"));
  t.exception = str(r, "exception");
  t.message = str(r, "message");
  t.stack_trace = str(r, "stack_trace");
  t.duration_ms = num(r, "duration_ms");
  t.stdout_text = str(r, "stdout");
  t.stderr_text = str(r, "stderr");
  t.output_truncated = r.value("truncated", false);
  t.tampering = str(r, "tampering");
  t.left_behind = str(r, "left_behind");
  t.compared = r.contains("expected") || r.contains("actual");
  t.expected = str(r, "expected");
  t.actual = str(r, "actual");
  return t;
}

coverage::ClassCoverage class_coverage_of(const json& c) {
  coverage::ClassCoverage out;
  out.name = str(c, "name");
  out.source_file = str(c, "source_file");
  for (const json& l : c.value("lines", json::array())) {
    out.lines.push_back({static_cast<uint32_t>(num(l, "line")), static_cast<int>(num(l, "mi")),
                         static_cast<int>(num(l, "ci")), static_cast<int>(num(l, "mb")),
                         static_cast<int>(num(l, "cb"))});
  }
  return out;
}

json compile_json(const CompileRequest& r) {
  json j = {{"op", "compile"}, {"classpath", r.classpath}};
  if (!r.unit.empty()) j["unit"] = r.unit;
  if (!r.output_dir.empty()) j["output_dir"] = r.output_dir;
  json sources = json::array();
  for (const Source& s : r.sources) {
    if (s.text) {
      sources.push_back({{"path", s.path}, {"text", *s.text}});
    } else {
      sources.push_back(s.path);
    }
  }
  j["sources"] = std::move(sources);
  if (r.release) j["release"] = *r.release;
  if (!r.options.empty()) j["options"] = r.options;
  return j;
}

json run_json(const RunRequest& r, const std::vector<std::string>& tests) {
  json j = {{"op", "run"},
            {"tests", tests},
            {"classpath", r.classpath},
            {"units", r.units},
            {"coverage_classes", r.coverage_classes},
            {"timeout_ms", r.test_timeout.count()}};
  if (!r.system_properties.empty()) {
    json properties = json::object();
    for (const auto& [name, value] : r.system_properties) properties[name] = value;
    j["system_properties"] = std::move(properties);
  }
  j["guard_tests"] = r.guard_tests;
  if (r.reject_leftovers) j["reject_leftovers"] = true;
  if (r.scratch_limit_bytes > 0) j["scratch_limit_bytes"] = r.scratch_limit_bytes;
  if (!r.include_tags.empty()) j["include_tags"] = r.include_tags;
  if (!r.exclude_tags.empty()) j["exclude_tags"] = r.exclude_tags;
  if (!r.coverage_store.empty() && !r.coverage_classes.empty()) {
    j["coverage_store"] = r.coverage_store;
    j["coverage_store_reset"] = r.coverage_store_reset;
    j["coverage_store_if_passed"] = r.coverage_store_if_passed;
    if (!r.coverage_store_base.empty()) j["coverage_store_base"] = r.coverage_store_base;
  }
  return j;
}

class JvmHelper final : public JvmRunner {
 public:
  explicit JvmHelper(HelperConfig config) : config_(std::move(config)) {}

  Status start() {
    process::SpawnOptions spawn;
    spawn.argv = config_.command_prefix;
    // The JVM's own warnings go to stderr (by default they go to stdout, the protocol's).
    spawn.argv.insert(spawn.argv.end(), {config_.java, "-Xmx" + config_.heap, "-XX:+UseSerialGC",
                                         "-Xss4m", "-Xlog:disable", "-Xlog:all=warning:stderr"});
    if (std::string archive = sharing_archive(config_.jar); !archive.empty()) {
      // A JVM that cannot use it (another JDK, a rebuilt jar) starts without it.
      spawn.argv.insert(spawn.argv.end(), {"-XX:SharedArchiveFile=" + archive, "-Xshare:auto"});
    }
    spawn.argv.insert(spawn.argv.end(), config_.jvm_options.begin(), config_.jvm_options.end());
    // No tool may attach to it (jcmd, jmap: heap dumps of what decides the verdict).
    spawn.argv.insert(spawn.argv.end(), {"-XX:+DisableAttachMechanism",
                                         "-Dpanta.runner.channelFd=3", "-jar", config_.jar});
    spawn.cwd = config_.workdir;
    spawn.stderr_path = config_.log_path;
    // Answers come on descriptor 3; what anything in the JVM writes to 1 goes to the log.
    spawn.stdout_fd = 3;
    if (config_.environment) {
      spawn.env = *config_.environment;
      spawn.replace_environment = true;
    }
    spawn.end_descendants = config_.end_descendants;
    spawn.remove_if_orphaned = config_.remove_if_orphaned;
    auto child = process::spawn(spawn);
    if (!child) return child.error();
    child_ = std::move(*child);
    auto pong = exchange({{"op", "ping"}}, Clock::now() + config_.start_timeout);
    if (!pong) {
      child_.reset();
      return Error{"the JVM helper did not start (" + config_.jar + "): " + pong.error().message};
    }
    return ok_status();
  }

  Result<CompileResult> compile(const CompileRequest& request) override {
    auto answer =
        request_with_restart(compile_json(request), Clock::now() + config_.compile_timeout);
    if (!answer) return answer.error();
    CompileResult out;
    out.success = answer->value("success", false);
    for (const json& d : answer->value("diagnostics", json::array())) {
      out.diagnostics.push_back({str(d, "file"), static_cast<int>(num(d, "line", -1)),
                                 static_cast<int>(num(d, "column", -1)), str(d, "code"),
                                 str(d, "message"), str(d, "kind")});
    }
    for (const json& c : answer->value("classes", json::array()))
      out.classes.push_back(c.get<std::string>());
    if (!request.unit.empty()) {
      if (out.success) {
        units_[request.unit] = request;
      } else {
        units_.erase(request.unit);
      }
    }
    return out;
  }

  Result<RunResult> run(const RunRequest& request) override {
    auto out = run_tests(request);
    if (out && child_) {
      // In the helper's own PID namespace (strict) nothing can leave its tree; else the
      // processes below the helper go too: no test is running any more.
      out->stray_processes = child_->end_strays(config_.command_prefix.empty());
    }
    return out;
  }

  Status restart() override {
    child_.reset();
    if (auto s = start(); !s) return s;
    for (const auto& [name, req] : units_) {
      auto answer = exchange(compile_json(req), Clock::now() + config_.compile_timeout);
      if (!answer || !answer->value("success", false)) {
        return Error{"the JVM helper was restarted but unit " + name + " no longer compiles"};
      }
    }
    return ok_status();
  }

 private:
  Result<RunResult> run_tests(const RunRequest& request) {
    RunResult out;
    std::vector<std::string> tests = request.tests;
    // Tests that could not be stopped are left out of the next attempt, which runs the rest
    // again in a fresh helper so their results and the coverage are those of one clean run.
    std::map<std::string, TestResult> stuck;
    bool may_rerun = true;  // once, after the helper died by itself (OOM killer, kill -9)
    for (int attempt = 0; attempt < 3; ++attempt) {
      auto answer = exchange(run_json(request, tests), run_deadline(request, tests.size()));
      if (!answer && failure_.tampering) return tampered(answer.error().message, tests);
      if (!answer) {
        HelperFailure failure = failure_;
        out.restart_note = failure.deadline ? "the JVM helper did not answer (" +
                                                  answer.error().message + ") and was restarted"
                                            : failure.what + "; it was restarted";
        if (auto s = restart(); !s) return s.error();
        if (!failure.deadline && std::exchange(may_rerun, false)) {
          out.restart_note += " and the tests ran again";
          continue;
        }
        if (tests.size() == 1) {
          stuck[tests[0]] = unfinished(tests[0], failure);
          tests.clear();
          break;
        }
        return run_one_by_one(request, tests, std::move(out));
      }
      if (!answer->value("ok", false)) return Error{"JVM helper: " + str(*answer, "error")};
      if (!answer->value("restart_required", false)) {
        fill(out, *answer);
        break;
      }
      out.restart_note = "a test could not be stopped (" + str(*answer, "restart_reason") +
                         "); the JVM helper was restarted and the other tests ran again";
      for (const json& r : answer->value("results", json::array())) {
        TestResult t = test_result_of(r);
        if (t.status == TestStatus::kTimeout) stuck[t.id] = t;
      }
      if (auto s = restart(); !s) return s.error();
      tests = without(tests, stuck, *answer);
      if (tests.empty()) break;
    }
    for (auto& [id, t] : stuck) out.results.push_back(std::move(t));
    return out;
  }

  // Why the last exchange failed: the helper passed its deadline (and we killed it), or it
  // died by itself.
  struct HelperFailure {
    bool deadline = false;
    std::string what;        ///< "the JVM helper died (killed by signal 9, Killed)"
    bool tampering = false;  ///< Something else answered on the helper's channel.
  };

  static TestResult timed_out(const std::string& id, const std::string& message) {
    TestResult t;
    t.id = id;
    t.status = TestStatus::kTimeout;
    t.message = message;
    return t;
  }

  // The result of a test whose helper failed twice: timed out, or an error saying how it died.
  static TestResult unfinished(const std::string& id, const HelperFailure& failure) {
    if (failure.deadline)
      return timed_out(id, "the test did not finish; the JVM helper was killed");
    TestResult t;
    t.id = id;
    t.status = TestStatus::kError;
    t.message = failure.what +
                " while running this test, twice (the OOM killer, or a kill from outside?); "
                "the test could not be judged";
    return t;
  }

  // The specs to run again: all but the stuck tests. A class spec whose class holds a stuck
  // test becomes the list of its other tests, known from the answer (reported or not run).
  static std::vector<std::string> without(const std::vector<std::string>& tests,
                                          const std::map<std::string, TestResult>& stuck,
                                          const json& answer) {
    std::vector<std::string> known;
    for (const json& r : answer.value("results", json::array())) known.push_back(str(r, "id"));
    for (const json& u : answer.value("not_run", json::array())) {
      std::string id = method_id_of(u.get<std::string>());
      if (!id.empty()) known.push_back(id);
    }
    std::vector<std::string> out;
    for (const std::string& t : tests) {
      if (stuck.count(t) != 0) continue;
      bool class_spec = t.find('#') == std::string::npos;
      bool holds_stuck = false;
      for (const auto& [id, r] : stuck) holds_stuck = holds_stuck || id.rfind(t + "#", 0) == 0;
      if (!class_spec || !holds_stuck) {
        out.push_back(t);
        continue;
      }
      std::set<std::string> seen;
      for (const std::string& k : known) {
        if (k.rfind(t + "#", 0) == 0 && stuck.count(k) == 0 && seen.insert(k).second)
          out.push_back(k);
      }
    }
    return out;
  }

  // "pkg.C#m" from a JUnit unique id "[engine:..]/[class:pkg.C]/[method:m()]", or "".
  static std::string method_id_of(const std::string& unique_id) {
    size_t c = unique_id.find("[class:");
    size_t m = unique_id.find("[method:");
    if (c == std::string::npos || m == std::string::npos) return "";
    size_t c_end = unique_id.find(']', c);
    size_t m_end = unique_id.find('(', m);
    if (c_end == std::string::npos || m_end == std::string::npos) return "";
    return unique_id.substr(c + 7, c_end - c - 7) + "#" + unique_id.substr(m + 8, m_end - m - 8);
  }

  // After the helper died without answering: each test alone, so one that hangs the JVM costs
  // only itself. Coverage is then that of a last run of the tests that finished.
  Result<RunResult> run_one_by_one(const RunRequest& request, const std::vector<std::string>& tests,
                                   RunResult out) {
    std::vector<std::string> finished;
    for (const std::string& t : tests) {
      RunRequest single = request;
      single.tests = {t};
      single.coverage_classes.clear();
      auto answer = run_alone(single);
      if (!answer) return answer.error();
      if (answer->result) {
        out.results.push_back(std::move(*answer->result));
        continue;
      }
      for (const json& r : answer->answer.value("results", json::array()))
        out.results.push_back(test_result_of(r));
      finished.push_back(t);
    }
    if (!request.coverage_classes.empty() && !finished.empty()) {
      auto answer = exchange(run_json(request, finished), run_deadline(request, finished.size()));
      if (answer && answer->value("ok", false)) {
        for (const json& c : answer->value("coverage", json::array()))
          out.coverage.push_back(class_coverage_of(c));
        out.coverage_store_merged = answer->value("coverage_store_merged", false);
        out.coverage_store_runs = static_cast<int>(num(*answer, "coverage_store_runs"));
      }
    }
    return out;
  }

  // A run on whose channel something else answered: each of its tests is an error saying so
  // (the validator runs them one at a time to find the one that did it), in a new helper.
  Result<RunResult> tampered(const std::string& why, const std::vector<std::string>& tests) {
    if (auto s = restart(); !s) return s.error();
    RunResult out;
    out.tampering = why;
    out.restart_note = why + "; the JVM helper was restarted";
    for (const std::string& t : tests) {
      TestResult r;
      r.id = t;
      r.status = TestStatus::kError;
      r.message = why;
      r.tampering = "an answer forged on the helper's channel";
      r.channel_forged = true;
      out.results.push_back(std::move(r));
    }
    return out;
  }

  // One test in a helper of its own: the answer, or the test's result when the helper failed
  // again (run once more when it died by itself). Fails when no helper can be started.
  // The helper's answer, or the test's result when there is none.
  struct Outcome {
    json answer;
    std::optional<TestResult> result;
  };
  Result<Outcome> run_alone(const RunRequest& single) {
    for (int attempt = 0;; ++attempt) {
      auto answer = exchange(run_json(single, single.tests), run_deadline(single, 1));
      if (!answer && failure_.tampering) {
        auto marked = tampered(answer.error().message, single.tests);
        if (!marked) return marked.error();
        return Outcome{json(), std::move(marked->results.front())};
      }
      if (answer && !answer->value("restart_required", false))
        return Outcome{std::move(*answer), std::nullopt};
      HelperFailure failure = failure_;
      if (answer) failure = {true, "a test could not be stopped"};
      if (auto s = restart(); !s) return s.error();
      if (failure.deadline || attempt > 0)
        return Outcome{json(), unfinished(single.tests[0], failure)};
    }
  }

  static void fill(RunResult& out, const json& answer) {
    for (const json& r : answer.value("results", json::array()))
      out.results.push_back(test_result_of(r));
    for (const json& id : answer.value("not_run", json::array())) {
      TestResult t;
      t.id = method_id_of(id.get<std::string>());
      if (t.id.empty()) t.id = id.get<std::string>();
      t.status = TestStatus::kError;
      t.message = "not run: its class-level setup failed or timed out";
      out.results.push_back(std::move(t));
    }
    for (const json& c : answer.value("coverage", json::array()))
      out.coverage.push_back(class_coverage_of(c));
    for (const json& c : answer.value("without_tests", json::array()))
      if (c.is_string()) out.classes_without_tests.push_back(c.get<std::string>());
    out.tampering_outside_tests = str(answer, "tampering_outside_tests");
    out.coverage_store_merged = answer.value("coverage_store_merged", false);
    out.coverage_store_runs = static_cast<int>(num(answer, "coverage_store_runs"));
  }

  Clock::time_point run_deadline(const RunRequest& r, size_t tests) const {
    // A class spec may hold many tests: allow for a few dozen per spec before giving up.
    auto per_spec = r.test_timeout * 3 + std::chrono::seconds(3);
    return Clock::now() + config_.run_slack +
           per_spec * static_cast<long>(std::max<size_t>(tests, 1));
  }

  Result<json> request_with_restart(json request, Clock::time_point deadline) {
    auto answer = exchange(request, deadline);
    if (!answer) {
      if (auto s = restart(); !s) return s.error();
      return Error{"the JVM helper did not answer (" + answer.error().message +
                   "); it was restarted"};
    }
    if (!answer->value("ok", false)) return Error{"JVM helper: " + str(*answer, "error")};
    return answer;
  }

  // One request and its answer. On any failure the helper is left to be restarted. The
  // answer must be the next line, with the request's id and nonce (a random number only the
  // helper gets, in the request): any other line is not the helper's answer, and tampering.
  Result<json> exchange(json request, Clock::time_point deadline) {
    if (!child_) return Error{"the JVM helper is not running"};
    request["id"] = ++next_id_;
    std::string nonce = new_nonce();
    request["nonce"] = nonce;
    if (auto w = child_->write(request.dump() + "\n"); !w) return dead_helper(w.error().message);
    auto line = child_->read_line(deadline);
    if (!line) return dead_helper(line.error().message, line.error().message == "timeout");
    json answer = json::parse(*line, nullptr, false);
    bool ours = !answer.is_discarded() && answer.is_object() &&
                answer.value("id", json()) == json(next_id_) &&
                answer.value("nonce", json()) == json(nonce);
    if (ours) return answer;
    Error e = dead_helper("tampering: an answer that is not the helper's reached its channel (" +
                              line->substr(0, 120) + ")",
                          true);
    failure_.tampering = true;
    return e;
  }

  // 128 bits of the kernel's randomness (random_device is getrandom on Linux), anew each time:
  // one nonce seen tells nothing of the next.
  static std::string new_nonce() {
    std::random_device random;
    return fmt::format("{:08x}{:08x}{:08x}{:08x}", random(), random(), random(), random());
  }

  Error dead_helper(const std::string& why, bool deadline = false) {
    // Whether it ended by itself shows before we kill it.
    auto code = deadline ? std::nullopt : child_->wait(Clock::now() + std::chrono::seconds(2));
    child_->kill();
    if (!code) code = child_->wait(Clock::now() + std::chrono::seconds(5));
    failure_ = {deadline, "the JVM helper died (" + how_it_ended(code) + ")", false};
    if (code && *code == kRestartRequired) return Error{why + ", exit code 75 (restart required)"};
    return Error{code ? fmt::format("{}, exit code {}", why, *code) : why};
  }

  static std::string how_it_ended(std::optional<int> code) {
    if (!code) return "it did not end and was killed";
    if (*code > 128 && *code < 128 + 65) {
      int sig = *code - 128;
      const char* name = ::strsignal(sig);
      return fmt::format("killed by signal {}{}", sig,
                         name != nullptr ? fmt::format(", {}", name) : "");
    }
    return fmt::format("exit code {}", *code);
  }

  HelperConfig config_;
  std::unique_ptr<process::Child> child_;
  std::map<std::string, CompileRequest> units_;
  long next_id_ = 0;
  HelperFailure failure_;
};

}  // namespace

const char* to_string(TestStatus status) {
  switch (status) {
    case TestStatus::kPassed:
      return "passed";
    case TestStatus::kFailed:
      return "failed";
    case TestStatus::kError:
      return "error";
    case TestStatus::kSkipped:
      return "skipped";
    case TestStatus::kTimeout:
      return "timeout";
  }
  return "error";
}

std::string default_runner_jar() {
  if (const char* env = std::getenv("PANTA_RUNNER_JAR"); env != nullptr && *env != '\0') return env;
  return (std::filesystem::path(data_dir()) / "panta-runner.jar").string();
}

std::string junit_bridge_jar(const std::string& runner_jar) {
  return (std::filesystem::path(runner_jar).parent_path() / "panta-runner-junit.jar").string();
}

std::string sharing_archive(const std::string& runner_jar) {
  std::filesystem::path archive = std::filesystem::path(runner_jar).replace_extension(".jsa");
  std::error_code ec;
  return std::filesystem::is_regular_file(archive, ec) ? archive.string() : "";
}

std::string default_test_stack_dir() {
  return (std::filesystem::path(default_runner_jar()).parent_path() / "test-stack").string();
}

Result<std::unique_ptr<JvmRunner>> start_helper(const HelperConfig& config) {
  HelperConfig c = config;
  if (c.jar.empty()) c.jar = default_runner_jar();
  if (!std::filesystem::exists(c.jar)) {
    return Error{"JVM helper jar not found: " + c.jar +
                 " (build it with `make build`, or set PANTA_RUNNER_JAR)"};
  }
  auto helper = std::make_unique<JvmHelper>(std::move(c));
  if (auto s = helper->start(); !s) return s.error();
  return std::unique_ptr<JvmRunner>(std::move(helper));
}

}  // namespace panta::runner
