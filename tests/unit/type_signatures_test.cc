#include "engine/type_signatures.h"

#include <gtest/gtest.h>

#include "test_support.h"

namespace panta::engine {
namespace {

// A project whose sources are under `dir`/src.
project::Project project_in(const test::TempDir& dir) {
  project::Project p;
  p.root = dir.path();
  p.src_dir = dir.path() + "/src";
  return p;
}

// The enums a class declares (nested ones too) and those of the project it names.
TEST(TypeSignatures, EnumConstantsOfTheClassAndOfTheProjectsTypesItNames) {
  test::TempDir dir;
  dir.write("src/a/Size.java",
            "package a;\npublic enum Size { SMALL, LARGE; int x() { return 1; } }\n");
  dir.write("src/a/Other.java", "package a;\npublic enum Other { A }\n");
  project::Project p = project_in(dir);
  auto enums = enum_constants(
      "package a;\nclass Cut {\n  enum Season { WINTER, SUMMER }\n  static class In { enum Deep { "
      "X, Y } }\n"
      "  Size size;\n}\n",
      "a", p);
  EXPECT_EQ(enums["Season"], (std::vector<std::string>{"WINTER", "SUMMER"}));
  EXPECT_EQ(enums["Deep"], (std::vector<std::string>{"X", "Y"}));
  EXPECT_EQ(enums["Size"], (std::vector<std::string>{"SMALL", "LARGE"}));
  EXPECT_EQ(enums.count("Other"), 0u);  // not named by the class
}

TEST(TypeSignatures, TheProjectsTypesTheClassUsesWithTheirApiSamePackageFirst) {
  test::TempDir dir;
  dir.write("src/a/Token.java", R"(package a;
/** A token. */
public final class Token {
  enum Type { EOF, TOKEN, COMMENT }
  Type type = Type.TOKEN;
  final StringBuilder content = new StringBuilder();
  private int secret;
  /** Resets it. */
  void reset() { content.setLength(0); }
  private void hidden() {}
}
)");
  dir.write("src/b/Format.java", R"(package b;
public class Format {
  public static final Format DEFAULT = new Format(',');
  public static final Format EXCEL = DEFAULT.builder().setQuote('"').setDelimiter(';').build();
  public Format(char delimiter) { }
  public char getDelimiter() { return ','; }
  public static class Builder { public Builder setQuote(Character quote) { return this; } }
}
)");
  dir.write("src/b/Unused.java", "package b;\npublic class Unused {}\n");
  project::Project p = project_in(dir);
  std::string source = R"(package a;
import b.Format;
import java.util.List;
class Lexer {
  private final Format format;
  private final Unused unused = null;  // a private field's type is the class's own business
  Lexer(Format format) { this.format = format; }
  Token next(Token t) { if (Format.DEFAULT == format) t.reset(); return t; }
  List<String> names() { return null; }
}
)";
  std::string s = used_type_signatures(source, "a", p, 10000);
  EXPECT_LT(s.find("public final class Token"), s.find("public class Format")) << s;
  EXPECT_NE(s.find("  Type type = Type.TOKEN\n"), std::string::npos) << s;
  EXPECT_NE(s.find("  void reset()\n"), std::string::npos);
  // The members the class calls come first (a large type is cut at its end).
  EXPECT_LT(s.find("  void reset()\n"), s.find("  Type type = Type.TOKEN\n")) << s;
  EXPECT_NE(s.find("    constants: EOF, TOKEN, COMMENT\n"), std::string::npos);
  EXPECT_NE(s.find("  public Format(char delimiter)\n"), std::string::npos);
  // The constructor javac adds to a class that declares none, which a test may call.
  EXPECT_LT(s.find("public final class Token\n"), s.find("  public Token() // implicit\n")) << s;
  EXPECT_EQ(s.find("Format() // implicit"), std::string::npos);
  EXPECT_NE(s.find("    public Builder() // implicit\n"), std::string::npos);
  // A short initializer is a value a test may use; a long one is left out.
  EXPECT_NE(s.find("  public static final Format DEFAULT = new Format(',')\n"), std::string::npos);
  EXPECT_NE(s.find("  public static final Format EXCEL = ...\n"), std::string::npos);
  EXPECT_NE(s.find("    public Builder setQuote(Character quote)\n"), std::string::npos);
  EXPECT_EQ(s.find("secret"), std::string::npos);
  EXPECT_EQ(s.find("hidden"), std::string::npos);
  EXPECT_EQ(s.find("Unused"), std::string::npos);
  EXPECT_EQ(s.find("List"), std::string::npos);  // the JDK's, not the project's
  EXPECT_EQ(s.find("A token"), std::string::npos);
  // Types only the code uses come after those of the declarations: a static call's receiver,
  // a type of the same package named in a body, the owner of a static import.
  dir.write("src/a/Check.java",
            "package a;\npublic final class Check {\n  public static void notNull(Object o) { }\n"
            "  public static void isTrue(boolean b) { }\n  public Check() { }\n}\n");
  dir.write("src/a/Marks.java",
            "package a;\nfinal class Marks {\n  static final int EOF = -1;\n}\n");
  dir.write("src/b/Codes.java",
            "package b;\npublic final class Codes {\n  public static final char CR = '\\r';\n}\n");
  std::string coded = used_type_signatures(R"(package a;
import static b.Codes.CR;
class Lexer {
  Token next(Token t) { Check.notNull(t); int m = Marks.EOF; return t; }
}
)",
                                           "a", p, 10000);
  EXPECT_NE(coded.find("public final class Check\n  public static void notNull(Object o)\n"),
            std::string::npos)
      << coded;
  EXPECT_NE(coded.find("final class Marks\n  static final int EOF = -1\n"), std::string::npos);
  EXPECT_NE(coded.find("public final class Codes\n  public static final char CR = '\\r'\n"),
            std::string::npos);
  EXPECT_LT(coded.find("class Token"), coded.find("class Check"));
  // Of a type only the code uses through its name, the members it uses.
  EXPECT_EQ(coded.find("isTrue"), std::string::npos) << coded;
  EXPECT_EQ(coded.find("public Check()"), std::string::npos) << coded;
  EXPECT_EQ(coded.find("class Lexer"), std::string::npos);  // its own type
  // When the first type does not fit whole, a later one that does comes whole, and the first
  // gets the room left.
  test::TempDir two;
  std::string big = "package a;\npublic class Big {\n";
  for (int i = 0; i < 15; ++i) big += "  public void method" + std::to_string(i) + "() { }\n";
  two.write("src/a/Big.java", big + "}\n");
  two.write("src/a/Small.java", "package a;\nclass Small {\n  static final int N = 1;\n}\n");
  project::Project q = project_in(two);
  std::string tight = used_type_signatures(
      "package a;\nclass U {\n  public Big big() { return null; }\n  int n() { return Small.N; "
      "}\n}\n",
      "a", q, 300);
  EXPECT_NE(tight.find("more lines of Big left out for space"), std::string::npos) << tight;
  EXPECT_NE(tight.find("\nclass Small\n  static final int N = 1\n"), std::string::npos) << tight;
  EXPECT_LT(tight.find("class Big"), tight.find("class Small"));  // still in their order
  std::string small = used_type_signatures(source, "a", p, 210);
  EXPECT_NE(small.find("(left out for space: Format)"), std::string::npos) << small;
}

