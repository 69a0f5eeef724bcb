import Testing

@testable import ChulbalCore

@Suite struct TextCleaningTests {
  @Test(arguments: [
    ("a\u{1B}[31mb", "a\\x1B[31mb"), ("bell\u{07}", "bell\\x07"), ("cr\r", "cr\\x0D"),
    ("line\nbreak", "line\\x0Abreak"), ("del\u{7F}", "del\\x7F"), ("c1\u{9B}", "c1\\x9B"),
    ("한글 그대로", "한글 그대로"),
    // Bidirectional formatting: a title cannot make what follows read backwards.
    ("a\u{202E}cod.exe", "a\\u{202E}cod.exe"),
    ("\u{202A}\u{202B}\u{202C}\u{202D}", "\\u{202A}\\u{202B}\\u{202C}\\u{202D}"),
    ("\u{2066}\u{2067}\u{2068}\u{2069}", "\\u{2066}\\u{2067}\\u{2068}\\u{2069}"),
    ("\u{200E}\u{200F}\u{61C}", "\\u{200E}\\u{200F}\\u{061C}"),
    // Invisible but harmless characters stay.
    ("zero\u{200B}width\u{200D}", "zero\u{200B}width\u{200D}"),
  ])
  func controlCharactersAreMadeVisible(text: String, shown: String) {
    #expect(TextCleaning.visible(text) == shown)
  }

  @Test(arguments: [
    ("R&D <b>회의</b>", "R&amp;D &lt;b&gt;회의&lt;/b&gt;"), ("벨\u{07}과 ESC\u{1B}[31m", "벨과 ESC[31m"),
    ("줄\n바꿈", "줄바꿈"), ("&amp;", "&amp;amp;"), ("그대로", "그대로"),
    ("<span size=\"xx-large\">'", "&lt;span size=&quot;xx-large&quot;&gt;&#39;"),
  ])
  func notificationMarkupIsEscapedAndControlsRemoved(text: String, markup: String) {
    #expect(TextCleaning.markup(text) == markup)
  }

  /// The byte-level shortcut never lets a control or bidi character through: every scalar
  /// ``TextCleaning/visible(_:)`` must escape is one the shortcut sends to the full check.
  @Test func theShortcutSeesEveryCharacterThatMustBeShown() {
    var missed: [UInt32] = []
    var sent = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "가" + String(Character(scalar)) + "a"
      let mustShow = TextCleaning.isControl(scalar) || TextCleaning.isBidiControl(scalar)
      if TextCleaning.mayNeedCleaning(text) { sent += 1 } else if mustShow { missed.append(value) }
    }
    #expect(missed == [])
    // Most text takes the shortcut: what it sends on is a few thousand scalars at most.
    #expect(sent < 5000, "\(sent)")
  }

  /// Every ASCII byte, at every place in runs of ASCII, is judged as it is alone; and a C1
  /// control or bidi character anywhere in such a run, of ASCII or of Hangul, is still seen.
  @Test func theShortcutJudgesEveryByteAtEveryPlaceInALongRun() {
    var wrong: [String] = []
    func check(_ text: String, _ expected: Bool?) {
      let found = TextCleaning.mayNeedCleaning(utf8: Array(text.utf8))
      if let expected, found != expected { wrong.append(text.debugDescription) }
      if expected == nil && !found { wrong.append("missed \(text.debugDescription)") }
    }
    let wide: [Unicode.Scalar] = [
      "\u{85}", "\u{9F}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}",
    ]
    for length in 0...24 {
      for place in 0...length {
        let before = String(repeating: "a", count: place)
        let after = String(repeating: "z", count: length - place)
        for byte in UInt8(0)..<0x80 {
          check(before + String(UnicodeScalar(byte)) + after, byte < 0x20 || byte == 0x7F)
        }
        for scalar in wide { check(before + String(scalar) + after, nil) }
        check(before + "가" + after, false)
        let hangul = String(repeating: "한", count: place)
        let tail = String(repeating: "글", count: length - place)
        for scalar in wide + ["\u{1B}", "\u{7F}", "\n"] {
          check(hangul + String(scalar) + tail, nil)
        }
        check(hangul + "\"" + tail, false)
        check(hangul + "é\u{2028}" + tail, nil)
      }
    }
    #expect(wrong == [], "\(wrong.prefix(20))")
  }
}
