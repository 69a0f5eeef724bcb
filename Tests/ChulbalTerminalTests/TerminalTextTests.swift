import ChulbalCore
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

  /// Widths are read from UTF-8 bytes: every scalar up to U+2FFFF, alone and between others,
  /// is as wide as its scalar's width says.
  @Test func widthsFromBytesAreTheScalarsWidths() {
    var wrong: [UInt32] = []
    for value in UInt32(0)...0x2FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let alone = TerminalText.width(of: scalar)
      if TerminalText.width(String(scalar)) != alone
        || TerminalText.width("가" + String(scalar) + "a") != alone + 3
      {
        wrong.append(value)
      }
    }
    #expect(wrong == [], "\(wrong.prefix(20).map { String($0, radix: 16) })")
  }

  /// One pass gives a cell's width, or says it may need cleaning: nil exactly where the
  /// cleaning scan says so, and otherwise the sum of the scalars' widths. Every scalar up to
  /// U+2FFFF, alone, after and between runs of ASCII, and between Hangul.
  @Test func theWidthIfCleanIsTheScalarsWidthsOrNilAsTheCleaningScanSays() {
    var wrong: [String] = []
    for value in UInt32(0)...0x2FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for text in [
        String(scalar), "abcdefg" + String(scalar), "abcdefgh" + String(scalar) + "xyz",
        "abc" + String(scalar) + "defghijk", "가나다ab" + String(scalar) + "c",
        "가" + String(scalar) + "나 다라마바사아",
      ] {
        let bytes = Array(text.utf8)
        let fused = TerminalText.widthIfClean(utf8: bytes[...])
        let expected =
          TextCleaning.mayNeedCleaning(utf8: bytes)
          ? nil : text.unicodeScalars.reduce(0) { $0 + TerminalText.width(of: $1) }
        if fused != expected && wrong.count < 20 { wrong.append(String(value, radix: 16)) }
      }
    }
    #expect(wrong == [])
  }

  /// Bytes that are not UTF-8 (a cell is written as bytes) are judged as the cleaning scan
  /// judges them, byte by byte: a right-to-left override after a lead byte whose character
  /// it cuts short is still found.
  @Test func bytesThatAreNotUTF8AreJudgedAsTheCleaningScanJudgesThem() {
    var cases: [[UInt8]] = [
      [0x41, 0xE2, 0x80], [0xEB, 0xE2, 0x80, 0xAE], [0xF0, 0xE2, 0x80, 0xAE], [0xEA, 0xB0],
      [0xC2], [0xD8, 0x9C], [0xE0, 0x0A, 0x80], [0xC3, 0xC2, 0x85], [0x80, 0x80, 0x1B],
    ]
    // And a few thousand runs of up to 16 of the bytes that matter, in every order the
    // generator happens on (a fixed seed, so a failure comes back).
    let alphabet: [UInt8] = [
      0x20, 0x41, 0x7F, 0x0A, 0x80, 0x85, 0x9C, 0xAE, 0xB0, 0xC2, 0xD8, 0xE2, 0xEA, 0xF0,
    ]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<5000 {
      var bytes: [UInt8] = []
      for _ in 0..<(Int(state >> 60) + 1) {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        bytes.append(alphabet[Int(state >> 33) % alphabet.count])
      }
      cases.append(bytes)
    }
    let wrong = cases.filter { bytes in
      (TerminalText.widthIfClean(utf8: bytes[...]) == nil)
        != TextCleaning.mayNeedCleaning(utf8: bytes)
    }
    #expect(wrong.prefix(5).map { $0.map { String($0, radix: 16) } } == [])
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
