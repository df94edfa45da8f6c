#include "engine/locale_apis.h"

#include <gtest/gtest.h>

namespace panta::engine {
namespace {

TEST(LocaleApis, LocaleAndTimeDependentCallsAreNamed) {
  EXPECT_EQ(locale_dependent_apis("s.toUpperCase(Locale.ROOT); x.toLowerCase();"),
            (std::vector<std::string>{"toUpperCase()/toLowerCase() without a locale"}));
  // A locale the class pins is no dependence; the default one is.
  EXPECT_TRUE(locale_dependent_apis("s.toUpperCase(java.util.Locale.ENGLISH);").empty());
  EXPECT_EQ(locale_dependent_apis("Locale l = Locale.getDefault();"),
            (std::vector<std::string>{"the default Locale"}));
  EXPECT_TRUE(locale_dependent_apis("return a + b;").empty());
}

}  // namespace
}  // namespace panta::engine
