#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "../unit/test_support.h"
#include "llm/client_spec.h"
#include "llm/retry.h"
#include "process/subprocess.h"

namespace panta::llm::test {

/// tests/llm/fake_llm_server.py serving `script` (a JSON list of responses) on an ephemeral
/// 127.0.0.1 port; killed with its process group when the object dies.
class FakeLlmServer {
 public:
  explicit FakeLlmServer(const nlohmann::json& script) {
    std::string script_path = dir_.write("script.json", script.dump());
    requests_path_ = dir_.path() + "/requests.jsonl";
    auto child =
        process::spawn({{"python3", std::string(PANTA_SOURCE_DIR) + "/tests/llm/fake_llm_server.py",
                         script_path, requests_path_},
                        "",
                        {},
                        dir_.path() + "/server.err"});
    if (!child.ok()) {
      ADD_FAILURE() << child.error().message;
      return;
    }
    child_ = std::move(*child);
    auto line = child_->read_line(process::Clock::now() + std::chrono::seconds(20));
    if (!line.ok()) {
      ADD_FAILURE() << "fake server did not start: " << line.error().message;
      return;
    }
    port_ = std::stoi(*line);
  }

  /// http://127.0.0.1:PORT
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

  /// The requests received so far: {"path", "headers", "body"}.
  std::vector<nlohmann::json> requests() const {
    std::vector<nlohmann::json> out;
    std::ifstream in(requests_path_);
    for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
    return out;
  }

 private:
  panta::test::TempDir dir_;
  std::string requests_path_;
  std::unique_ptr<process::Child> child_;
  int port_ = 0;
};

/// Records the delays instead of sleeping.
class RecordingSleeper final : public Sleeper {
 public:
  void sleep_for(std::chrono::milliseconds delay) override { delays.push_back(delay); }
  std::vector<std::chrono::milliseconds> delays;
};

/// The real transport with a fixed environment and a recording sleeper.
inline ClientEnvironment test_environment(std::map<std::string, std::string> variables,
                                          std::shared_ptr<RecordingSleeper> sleeper) {
  ClientEnvironment environment = real_client_environment();
  environment.getenv = [variables](const std::string& name) -> std::optional<std::string> {
    auto it = variables.find(name);
    if (it == variables.end()) return std::nullopt;
    return it->second;
  };
  environment.sleeper = std::move(sleeper);
  return environment;
}

}  // namespace panta::llm::test
