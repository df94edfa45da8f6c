#include "engine/class_order.h"

#include <gtest/gtest.h>

#include <set>

namespace panta::engine {
namespace {

TEST(ClassOrder, ParsesShards) {
  auto s = parse_shard("2/4");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->k, 2);
  EXPECT_EQ(s->n, 4);
  for (const char* bad : {"0/4", "5/4", "2", "a/b", "2/", "/3", "1/0", "2/4x"}) {
    EXPECT_FALSE(parse_shard(bad).ok()) << bad;
  }
}

TEST(ClassOrder, ShardsPartitionTheClassesStably) {
  std::vector<std::string> classes;
  for (int i = 0; i < 200; ++i) classes.push_back("org.example.C" + std::to_string(i));
  std::set<std::string> seen;
  for (int k = 1; k <= 3; ++k) {
    auto part = classes_of_shard(classes, {k, 3});
    EXPECT_GT(part.size(), 40u);  // roughly even
    for (const auto& c : part) EXPECT_TRUE(seen.insert(c).second) << c << " in two shards";
  }
  EXPECT_EQ(seen.size(), classes.size());
  // A class keeps its shard when others come: the shard depends on its name alone.
  int before = shard_of("org.example.C7", 3);
  classes.push_back("org.example.New");
  EXPECT_EQ(shard_of("org.example.C7", 3), before);
  // Fixed values: the same on every machine (FNV-1a 64).
  EXPECT_EQ(shard_of("org.example.shop.Cart", 4), shard_of("org.example.shop.Cart", 4));
  EXPECT_EQ(shard_of("", 7), static_cast<int>(14695981039346656037ull % 7) + 1);
}

TEST(ClassOrder, MostMissedBranchesFirst) {
  std::vector<ClassGap> gaps = {{"a.A", 2, 10, 5, 50, false},
                                {"a.B", 8, 10, 1, 50, false},
                                {"a.C", 2, 4, 9, 50, false},
                                {"a.D", 0, 0, 3, 10, false},
                                {"a.E", 0, 0, 0, 0, true}};
  auto order = order_by_gain({"a.E", "a.A", "a.B", "a.C", "a.D", "a.Unmeasured"}, gaps);
  EXPECT_EQ(order, (std::vector<std::string>{"a.B", "a.C", "a.A", "a.D", "a.E", "a.Unmeasured"}));
  EXPECT_DOUBLE_EQ(gaps[4].percent(), 0.0);  // no test file: nothing covered
  EXPECT_DOUBLE_EQ(gaps[0].percent(), 80.0);
  EXPECT_DOUBLE_EQ(gaps[3].percent(), 70.0);  // lines when there are no branches
}

}  // namespace
}  // namespace panta::engine
