#include "gate_loop.h"

namespace panta::test {

const char* const kGate =
    "package demo;\n"
    "\n"
    "public class Gate {\n"
    "  public int open(int a) {\n"
    "    if (a > 0) {\n"
    "      return 1;\n"
    "    }\n"
    "    return 0;\n"
    "  }\n"
    "\n"
    "  public int close(int b) {\n"
    "    if (b > 10) {\n"
    "      return 2;\n"
    "    }\n"
    "    return 3;\n"
    "  }\n"
    "}\n";

std::vector<FakeLine> gate_lines() {
  return {{5, 2, 2}, {6, 2, 0}, {8, 2, 0}, {12, 2, 2}, {13, 2, 0}, {15, 2, 0}};
}

const char* const kUserTests =
    "package demo;\n\nimport static org.junit.jupiter.api.Assertions.*;\n\nimport "
    "org.junit.jupiter.api.Test;\n\nclass GateTest {\n  @Test\n  void user() {\n    covers(15);\n"
    "  }\n}\n";

LoopRun::LoopRun(std::vector<std::string> answers, const std::string& tests)
    : model(std::move(answers)) {
  project = fake_project(dir.path(), "demo.Gate", kGate, tests);
  session.emplace(std::move(*runner::TestSession::open(project, jvm, project.root)));
  options.class_name = "demo.Gate";
  options.strategy = "basic";
  options.max_iterations = 10;
}

Result<engine::GenerateReport> LoopRun::go() {
  engine::EventSink sink = [this](const engine::Event& e) { events.push_back(engine::render(e)); };
  return engine::generate_tests(project, *session, model, "scripted", prompts(), options, sink);
}

std::string LoopRun::prompts() {
  return std::string(PANTA_SOURCE_DIR) + "/prompts";
}

std::string LoopRun::written() const {
  return slurp(project.test_dir + "/demo/GateTest.java");
}

bool LoopRun::said(const std::string& part) const {
  for (const auto& e : events) {
    if (e.find(part) != std::string::npos) return true;
  }
  return false;
}

std::string LoopRun::all_events() const {
  std::string out;
  for (const auto& e : events) out += e + "\n";
  return out;
}

}  // namespace panta::test
