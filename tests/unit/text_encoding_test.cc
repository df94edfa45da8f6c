#include "java/text_encoding.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "analyze/analysis.h"
#include "java/source_text.h"
#include "test_support.h"

namespace panta::java {
namespace {

std::string latin1_fixture() {
  return std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/encoding/Latin1Prices.java";
}

const analyze::MethodAnalysis* find(const analyze::FileAnalysis& f, const std::string& sig) {
  for (const auto& c : f.classes) {
    for (const auto& m : c.methods) {
      if (m.method->signature == sig) return &m;
    }
  }
  return nullptr;
}

TEST(TextEncoding, AnIso88591SourceIsAnalysedWithItsLineNumbers) {
  analyze::AnalyzeOptions options;
  options.encoding = "ISO-8859-1";
  analyze::FileAnalysis f = analyze::analyze_file(latin1_fixture(), options);
  ASSERT_TRUE(f.errors.empty()) << f.errors.front();
  ASSERT_EQ(f.classes.size(), 1u);
  EXPECT_EQ(f.classes[0].java_class->name, "Latin1Prices");
  const auto* price = find(f, "price(String)");
  ASSERT_NE(price, nullptr);
  EXPECT_EQ(price->method->start_line, 6u);
  EXPECT_EQ(price->method->end_line, 11u);
  ASSERT_TRUE(price->graph.has_value());
  EXPECT_EQ(price->graph->cyclomatic(), 2);
  bool saw_cafe = false;
  for (const auto& path : price->path_steps) {
    for (const auto& step : path) {
      if (step.line == 7) saw_cafe = step.text.find("\"caf\xC3\xA9\"") != std::string::npos;
    }
  }
  EXPECT_TRUE(saw_cafe) << "line 7's condition, in UTF-8";
  const auto* label = find(f, "label(int)");
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(label->method->start_line, 13u);
  EXPECT_EQ(label->method->end_line, 20u);
  EXPECT_EQ(label->graph->cyclomatic(), 2);
}

TEST(TextEncoding, ReadAsUtf8ItIsSkippedWithAHint) {
  analyze::FileAnalysis f = analyze::analyze_file(latin1_fixture(), {});
  ASSERT_EQ(f.errors.size(), 1u);
  EXPECT_NE(f.errors[0].find("Latin1Prices.java:3:24: invalid UTF-8"), std::string::npos)
      << f.errors[0];
  EXPECT_NE(f.errors[0].find("--encoding"), std::string::npos);
}

TEST(TextEncoding, DecodingAndEncodingGiveTheSameBytesBack) {
  std::string bytes = test::slurp(latin1_fixture());
  auto utf8 = decode_to_utf8(bytes, "ISO-8859-1", "Latin1Prices.java");
  ASSERT_TRUE(utf8.ok()) << utf8.error().message;
  EXPECT_FALSE(find_invalid_utf8(*utf8).has_value());
  EXPECT_NE(utf8->find("cr\xC3\xA8me br\xC3\xBBl\xC3\xA9"
                       "e"),
            std::string::npos);
  auto back = encode_from_utf8(*utf8 + "// new test \xC3\xA9t\xC3\xA9\n", "ISO-8859-1", "T.java");
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ(*back, bytes + "// new test \xE9t\xE9\n");
  auto java_name = read_text_file(latin1_fixture(), "ISO8859_1");  // Java's name for it
  ASSERT_TRUE(java_name.ok()) << java_name.error().message;
  EXPECT_EQ(*java_name, *utf8);
}

TEST(TextEncoding, UnknownEncodingsAndInvalidBytesNameTheFile) {
  auto unknown = decode_to_utf8("class A {}", "NO-SUCH-CODE", "A.java");
  ASSERT_FALSE(unknown.ok());
  EXPECT_EQ(unknown.error().message,
            "A.java: unknown encoding NO-SUCH-CODE (iconv -l lists the known ones)");
  auto ascii = read_text_file(latin1_fixture(), "US-ASCII");
  ASSERT_FALSE(ascii.ok());
  EXPECT_NE(ascii.error().message.find("Latin1Prices.java:3:24: not valid US-ASCII (byte 0xE9)"),
            std::string::npos)
      << ascii.error().message;
  auto missing = read_text_file("/no/such/File.java", "ISO-8859-1");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().message.find("/no/such/File.java"), std::string::npos);
}

TEST(TextEncoding, ACharacterTheEncodingLacksIsRefused) {
  std::string text = "class A {\n  String euro = \"5 \xE2\x82\xAC\";\n}\n";
  auto latin1 = encode_from_utf8(text, "ISO-8859-1", "src/test/java/ATest.java");
  ASSERT_FALSE(latin1.ok());
  EXPECT_EQ(latin1.error().message,
            "src/test/java/ATest.java:2:20: U+20AC '\xE2\x82\xAC' cannot be written in ISO-8859-1, "
            "the file's encoding; the file is left as it was");
  auto cp1252 = encode_from_utf8(text, "windows-1252", "ATest.java");
  ASSERT_TRUE(cp1252.ok()) << cp1252.error().message;
  EXPECT_NE(cp1252->find("5 \x80"), std::string::npos);
  EXPECT_EQ(*encode_from_utf8(text, "utf8", "ATest.java"), text);
}

TEST(TextEncoding, WritesBackInTheFilesEncodingOrNotAtAll) {
  test::TempDir dir;
  std::string path = dir.write("PriceTest.java", "// caf\xE9\n");
  ASSERT_TRUE(write_text_file(path, "// th\xC3\xA9\n", "ISO-8859-1").ok());
  EXPECT_EQ(test::slurp(path), "// th\xE9\n");
  Status euro = write_text_file(path, "// \xE2\x82\xAC\n", "ISO-8859-1");
  ASSERT_FALSE(euro.ok());
  EXPECT_NE(euro.error().message.find(path + ":1:4: U+20AC"), std::string::npos)
      << euro.error().message;
  EXPECT_EQ(test::slurp(path), "// th\xE9\n");
}

TEST(TextEncoding, AnalyzeTakesTheEncodingFlag) {
  test::TempDir dir;
  auto r = test::run_panta(dir, "analyze --format json --encoding ISO-8859-1 " + latin1_fixture());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  const auto& methods = j["files"][0]["classes"][0]["methods"];
  ASSERT_EQ(methods.size(), 2u);
  EXPECT_EQ(methods[0]["signature"], "price(String)");
  EXPECT_EQ(methods[0]["start_line"], 6);
  EXPECT_EQ(methods[1]["signature"], "label(int)");
  EXPECT_EQ(methods[1]["start_line"], 13);
  auto plain = test::run_panta(dir, "analyze " + latin1_fixture());
  EXPECT_EQ(plain.exit_code, 1);
  EXPECT_NE(plain.err.find("invalid UTF-8"), std::string::npos) << plain.err;
  auto unknown = test::run_panta(dir, "analyze --encoding NOPE " + latin1_fixture());
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_NE(unknown.err.find("unknown encoding NOPE"), std::string::npos) << unknown.err;
}

}  // namespace
}  // namespace panta::java
