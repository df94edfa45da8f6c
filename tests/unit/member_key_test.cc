#include "junit/member.h"

#include <gtest/gtest.h>

namespace panta::junit {
namespace {

// A member's key carries its kind as a value (issue 27: repair read kinds back out of
// "method:..." strings); its text form is only what a journal keeps, and reads back the same.
TEST(MemberKey, KindNamesAndTheJournalsForm) {
  MemberKey fields{MemberKind::kField, "a,b"};
  EXPECT_EQ(fields.declared(), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(fields.label(), "field a,b");
  MemberKey helper{MemberKind::kMethod, "money(String s)"};
  EXPECT_EQ(helper.declared(), std::vector<std::string>{"money"});
  EXPECT_EQ(helper.label(), "helper money(String s)");
  EXPECT_EQ(helper.text(), "method:money(String s)");
  MemberKey ctor{MemberKind::kConstructor, "(int x)"};
  EXPECT_TRUE(ctor.declared().empty());
  EXPECT_EQ(ctor.label(), "constructor (int x)");
  EXPECT_EQ(MemberKey({MemberKind::kInitializer, "{ x = 1; }"}).label(), "initializer");
  EXPECT_EQ(MemberKey({MemberKind::kType, "Row"}).declared(), std::vector<std::string>{"Row"});
  for (const MemberKey& k : {fields, helper, ctor, MemberKey{MemberKind::kType, "Row"},
                             MemberKey{MemberKind::kInitializer, "static { a = 1; }"}}) {
    EXPECT_EQ(MemberKey::from_text(k.text()), k) << k.text();
  }
  EXPECT_EQ(MemberKey::from_text("no colon"), std::nullopt);
  EXPECT_EQ(MemberKey::from_text("enum:E"), std::nullopt);
  EXPECT_LT((MemberKey{MemberKind::kField, "z"}), (MemberKey{MemberKind::kMethod, "a()"}));
}

}  // namespace
}  // namespace panta::junit
