import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCore

/// `String.precomposed` against Python's `unicodedata`, an implementation of normal form C
/// independent of Foundation's.
@Suite struct PrecomposedTests {
  @Test(arguments: [
    ("e\u{301}", "\u{E9}"),  // a combining acute after e
    ("\u{1112}\u{1161}\u{11AB}", "\u{D55C}"),  // leading, vowel and trailing jamo: 한
    ("\u{D558}\u{11AB}", "\u{D55C}"),  // 하, then a trailing jamo that joins it: 한
    ("\u{D558}\u{301}\u{11AB}", "\u{D558}\u{301}\u{11AB}"),  // not when something is between
    ("\u{D55C}\u{11AB}", "\u{D55C}\u{11AB}"),  // nor to a syllable that has a final already
    ("\u{212B}", "\u{C5}"),  // ANGSTROM SIGN, a singleton
    ("\u{2000}", "\u{2002}"),  // EN QUAD becomes EN SPACE
    ("카페 e\u{301}", "카페 \u{E9}"),
    ("강남역 2번 출구 & 카페", "강남역 2번 출구 & 카페"),
    ("", ""),
  ])
  func normalisesWhatNeedsIt(text: String, expected: String) {
    #expect(text.precomposed.unicodeScalars.map(\.value) == expected.unicodeScalars.map(\.value))
  }

  /// Every scalar the shortcut accepts, alone, between neighbours and before a mark or a jamo
  /// that could join it, and every syllable, alone and with each trailing jamo where one can
  /// join, comes out as Python has it.
  @Test(.tags(.oracle)) func agreesWithPythonOnEveryScalarTheShortcutAccepts() throws {
    var texts: [String] = []
    for value in UInt32(0)..<0x300 {
      let scalar = String(Character(Unicode.Scalar(value)!))
      texts += [scalar, "a" + scalar + "가", scalar + "\u{301}", scalar + "\u{11AB}"]
    }
    for value in UInt32(0xAC00)...0xD7A3 {
      let syllable = String(Character(Unicode.Scalar(value)!))
      texts += [syllable, "\u{E9}" + syllable + "a"]
      // A syllable with no final consonant is every 28th; the jamo U+11A8–U+11C2 give it one.
      if (value - 0xAC00) % 28 == 0 {
        for trailing in UInt32(0x11A8)...0x11C2 {
          texts.append(syllable + String(Character(Unicode.Scalar(trailing)!)))
        }
      }
    }
    let expected = try Self.pythonNFC(texts)
    try #require(expected.count == texts.count)
    let differing = zip(texts, expected).filter { text, nfc in
      text.precomposed.unicodeScalars.map(\.value) != nfc
    }
    #expect(differing.isEmpty, "\(differing.prefix(5).map { $0.0.unicodeScalars.map(\.value) })")
  }

  /// Python's normal form C of each text, as scalar values; texts travel as hexadecimal
  /// scalar values, one line each, so newlines and controls among them arrive intact.
  static func pythonNFC(_ texts: [String]) throws -> [[UInt32]] {
    let script = """
      import sys, unicodedata
      for line in sys.stdin:
          text = "".join(chr(int(h, 16)) for h in line.split())
          print(" ".join("%x" % ord(c) for c in unicodedata.normalize("NFC", text)))
      """
    let input =
      texts.map { $0.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " ") }
      .joined(separator: "\n") + "\n"
    let data = try ProgramOutput.read(["python3", "-c", script], input: Data(input.utf8))
    return String(decoding: data, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false
    )
    .dropLast().map { line in line.split(separator: " ").compactMap { UInt32($0, radix: 16) } }
  }
}