// What a test's assertThrows needs: the exceptions a member throws itself, those its `throws`
// clause names and those of a lambda or nested class inside it left out.
TEST(TypeSignatures, TheExceptionsAMemberThrowsItselfAreNamed) {
  test::TempDir dir;
  dir.write("src/a/err/ValidationException.java",
            "package a.err;\npublic class ValidationException extends IllegalArgumentException {\n"
            "  public ValidationException(String m) { super(m); }\n}\n");
  dir.write("src/a/Validate.java", R"(package a;
import a.err.ValidationException;
public final class Validate {
  public static void notNull(Object obj) {
    if (obj == null) throw new ValidationException("Object must not be null");
  }
  public static void isTrue(boolean b) throws IllegalStateException {
    if (!b) throw new IllegalStateException("false");
    if (b && !b) throw new ValidationException("never");
    Runnable r = () -> { throw new UnsupportedOperationException(); };
  }
  public static void fail(String msg) { throw new ValidationException(msg); }
  public static void isFalse(boolean b) { if (b) fail("true"); }
  public static void range(int i) {
    if (i < 0) throw new ValidationException("negative");
    if (i > 9) throw new ValidationException("too big");
  }
  public Validate() { throw new AssertionError(); }
}
)");
  project::Project p = project_in(dir);
  std::string s = used_type_signatures(R"(package a;
class Parser {
  void parse(String x) {
    Validate.notNull(x); Validate.isTrue(true); Validate.fail("no"); Validate.isFalse(false);
  }
  Validate v() { return null; }
}
)",
                                       "a", p, 10000);
  // With the message a test may assert when it is always the same literal.
  EXPECT_NE(s.find("  public static void notNull(Object obj) // throws "
                   "ValidationException(\"Object must not be null\")\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("  public static void isTrue(boolean b) throws IllegalStateException // "
                   "throws ValidationException(\"never\")\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("  public static void range(int i) // throws ValidationException\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("  public static void fail(String msg) // throws ValidationException\n"),
            std::string::npos);
  EXPECT_NE(s.find("  public Validate() // throws AssertionError\n"), std::string::npos);
  // What a method of the same type it calls throws itself.
  EXPECT_NE(s.find("  public static void isFalse(boolean b) // throws ValidationException\n"),
            std::string::npos)
      << s;
  EXPECT_EQ(s.find("UnsupportedOperationException"), std::string::npos);
  // The project's exception, once, with its package and what it extends; the JDK's are known.
  EXPECT_NE(s.find("public class ValidationException extends IllegalArgumentException // in "
                   "package a.err\n"),
            std::string::npos)
      << s;
  EXPECT_EQ(s.find("public class ValidationException"),
            s.rfind("public class ValidationException"));
  EXPECT_EQ(s.find("class IllegalStateException"), std::string::npos);
}

