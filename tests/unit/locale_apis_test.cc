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
  // A format given its locale pins it; names in strings and comments are no calls.
  EXPECT_TRUE(locale_dependent_apis("return String.format(Locale.ROOT, \"%d\", n);").empty());
  EXPECT_EQ(locale_dependent_apis("return String.format(\"%,d\", n);"),
            (std::vector<std::string>{"String.format"}));
  EXPECT_TRUE(locale_dependent_apis("s = \"TimeZone\"; // Locale.getDefault()\n").empty());
}

// The default charset is named where text is encoded or decoded with it, not where a String is
// made of chars (StrTokenizer's `new String(chars)` was said to use it).
TEST(LocaleApis, TheDefaultCharsetIsNamedOnlyWhereBytesAreDecodedOrEncoded) {
  EXPECT_FALSE(uses_default_charset("char[] chars = s.toCharArray(); return new String(chars);"));
  EXPECT_TRUE(uses_default_charset("byte[] bytes = read(); return new String(bytes);"));
  EXPECT_TRUE(uses_default_charset("byte data[] = read(); return new String(data, 0, n);"));
  EXPECT_FALSE(uses_default_charset("byte[] b = read(); return new String(b, UTF_8);"));
  EXPECT_TRUE(uses_default_charset("return s.getBytes();"));
  EXPECT_FALSE(uses_default_charset("return s.getBytes(StandardCharsets.UTF_8);"));
  EXPECT_TRUE(uses_default_charset("r = new InputStreamReader(new FileInputStream(f));"));
  EXPECT_FALSE(uses_default_charset("r = new InputStreamReader(in(f), cs);"));
  EXPECT_TRUE(uses_default_charset("Charset c = Charset.defaultCharset();"));
  EXPECT_EQ(locale_dependent_apis("char[] chars = {}; return new String(chars);"),
            std::vector<std::string>{});
}

}  // namespace
}  // namespace panta::engine
