import Testing

@testable import ChulbalCore

@Suite struct TextCleaningTests {
  @Test(arguments: [
    ("a\u{1B}[31mb", "a\\x1B[31mb"), ("bell\u{07}", "bell\\x07"), ("cr\r", "cr\\x0D"),
    ("line\nbreak", "line\\x0Abreak"), ("del\u{7F}", "del\\x7F"), ("c1\u{9B}", "c1\\x9B"),
    ("한글 그대로", "한글 그대로"),
  ])
  func controlCharactersAreMadeVisible(text: String, shown: String) {
    #expect(TextCleaning.visible(text) == shown)
  }

  @Test(arguments: [
    ("R&D <b>회의</b>", "R&amp;D &lt;b&gt;회의&lt;/b&gt;"), ("벨\u{07}과 ESC\u{1B}[31m", "벨과 ESC[31m"),
    ("줄\n바꿈", "줄바꿈"), ("&amp;", "&amp;amp;"), ("그대로", "그대로"),
  ])
  func notificationMarkupIsEscapedAndControlsRemoved(text: String, markup: String) {
    #expect(TextCleaning.markup(text) == markup)
  }
}