// What the class inherits from above its own superclass, resolved as each file sees it, with
// only the members the class names (`LRUMap`'s `data` and `modCount` of `AbstractHashedMap`).
TEST(TypeSignatures, TheClassesAboveTheSuperclassShowTheMembersTheClassNames) {
  test::TempDir dir;
  dir.write(
      "src/b/Base.java",
      "package b;\npublic abstract class Base<K> {\n  transient Object[] data;\n  int unused;\n"
      "  protected int hashIndex(int h) { return h; }\n  public void other() { }\n}\n");
  dir.write("src/a/Mid.java",
            "package a;\nimport b.Base;\npublic abstract class Mid<K> extends Base<K> {\n"
            "  protected void init() { }\n}\n");
  project::Project p = project_in(dir);
  std::string s = used_type_signatures(
      "package a;\npublic class U<K> extends Mid<K> {\n  int f() { data = null; init(); return "
      "hashIndex(1); }\n}\n",
      "a", p, 10000);
  EXPECT_LT(s.find("public abstract class Mid<K> extends Base<K>"),
            s.find("public abstract class Base<K>\n"))
      << s;
  EXPECT_NE(s.find("public abstract class Base<K>\n"), std::string::npos) << s;
  EXPECT_NE(s.find("  transient Object[] data\n"), std::string::npos) << s;
  EXPECT_NE(s.find("  protected int hashIndex(int h)\n"), std::string::npos) << s;
  EXPECT_EQ(s.find("unused"), std::string::npos) << s;
  EXPECT_EQ(s.find("other()"), std::string::npos) << s;
}

// A nested type imported by its own name is found in its top-level type's file and shown on its
// own, saying where it is (jsoup's Entities uses `Document.OutputSettings` through
// `import org.jsoup.nodes.Document.OutputSettings;`: it was missing from the context).
// A superclass whose members the compiled list shows (engine::hidden_api) is not listed twice:
// its source block keeps what javap cannot show, its private fields' defaults (issue 25).
TEST(TypeSignatures, ASuperclassListedFromTheCompiledClassShowsNoMembersAgain) {
  test::TempDir dir;
  std::string base = dir.write("src/a/Base.java",
                               "package a;\npublic class Base {\n  private int limit = 3;\n"
                               "  protected void setLimit(int l) { limit = l; }\n"
                               "  public int limit() { return limit; }\n}\n");
  project::Project p = project_in(dir);
  auto unit =
      parse("package a;\npublic class U extends Base {\n  int f() { return limit(); }\n}\n");
  ASSERT_TRUE(unit.has_value());
  std::string whole = used_type_signatures(*unit, "a", p, 10000);
  EXPECT_NE(whole.find("protected void setLimit(int l)"), std::string::npos) << whole;
  std::string rest = used_type_signatures(*unit, "a", p, 10000, {base});
  EXPECT_NE(rest.find("public class Base"), std::string::npos) << rest;
  EXPECT_NE(rest.find("limit = 3"), std::string::npos) << rest;
  EXPECT_EQ(rest.find("setLimit"), std::string::npos) << rest;
  EXPECT_EQ(rest.find("public int limit()"), std::string::npos) << rest;
}

