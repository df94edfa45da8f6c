package org.acme.lexer;

/** A syntax error at a position of the input; line and column are 1-based. */
public class ParseException extends Exception {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final int column;

  /**
   * @param message what is wrong, without the position
   * @param line 1-based line of the offending character
   * @param column 1-based column of the offending character
   */
  public ParseException(String message, int line, int column) {
    super(String.format("%s at %d:%d", message, line, column));
    this.line = line;
    this.column = column;
  }

  /** The 1-based line of the offending character. */
  public int getLine() {
    return line;
  }

  /** The 1-based column of the offending character. */
  public int getColumn() {
    return column;
  }
}
