// What javac made of a class that its source does not show (issue 25: Lombok's constructors and
// builder, inherited members), read from javap's output.
#include "engine/compiled_members.h"

#include <gtest/gtest.h>

#include <map>

namespace panta::engine {
namespace {

TEST(CompiledApi, JavapsHeadAndMembersAreRead) {
  auto c = runner::read_javap(
      "Compiled from \"Owner.java\"\n"
      "public class org.x.Owner extends org.x.Person implements java.io.Serializable {\n"
      "  public static final int LIMIT;\n"
      "  public org.x.Owner(java.lang.String);\n"
      "  public java.lang.String getAddress();\n"
      "  protected void touch();\n"
      "}\n");
  ASSERT_TRUE(c.ok()) << c.error().message;
  EXPECT_EQ(c->head,
            "public class org.x.Owner extends org.x.Person implements java.io.Serializable");
  EXPECT_EQ(c->superclass, "org.x.Person");
  EXPECT_EQ(c->members,
            (std::vector<std::string>{
                "public static final int LIMIT;", "public org.x.Owner(java.lang.String);",
                "public java.lang.String getAddress();", "protected void touch();"}));
  auto record =
      runner::read_javap("final class a.R extends java.lang.Record {\n  public int x();\n}\n");
  ASSERT_TRUE(record.ok());
  EXPECT_EQ(record->superclass, "");
  EXPECT_FALSE(runner::read_javap("Error: class not found: a.B\n").ok());
}

ClassUnderTest lombok_class() {
  ClassUnderTest cut;
  cut.class_name = "fix.Order";
  cut.package = "fix";
  cut.source_path = "Order.java";
  cut.source_text = R"(package fix;

import lombok.Builder;
import lombok.Getter;

@Getter
@Builder
public class Order extends Entity {
  private final String customer;
  private final int total;

  public boolean large() { return total > 100; }
}
)";
  return cut;
}

TEST(CompiledApi, GeneratedMembersBuildersAndInheritedOnesAreShownNotTheSourcesOwn) {
  ClassUnderTest cut = lombok_class();
  EXPECT_TRUE(may_hide_api(cut));
  std::map<std::string, runner::CompiledClass> classes = {
      {"fix.Order",
       {"public class fix.Order extends fix.Entity",
        "fix.Entity",
        {"fix.Order(java.lang.String, int);", "public boolean large();",
         "public static fix.Order$OrderBuilder builder();",
         "public java.lang.String getCustomer();", "public int getTotal();"}}},
      {"fix.Order$OrderBuilder",
       {"public class fix.Order$OrderBuilder",
        "",
        {"public fix.Order$OrderBuilder customer(java.lang.String);",
         "public fix.Order$OrderBuilder total(int);", "public fix.Order build();"}}},
      {"fix.Entity",
       {"public abstract class fix.Entity",
        "",
        {"public fix.Entity();", "public java.lang.Integer getId();", "public boolean isNew();"}}}};
  auto read = [&classes](const std::string& name) -> Result<runner::CompiledClass> {
    auto c = classes.find(name);
    if (c == classes.end()) return Error{"no " + name};
    return c->second;
  };
  HiddenApi hidden =
      hidden_api(cut, read, [](const std::string& fqn) { return fqn == "fix.Entity"; });
  EXPECT_TRUE(hidden.generated_constructor);
  EXPECT_EQ(hidden.text,
            "// fix.Order: generated, not in its source\n"
            "fix.Order(java.lang.String, int);\n"
            "public static fix.Order$OrderBuilder builder();\n"
            "public java.lang.String getCustomer();\n"
            "public int getTotal();\n"
            "// fix.Order.OrderBuilder\n"
            "public fix.Order$OrderBuilder customer(java.lang.String);\n"
            "public fix.Order$OrderBuilder total(int);\n"
            "public fix.Order build();\n"
            "// inherited from fix.Entity\n"
            "public java.lang.Integer getId();\n"
            "public boolean isNew();\n");
  EXPECT_EQ(hidden.inherited_from, std::vector<std::string>{"fix.Entity"});
  // A class javap cannot read shows nothing; a plain class hides nothing.
  EXPECT_EQ(hidden_api(
                cut,
                [](const std::string&) -> Result<runner::CompiledClass> {
                  return Error{"javap: not found"};
                },
                [](const std::string&) { return true; })
                .text,
            "");
  // A subclass that declares no constructor: javac's implicit one is no generated API (the
  // context's "call `new X()` once" stays).
  ClassUnderTest sub;
  sub.class_name = "fix.Sub";
  sub.source_text = "package fix;\npublic class Sub extends Entity {\n  int f() { return 1; }\n}\n";
  auto implicit = [](const std::string& name) -> Result<runner::CompiledClass> {
    if (name != "fix.Sub") return Error{"no " + name};
    return runner::CompiledClass{
        "public class fix.Sub extends fix.Entity", "fix.Entity", {"public fix.Sub();"}};
  };
  HiddenApi none = hidden_api(sub, implicit, [](const std::string&) { return false; });
  EXPECT_FALSE(none.generated_constructor);
  EXPECT_EQ(none.text, "");
  ClassUnderTest plain;
  plain.class_name = "fix.Plain";
  plain.source_text = "package fix;\npublic class Plain { int f() { return 1; } }\n";
  EXPECT_FALSE(may_hide_api(plain));
}

}  // namespace
}  // namespace panta::engine