TEST(TypeSignatures, ANestedTypeImportedByItsNameIsShown) {
  test::TempDir dir;
  dir.write("src/b/Document.java",
            "package b;\npublic class Document {\n  public void title(String t) { }\n"
            "  public static class OutputSettings {\n    public OutputSettings charset(String c) "
            "{ return this; }\n  }\n}\n");
  project::Project p = project_in(dir);
  std::string s = used_type_signatures(
      "package a;\nimport b.Document.OutputSettings;\npublic class E {\n  public static String "
      "escape(String s, OutputSettings out) { return s; }\n}\n",
      "a", p, 10000);
  EXPECT_NE(s.find("public static class OutputSettings // nested in Document\n"
                   "  public OutputSettings() // implicit\n"
                   "  public OutputSettings charset(String c)\n"),
            std::string::npos)
      << s;
  EXPECT_EQ(s.find("title"), std::string::npos) << s;  // not the whole outer class
  // A constant of a nested type imported statically, of a type shown already: once, in it
  // (csv's Lexer showed Token.Type twice).
  dir.write("src/a/Token.java",
            "package a;\nfinal class Token {\n  enum Type { EOF, TOKEN }\n  Type type;\n}\n");
  std::string lexer = used_type_signatures(
      "package a;\nimport static a.Token.Type.EOF;\nfinal class Lexer {\n  Token next(Token t) { "
      "t.type = EOF; return t; }\n}\n",
      "a", p, 10000);
  size_t first = lexer.find("enum Type");
  ASSERT_NE(first, std::string::npos) << lexer;
  EXPECT_EQ(lexer.find("enum Type", first + 1), std::string::npos) << lexer;
}

}  // namespace
}  // namespace panta::engine

namespace panta::engine {
namespace {

// What a test must know to assert exactly (issue 27): an exception's constructors, accessors
// and the message format it builds; a record's compact-constructor checks; the defaults of an
// options object's private fields; the body of a short method of a value type the class calls.
// A golden file (tests/fixtures/prompts/focused.context.txt) of PriceParser's types.
TEST(TypeSignatures, GoldenContextOfExceptionsRecordsAndOptions) {
  project::Project p;
  p.root = std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/context";
  p.src_dir = p.root + "/src";
  std::string source = test::slurp(p.src_dir + "/demo/PriceParser.java");
  std::string s = used_type_signatures(source, "demo", p, 4000);
  EXPECT_NE(s.find("  public ParseException(String message, int line, int column)\n"
                   "    // message: super(String.format(\"%s at %d:%d\", message, line, column))\n"
                   "  public int getLine()\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("    // check: if (cents < 0) throw new IllegalArgumentException(\"negative "
                   "amount: \" + cents)\n"),
            std::string::npos)
      << s;
  EXPECT_NE(s.find("  public boolean isZero() { return cents == 0; }\n"), std::string::npos) << s;
  EXPECT_NE(s.find("  public Money plus(Money other) // throws"), std::string::npos)
      << "a method the class does not call keeps its head only:\n"
      << s;
  EXPECT_NE(s.find("  // private fields start as: maxItems = 20, currency = \"EUR\"\n"),
            std::string::npos)
      << s;
  // A setter's checks, as a constructor's.
  EXPECT_NE(s.find("  public Options maxItems(int n) // throws IllegalArgumentException\n"
                   "    // check: if (n < 1) throw new IllegalArgumentException(\"maxItems must be "
                   "positive: \" + n)\n"),
            std::string::npos)
      << s;
  test::check_golden(std::string(PANTA_SOURCE_DIR) + "/tests/fixtures/prompts/focused.context.txt",
                     s);
}

}  // namespace
}  // namespace panta::engine
