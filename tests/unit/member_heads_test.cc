#include "engine/member_heads.h"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

namespace panta::engine {
namespace {

// The class's members, in order (its first class), comments left out.
std::vector<TSNode> members(const Parsed& p) {
  std::vector<TSNode> out;
  TSNode cls = ts_node_named_child(p.tree.root(), 0);
  TSNode body = ts_node_child_by_field_name(cls, "body", 4);
  for (uint32_t i = 0; i < ts_node_named_child_count(body); ++i) {
    TSNode m = ts_node_named_child(body, i);
    if (std::string_view(ts_node_type(m)).find("comment") == std::string_view::npos)
      out.push_back(m);
  }
  return out;
}

TEST(MemberHeads, HeadsWithTheExceptionsThrownAndTheirMessages) {
  auto p = parse(R"(public final class V {
  /** Checks. */
  public static void notNull(Object o) {
    if (o == null) throw new IllegalArgumentException("o must not be null");
  }
  static void range(int i) {
    if (i < 0) throw new IllegalStateException("negative");
    if (i > 9) throw new IllegalStateException("too big");
  }
  private static final String NAME = "v";
}
)");
  ASSERT_TRUE(p.has_value());
  std::vector<TSNode> m = members(*p);
  ASSERT_EQ(m.size(), 3u);
  std::set<std::string> thrown;
  EXPECT_EQ(member_head(*p, m[0], thrown),
            "public static void notNull(Object o) // throws "
            "IllegalArgumentException(\"o must not be null\")");
  // Two messages: only the type.
  EXPECT_EQ(member_head(*p, m[1], thrown),
            "static void range(int i) // throws IllegalStateException");
  EXPECT_EQ(thrown, (std::set<std::string>{"IllegalArgumentException", "IllegalStateException"}));
  EXPECT_EQ(member_name(*p, m[2]), "NAME");
  EXPECT_TRUE(is_private_decl(*p, m[2]));
  EXPECT_TRUE(has_modifier(*p, m[0], "static"));
  EXPECT_FALSE(is_private_decl(*p, m[0]));
  TSNode cls = ts_node_named_child(p->tree.root(), 0);
  EXPECT_EQ(declaration_head(*p, cls), "public final class V");
  EXPECT_EQ(implicit_constructor(*p, cls, "V"), "public V() // implicit");
  auto with = parse("abstract class A { }\nclass B { B(int x) { } }\n");
  ASSERT_TRUE(with.has_value());
  EXPECT_EQ(implicit_constructor(*with, ts_node_named_child(with->tree.root(), 0), "A"), "");
  EXPECT_EQ(implicit_constructor(*with, ts_node_named_child(with->tree.root(), 1), "B"), "");
}

// A comment inside a head is left out: `@SuppressWarnings(...) // why` swallowed the rest of
// ToStringStyle's head into a line comment (a corpus run, issue 25).
TEST(MemberHeads, ACommentInAHeadIsLeftOut) {
  auto p = parse(R"(@SuppressWarnings("deprecation") // StringEscapeUtils
public abstract class ToStringStyle /* serial */ implements Serializable {
  public <T> void append(StringBuffer b, // the buffer
                         T value) { }
}
)");
  ASSERT_TRUE(p.has_value());
  TSNode cls = ts_node_named_child(p->tree.root(), 0);
  EXPECT_EQ(declaration_head(*p, cls),
            "@SuppressWarnings(\"deprecation\") public abstract class ToStringStyle implements "
            "Serializable");
  std::set<std::string> thrown;
  EXPECT_EQ(member_head(*p, members(*p)[0], thrown),
            "public <T> void append(StringBuffer b, T value)");
}

}  // namespace
}  // namespace panta::engine
