import ChulbalCore
import Glibc
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

  /// One pass gives a cell's width, or says it may need cleaning, as the two scans it stands
  /// for do: every scalar up to U+2FFFF, alone, after seven and eight bytes of ASCII (where
  /// the eight-byte step ends), and between Hangul.
  @Test func theWidthIfCleanIsTheWidthOrNilAsTheCleaningScanSays() {
    var wrong: [String] = []
    for value in UInt32(0)...0x2FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      for text in [
        String(scalar), "abcdefg" + String(scalar), "abcdefgh" + String(scalar) + "xyz",
        "가" + String(scalar) + "나 다라마바사아",
      ] {
        let bytes = Array(text.utf8)
        let fused = bytes.withUnsafeBufferPointer(TerminalText.widthIfClean(utf8:))
        let apart =
          bytes.withUnsafeBufferPointer { TextCleaning.mayNeedCleaning(utf8: $0) }
          ? nil : TerminalText.width(text)
        if fused != apart && wrong.count < 20 { wrong.append(String(value, radix: 16)) }
      }
    }
    #expect(wrong == [])
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

/// The widths against glibc's `wcwidth` in a UTF-8 locale, an implementation of the same
/// Unicode tables written by others, over every scalar up to U+2FFFF.
@Suite struct TerminalWidthOracleTests {
  @Test func widthsAgreeWithGlibcWcwidth() throws {
    try #require(setlocale(LC_CTYPE, "C.UTF-8") != nil)
    // Glibc's module map leaves wcwidth out (it is an X/Open function); the C library has it.
    typealias WcWidth = @convention(c) (wchar_t) -> Int32
    let symbol = try #require(dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth"))
    let wcwidth = unsafeBitCast(symbol, to: WcWidth.self)
    var differences: [String] = []
    for value in UInt32(0x20)...0x2FFFF {
      // glibc gives -1 to what it cannot print, unassigned code points among them.
      guard let scalar = Unicode.Scalar(value), case let theirs = wcwidth(wchar_t(value)),
        theirs >= 0
      else { continue }
      if Int(theirs) != TerminalText.width(of: scalar) {
        differences.append(String(value, radix: 16))
      }
    }
    // U+1171E, AHOM CONSONANT SIGN MEDIAL RA, became a spacing mark in Unicode 15: Swift's
    // tables have the change, an older glibc may not.
    let versionDifferences: Set<String> = ["1171e"]
    let unexplained = differences.filter { !versionDifferences.contains($0) }
    #expect(unexplained == [], "\(unexplained.count): \(unexplained.prefix(80))")
  }
}
