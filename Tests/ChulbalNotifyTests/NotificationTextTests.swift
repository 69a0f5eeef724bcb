import ChulbalNotify
import Testing

@Suite struct NotificationTextTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let expected: String
    var testDescription: String { name }
  }

  static let summaries: [Case] = [
    Case(name: "a usual summary", input: "지금 출발하세요 · 저녁 약속", expected: "지금 출발하세요 · 저녁 약속"),
    Case(
      name: "40 columns of Latin", input: String(repeating: "a", count: 40),
      expected: String(repeating: "a", count: 40)),
    Case(
      name: "41 columns of Latin", input: String(repeating: "a", count: 41),
      expected: String(repeating: "a", count: 39) + "…"),
    Case(
      name: "20 Hangul syllables are 40 columns", input: String(repeating: "가", count: 20),
      expected: String(repeating: "가", count: 20)),
    Case(
      name: "21 Hangul syllables", input: String(repeating: "가", count: 21),
      expected: String(repeating: "가", count: 19) + "…"),
    Case(
      name: "a wide character that would pass the 39th column is left out",
      input: "a" + String(repeating: "가", count: 20),
      expected: "a" + String(repeating: "가", count: 19) + "…"),
    Case(
      name: "no space before the ellipsis",
      input: String(repeating: "a", count: 38) + " bcd",
      expected: String(repeating: "a", count: 38) + "…"),
    Case(
      name: "a combining mark is part of its character",
      input: String(repeating: "e\u{301}", count: 41),
      expected: String(repeating: "e\u{301}", count: 39) + "…"),
    Case(
      name: "emoji are wide", input: String(repeating: "🚗", count: 21),
      expected: String(repeating: "🚗", count: 19) + "…"),
    Case(
      name: "control characters, newline too, are removed",
      input: "지금\u{1B}[31m 출발\n하세요\u{7}\u{9B}", expected: "지금[31m 출발하세요"),
    Case(
      name: "controls removed before measuring",
      input: String(repeating: "a", count: 40) + "\u{7}\n",
      expected: String(repeating: "a", count: 40)),
    Case(name: "markup characters stay as typed", input: "R&D <b> 회의", expected: "R&D <b> 회의"),
    Case(name: "empty", input: "", expected: ""),
  ]

  @Test(arguments: summaries) func summary(_ test: Case) {
    #expect(NotificationText.summary(test.input) == test.expected)
    #expect(NotificationText.columns(NotificationText.summary(test.input)) <= 40)
  }

  static let markupBodies: [Case] = [
    Case(
      name: "the three markup characters", input: "R&D <b>팀</b>\n회의",
      expected: "R&amp;D &lt;b&gt;팀&lt;/b&gt;\n회의"),
    Case(name: "quotes are left as they are", input: "'a' \"b\"", expected: "'a' \"b\""),
    Case(
      name: "an entity is escaped, not kept", input: "&amp; &#39;", expected: "&amp;amp; &amp;#39;"),
    Case(
      name: "controls other than newline removed", input: "a\r\nb\tc\u{1B}d\u{7F}\u{85}e",
      expected: "a\nbcde"),
    Case(name: "empty", input: "", expected: ""),
  ]

  @Test(arguments: markupBodies) func bodyForAServerThatReadsMarkup(_ test: Case) {
    #expect(NotificationText.body(test.input, markup: true) == test.expected)
  }

  static let plainBodies: [Case] = [
    Case(name: "markup characters stay", input: "R&D <b>팀</b>\n회의", expected: "R&D <b>팀</b>\n회의"),
    Case(name: "an entity stays", input: "&amp;", expected: "&amp;"),
    Case(
      name: "controls other than newline removed", input: "a\r\nb\tc\u{1B}d",
      expected: "a\nbcd"),
  ]

  @Test(arguments: plainBodies) func bodyForAServerThatShowsPlainText(_ test: Case) {
    #expect(NotificationText.body(test.input, markup: false) == test.expected)
  }
}
