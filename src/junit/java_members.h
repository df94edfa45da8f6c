#pragma once

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "java/source_text.h"
#include "java/syntax_tree.h"
#include "junit/member.h"

/// What the test-file and answer code of junit/ share: parsed Java, test methods, members.
namespace panta::junit::detail {

/// A parsed piece of Java: owns the text and its tree.
struct Parsed {
  java::SourceText source;
  java::SyntaxTree tree;

  static std::optional<Parsed> of(std::string text);
  std::string_view text(TSNode n) const { return java::node_text(source, n); }
};

/// The first class declaration among `root`'s children (a null node when there is none).
TSNode first_class(TSNode root);
/// Whether `declaration` carries one of the annotations `names` (simple or qualified name).
bool has_annotation(const Parsed& p, TSNode declaration,
                    std::initializer_list<std::string_view> names);
/// Whether `member` is a test: a method annotated @Test, @ParameterizedTest, @RepeatedTest or
/// @TestFactory, or a @Nested class (one test to Panta, whatever it holds).
bool is_test_method(const Parsed& p, TSNode member);
/// Where `members[i]` starts with the comments right above it (Javadoc, `//` lines saying why
/// a test looks the way it does): comment siblings before it with no blank line between.
size_t start_with_comments(const Parsed& p, const std::vector<TSNode>& members, size_t i);
/// A test's normalised form: its annotations' arguments, parameters and body as tokens, without
/// comments or formatting, with local names (variables, parameters, lambda and catch
/// parameters) numbered in order of declaration. Two tests with the same key are the same test
/// under different names.
std::string normalised_test(const Parsed& p, TSNode test);
/// True when the parser had to invent a closing brace inside `node`: the code was cut off.
bool lacks_closing_brace(TSNode node);
/// The key a member is known by; none for what is no member (a comment, a stray `;`).
std::optional<MemberKey> member_key(const Parsed& p, TSNode member);
/// Whether `text` has `name` as a whole identifier.
bool mentions(std::string_view text, std::string_view name);
/// The members of an answer a test needs: those it names, those run around every test (setup,
/// teardown, rules, initializer blocks), and what those name in turn.
std::vector<bool> members_needed(const std::string& test_code, const Members& members);
/// Lines of `code` moved so that the least indented one starts at `indent`.
std::string reindent(const std::string& code, const std::string& indent);

}  // namespace panta::junit::detail
