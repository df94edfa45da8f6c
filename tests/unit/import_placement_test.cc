// Where an answer's import goes in a test file: as the file orders its imports (issue 25:
// imports were appended after the last one of their kind, unsorted).
#include "junit/import_placement.h"

#include <gtest/gtest.h>

#include <sstream>

namespace panta::junit {
namespace {

// The imports of `text` (one per line, blank lines between groups) as ImportDecls.
std::vector<ImportDecl> imports_of(const std::string& text) {
  std::vector<ImportDecl> out;
  uint32_t offset = 0;
  uint32_t row = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line); ++row) {
    if (auto d = parse_import(line)) {
      d->start = offset;
      d->end = static_cast<uint32_t>(offset + line.size());
      d->first_row = d->last_row = row;
      out.push_back(*d);
    }
    offset += static_cast<uint32_t>(line.size()) + 1;
  }
  return out;
}

std::string with(std::string text, const std::string& import, bool static_last = false) {
  auto at = place_import(import, imports_of(text), text.find(';') + 1, static_last);
  if (at) text.insert(at->at, at->text);
  return text;
}

// Google's order: statics, then everything else in one sorted group.
TEST(ImportPlacement, IntoASortedGroupInOrder) {
  std::string file =
      "package a;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n\n"
      "import java.util.List;\nimport org.junit.jupiter.api.Test;\n\nclass T {}\n";
  EXPECT_EQ(with(file, "import java.util.Map;"),
            "package a;\n\nimport static org.junit.jupiter.api.Assertions.assertEquals;\n\n"
            "import java.util.List;\nimport java.util.Map;\nimport org.junit.jupiter.api.Test;\n\n"
            "class T {}\n");
  EXPECT_EQ(with(file, "import static org.junit.jupiter.api.Assertions.assertAll;"),
            "package a;\n\nimport static org.junit.jupiter.api.Assertions.assertAll;\n"
            "import static org.junit.jupiter.api.Assertions.assertEquals;\n\n"
            "import java.util.List;\nimport org.junit.jupiter.api.Test;\n\nclass T {}\n");
  EXPECT_EQ(with(file, "import java.util.List;"), file);
}

// Spring's groups: java.*, then others, then org.springframework.*, then the statics.
TEST(ImportPlacement, IntoTheGroupThatSharesMostPackageNames) {
  std::string file =
      "package a;\n\nimport java.util.List;\n\nimport org.junit.jupiter.api.Test;\n\n"
      "import org.springframework.beans.factory.annotation.Autowired;\n\n"
      "import static org.assertj.core.api.Assertions.assertThat;\n\nclass T {}\n";
  std::string spring = with(file, "import org.springframework.test.web.servlet.MockMvc;");
  EXPECT_NE(spring.find("Autowired;\nimport org.springframework.test.web.servlet.MockMvc;\n\n"
                        "import static"),
            std::string::npos)
      << spring;
  std::string mockito = with(file, "import org.mockito.Mock;");
  EXPECT_NE(mockito.find("import org.junit.jupiter.api.Test;\nimport org.mockito.Mock;\n\n"),
            std::string::npos)
      << mockito;
  std::string util = with(file, "import java.time.Clock;");
  EXPECT_NE(util.find("import java.time.Clock;\nimport java.util.List;\n\n"), std::string::npos)
      << util;
}

// An unsorted group keeps its order: the new import goes last.
TEST(ImportPlacement, AtTheEndOfAnUnsortedGroup) {
  std::string file = "package a;\n\nimport org.b.Z;\nimport org.b.A;\n\nclass T {}\n";
  EXPECT_EQ(with(file, "import org.b.M;"),
            "package a;\n\nimport org.b.Z;\nimport org.b.A;\nimport org.b.M;\n\nclass T {}\n");
}

// The first import of a kind: before the others, or after them where the project puts statics
// last; the first import of all after the package.
TEST(ImportPlacement, AKindOfItsOwnGoesWhereTheProjectPutsIt) {
  std::string file = "package a;\n\nimport org.b.Z;\n\nclass T {}\n";
  EXPECT_EQ(with(file, "import static org.b.Z.q;"),
            "package a;\n\nimport static org.b.Z.q;\n\nimport org.b.Z;\n\nclass T {}\n");
  EXPECT_EQ(with(file, "import static org.b.Z.q;", true),
            "package a;\n\nimport org.b.Z;\n\nimport static org.b.Z.q;\n\nclass T {}\n");
  EXPECT_EQ(with("package a;\n\nclass T {}\n", "import org.b.Z;"),
            "package a;\n\nimport org.b.Z;\n\nclass T {}\n");
}

TEST(ImportPlacement, AnImportsTextIsReadStrictly) {
  auto spaced = parse_import("import  static a.B . c ;");
  ASSERT_TRUE(spaced.has_value());
  EXPECT_EQ(spaced->path, "a.B.c");
  EXPECT_TRUE(spaced->is_static);
  EXPECT_EQ(parse_import("import a.b.*;")->path, "a.b.*");
  EXPECT_FALSE(parse_import("import a.b.C").has_value());     // no semicolon
  EXPECT_FALSE(parse_import("importa.b.C;").has_value());     // no space
  EXPECT_FALSE(parse_import("import a.b.C; x").has_value());  // more after it
  EXPECT_FALSE(parse_import("import a(b);").has_value());
}

}  // namespace
}  // namespace panta::junit
