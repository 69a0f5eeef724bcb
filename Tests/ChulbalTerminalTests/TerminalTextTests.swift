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

  @Test(arguments: [
    ("a\u{1B}[31mb", "a\\x1B[31mb"), ("bell\u{07}", "bell\\x07"), ("cr\r", "cr\\x0D"),
    ("line\nbreak", "line\\x0Abreak"), ("del\u{7F}", "del\\x7F"), ("c1\u{9B}", "c1\\x9B"),
    ("한글 그대로", "한글 그대로"),
  ])
  func controlCharactersAreMadeVisible(text: String, shown: String) {
    #expect(TerminalText.visible(text) == shown)
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
