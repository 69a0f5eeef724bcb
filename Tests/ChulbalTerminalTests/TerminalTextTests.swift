import Testing

@testable import ChulbalTerminal

@Suite struct TerminalTextTests {
  @Test(arguments: [
    ("abc", 3), ("저녁 약속", 9), ("한", 2), ("ｱ", 1), ("Ａ", 2), ("🍜", 2), ("e\u{301}", 1),
    ("\u{1100}\u{1161}", 2), ("漢字", 4), ("", 0),
  ])
  func widthCountsTerminalColumns(text: String, columns: Int) {
    #expect(TerminalText.width(text) == columns)
  }

  @Test func tableCellsShowControlCharactersVisibly() {
    #expect(TerminalText.table([["a\u{1B}[2J", "b"]]) == "a\\x1B[2J  b\n")
  }

  @Test func tablesAlignByColumnsNotCharacters() {
    let table = TerminalText.table([["번호", "제목", "끝"], ["#1", "a", "x"], ["#22", "저녁 약속", "y"]])
    #expect(
      table == """
        번호  제목       끝
        #1    a          x
        #22   저녁 약속  y

        """)
  }
}
