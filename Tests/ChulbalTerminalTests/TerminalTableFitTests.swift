import Testing

@testable import ChulbalTerminal

/// Cutting text and table columns to a terminal's width, by display width.
@Suite struct TerminalTableFitTests {
  struct ShortCase: Sendable, CustomTestStringConvertible {
    let text: String
    let columns: Int
    let shortened: String
    var testDescription: String { "'\(text)' in \(columns)" }
  }

  @Test(arguments: [
    // Fits: whole, no mark.
    ShortCase(text: "저녁 약속", columns: 9, shortened: "저녁 약속"),
    ShortCase(text: "abcdef", columns: 6, shortened: "abcdef"),
    // One column for the mark; a wide syllable that would cross the limit is left out whole.
    ShortCase(text: "abcdef", columns: 5, shortened: "abcd…"),
    ShortCase(text: "대학 동기 송년회", columns: 10, shortened: "대학 동기…"),
    ShortCase(text: "대학 동기 송년회", columns: 9, shortened: "대학 동…"),
    // The spaces before the cut go: the mark follows the last word.
    ShortCase(text: "대학 동기 송년회", columns: 11, shortened: "대학 동기…"),
    // A syllable and its combining mark stay together.
    ShortCase(text: "e\u{301}e\u{301}e\u{301}", columns: 2, shortened: "e\u{301}…"),
  ])
  func shortenedCutsByDisplayWidthAndMarksTheCut(_ example: ShortCase) {
    let shortened = TerminalText.shortened(example.text, to: example.columns)
    #expect(shortened == example.shortened)
    #expect(TerminalText.width(shortened) <= example.columns)
  }

  static func table(_ rows: [[String]]) -> TerminalTable {
    var table = TerminalTable()
    for row in rows {
      for cell in row { table.append(cell) }
      table.endRow()
    }
    return table
  }

  static func lines(_ table: TerminalTable) -> String {
    var bytes: [UInt8] = []
    for row in 0..<table.rowCount { table.appendLine(row, to: &bytes) }
    return String(decoding: bytes, as: UTF8.self)
  }

  static let rows = [
    ["#1", "대학 동기 송년회", "강남파이낸스센터 지하 1층", "오후 7:00"],
    ["#2", "팀 회의", "본사", "오후 3:00"],
  ]

  @Test func aTableThatFitsIsLeftAsItIs() {
    var table = Self.table(Self.rows)
    #expect(table.lineWidth() == 58)
    table.fit(within: 58, shortening: [1: 10, 2: 10])
    #expect(
      Self.lines(table) == """
        #1  대학 동기 송년회  강남파이낸스센터 지하 1층  오후 7:00
        #2  팀 회의           본사                       오후 3:00

        """)
  }

  /// The columns are cut to one width, the widest that fits: 58 columns into 50 takes the
  /// place (25) to 17 and leaves the title (16) whole; into 40, both go to 11.
  @Test func theColumnsAreCutToOneWidthThatFits() {
    var table = Self.table(Self.rows)
    table.fit(within: 50, shortening: [1: 10, 2: 10])
    #expect(table.lineWidth() == 50)
    #expect(
      Self.lines(table) == """
        #1  대학 동기 송년회  강남파이낸스센터…  오후 7:00
        #2  팀 회의           본사               오후 3:00

        """)
    var narrower = Self.table(Self.rows)
    narrower.fit(within: 40, shortening: [1: 10, 2: 10])
    #expect(narrower.lineWidth() == 39)
    #expect(
      Self.lines(narrower) == """
        #1  대학 동기…   강남파이낸…  오후 7:00
        #2  팀 회의      본사         오후 3:00

        """)
  }

  /// A column is never cut under its least width, and lines that still do not fit are left to
  /// wrap; an indent counts.
  @Test func noColumnIsCutUnderItsLeastWidth() {
    var table = Self.table(Self.rows)
    table.fit(within: 20, indent: 2, shortening: [1: 12, 2: 6])
    #expect(table.lineWidth(indent: 2) == 37)
    #expect(
      Self.lines(table) == """
        #1  대학 동기…    강남…   오후 7:00
        #2  팀 회의       본사    오후 3:00

        """)
  }
}
