package org.acme.lexer;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a small formula language into tokens. Lines are separated by '\n'; spaces, tabs and
 * '\r' are skipped; '#' starts a comment that runs to the end of its line.
 */
public final class Tokenizer {
  /** Kinds of token. */
  public enum Kind { NUMBER, IDENT, STRING, SYMBOL }

  /**
   * One token: its kind, its text and the 1-based line and column of its first character. The
   * text of a STRING is its content with the quotes removed and the escapes resolved.
   */
  public record Token(Kind kind, String text, int line, int column) {}

  private static final String SYMBOLS = "+-*/()=,";

  private final String input;
  private int pos;
  private int line = 1;
  private int column = 1;

  private Tokenizer(String input) {
    this.input = input;
  }

  /**
   * The tokens of {@code input}, in order. A NUMBER is one or more digits, optionally followed by
   * '.' and one or more digits; an IDENT is a letter followed by letters, digits or '_'; a STRING
   * is enclosed in '"' and may hold the escapes \", \\ and \n but no line break; a SYMBOL is one
   * of {@code + - * / ( ) = ,}.
   *
   * @throws ParseException "unexpected character 'c'" at a character that starts no token,
   *     "digit expected after '.'" at the character after a '.' that ends a number,
   *     "unterminated string" at the opening quote of a string not closed on its line,
   *     "bad escape \c" at the backslash of an escape other than the three above
   */
  public static List<Token> tokenize(String input) throws ParseException {
    return new Tokenizer(input).run();
  }

  private List<Token> run() throws ParseException {
    List<Token> tokens = new ArrayList<>();
    while (pos < input.length()) {
      char c = input.charAt(pos);
      int startLine = line;
      int startColumn = column;
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        advance();
      } else if (c == '#') {
        while (pos < input.length() && input.charAt(pos) != '\n') {
          advance();
        }
      } else if (Character.isDigit(c)) {
        tokens.add(new Token(Kind.NUMBER, number(), startLine, startColumn));
      } else if (Character.isLetter(c)) {
        int start = pos;
        while (pos < input.length() && isIdentPart(input.charAt(pos))) {
          advance();
        }
        if (pos == start) {
          throw new AssertionError(c); // cannot happen: a letter is an ident part
        }
        tokens.add(new Token(Kind.IDENT, input.substring(start, pos), startLine, startColumn));
      } else if (c == '"') {
        tokens.add(new Token(Kind.STRING, string(), startLine, startColumn));
      } else if (SYMBOLS.indexOf(c) >= 0) {
        advance();
        tokens.add(new Token(Kind.SYMBOL, String.valueOf(c), startLine, startColumn));
      } else {
        throw new ParseException("unexpected character '" + c + "'", line, column);
      }
    }
    return tokens;
  }

  private String number() throws ParseException {
    int start = pos;
    while (pos < input.length() && Character.isDigit(input.charAt(pos))) {
      advance();
    }
    if (pos < input.length() && input.charAt(pos) == '.') {
      advance();
      if (pos >= input.length() || !Character.isDigit(input.charAt(pos))) {
        throw new ParseException("digit expected after '.'", line, column);
      }
      while (pos < input.length() && Character.isDigit(input.charAt(pos))) {
        advance();
      }
    }
    return input.substring(start, pos);
  }

  private String string() throws ParseException {
    int quoteLine = line;
    int quoteColumn = column;
    advance(); // the opening quote
    StringBuilder text = new StringBuilder();
    while (true) {
      if (pos >= input.length() || input.charAt(pos) == '\n') {
        throw new ParseException("unterminated string", quoteLine, quoteColumn);
      }
      char c = input.charAt(pos);
      if (c == '"') {
        advance();
        return text.toString();
      }
      if (c != '\\') {
        text.append(c);
        advance();
        continue;
      }
      int escLine = line;
      int escColumn = column;
      advance(); // the backslash
      if (pos >= input.length() || input.charAt(pos) == '\n') {
        throw new ParseException("unterminated string", quoteLine, quoteColumn);
      }
      char e = input.charAt(pos);
      switch (e) {
        case '"' -> text.append('"');
        case '\\' -> text.append('\\');
        case 'n' -> text.append('\n');
        default -> throw new ParseException("bad escape \\" + e, escLine, escColumn);
      }
      advance();
    }
  }

  private static boolean isIdentPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }

  private void advance() {
    if (input.charAt(pos) == '\n') {
      line++;
      column = 1;
    } else {
      column++;
    }
    pos++;
  }
}
