#include "runner/failure_summary.h"

#include <gtest/gtest.h>

namespace panta::runner {
namespace {

// `coverage` printed a Spring test's 2 KB context description where `test` showed the cause
// (issue 25): one line, the message's first, and the innermost cause.
TEST(FailureSummary, TheMessagesFirstLineAndTheInnermostCause) {
  TestResult r;
  r.exception = "java.lang.IllegalStateException";
  r.message =
      "Failed to load ApplicationContext for [WebMergedContextConfiguration@1 testClass = " +
      std::string(2000, 'x') + "]\nsecond line";
  r.stack_trace =
      "java.lang.IllegalStateException: Failed to load ApplicationContext\n\tat a.B.c(B.java:1)\n"
      "Caused by: org.x.BeanCreationException: Error creating bean 'owners'\n\tat d.E.f(E.java:2)\n"
      "Caused by: java.lang.ClassNotFoundException: org.x.Missing\n\tat g.H.i(H.java:3)\n";
  std::string s = failure_summary(r, 80);
  EXPECT_EQ(s.rfind("Failed to load ApplicationContext for [WebMergedContextConfiguration@1 ", 0),
            0u)
      << s;
  EXPECT_NE(s.find("…; caused by: java.lang.ClassNotFoundException: org.x.Missing"),
            std::string::npos)
      << s;
  EXPECT_EQ(s.find("second line"), std::string::npos);
  EXPECT_LT(s.size(), 200u);
  TestResult plain;
  plain.exception = "org.opentest4j.AssertionFailedError";
  plain.message = "expected: <1> but was: <2>";
  EXPECT_EQ(failure_summary(plain), "expected: <1> but was: <2>");
  plain.message = "";
  EXPECT_EQ(failure_summary(plain), "org.opentest4j.AssertionFailedError");
}

}  // namespace
}  // namespace panta::runner
