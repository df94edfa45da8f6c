#include "project/type_index.h"

#include <gtest/gtest.h>

#include "engine/local_fixes.h"

namespace panta {
namespace {

TEST(TypeIndex, KnowsTheJdksCommonTypesAndTheProjectsAndLeavesChoicesAlone) {
  project::TypeIndex types;
  types.add("com.acme.shop.Cart");
  types.add("com.acme.other.Cart");
  types.add("com.acme.money.Money");
  types.add("com.acme.io.Path");  // the project's Path makes java.nio.file.Path a choice
  EXPECT_EQ(types.import_for("List", "a"), "import java.util.List;");
  EXPECT_EQ(types.import_for("Files", "a"), "import java.nio.file.Files;");
  EXPECT_EQ(types.import_for("Duration", "a"), "import java.time.Duration;");
  EXPECT_EQ(types.import_for("AtomicInteger", "a"),
            "import java.util.concurrent.atomic.AtomicInteger;");
  EXPECT_EQ(types.import_for("Money", "a"), "import com.acme.money.Money;");
  EXPECT_EQ(types.import_for("Money", "com.acme.money"), "");  // same package
  EXPECT_EQ(types.import_for("Cart", "a"), "");                // two of them
  EXPECT_EQ(types.import_for("Path", "a"), "");
  EXPECT_EQ(types.import_for("NoSuchType", "a"), "");
}

TEST(LocalFixes, ImportsWhatJavacCouldNotFind) {
  project::TypeIndex types;
  junit::ExtractedTests answer;
  answer.imports = {"import java.util.List;"};
  engine::Verdict v;
  v.compile_error = true;
  v.error =
      "line 12: error: cannot find symbol symbol: class List location: class LedgerTest\n"
      "line 13: error: cannot find symbol symbol: variable Files location: class LedgerTest\n"
      "line 14: error: cannot find symbol symbol: class Mystery location: class LedgerTest\n"
      "line 15: error: cannot find symbol symbol: method frob() location: class LedgerTest\n";
  auto added = engine::add_missing_imports(answer, {v}, types, "conf");
  EXPECT_EQ(added, (std::vector<std::string>{"import java.nio.file.Files;"}));
  EXPECT_EQ(answer.imports.size(), 2u);
  v.compile_error = false;  // a failure at run time is no missing import
  EXPECT_TRUE(engine::add_missing_imports(answer, {v}, types, "conf").empty());
}

}  // namespace
}  // namespace panta
