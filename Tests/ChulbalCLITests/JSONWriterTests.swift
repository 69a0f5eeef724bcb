import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// The byte writer's strings read back, through Foundation's own JSON parser, as the text that
/// went in, and carry no raw control or bidi character.
@Suite struct JSONWriterTests {
  @Test(arguments: [
    "저녁 약속", "plain ascii", "quote \" and backslash \\", "tab\tnew\nline\r", "esc \u{1B}[2J",
    "bell \u{07}", "C1 \u{85}\u{9F}", "bidi \u{202E}evil\u{2066}\u{200F}\u{061C}", "“curly”",
    "emoji 🍜 and 漢字", "", "\u{7F}del", "끝\\",
  ])
  func stringsReadBackAsWritten(text: String) throws {
    let rendered = JSONValue.object([("t", .string(text)), ("n", .array([.string(text)]))])
    for document in [rendered.rendered(), rendered.compact()] {
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
      #expect(object["t"] as? String == text)
      #expect((object["n"] as? [String])?.first == text)
      // No raw control or bidi character: C0 but the layout's newlines, DEL, C1, the bidi
      // embeddings, overrides, isolates and marks.
      let raw = document.unicodeScalars.filter { scalar in
        switch scalar.value {
        case 0x0A: false
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
      }
      #expect(raw.isEmpty)
    }
  }

  @Test func prettyAndCompactLayouts() {
    let value = JSONValue.object([
      ("a", .array([.integer(1), .object([("b", .null)])])), ("c", .array([])), ("d", .object([])),
      ("e", .bool(true)), ("f", .number(1.5)),
    ])
    #expect(value.compact() == #"{"a":[1,{"b":null}],"c":[],"d":{},"e":true,"f":1.5}"#)
    #expect(
      value.rendered() == """
        {
          "a": [
            1,
            {
              "b": null
            }
          ],
          "c": [],
          "d": {},
          "e": true,
          "f": 1.5
        }

        """)
  }
}

/// `list --json` of more than a chunk writes as it goes and still makes one document; a
/// reader that leaves stops it quietly, and a full disk is one line and exit 1.
@Suite struct ChunkedListTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  func fill(_ count: Int) throws {
    let store = try Store.openOrCreate(path: database, expander: .libical)
    try store.insert(
      (0..<count).map { index in
        Appointment(
          title: "약속 \(index) \"따옴표\"",
          start: Date(timeIntervalSince1970: 1_796_119_200 + Double(index) * 60),
          timeZone: "Asia/Seoul", place: "강남역", mode: .walk, travelSeconds: 600,
          bufferSeconds: 0, alertLeads: [0], note: "메모\n둘째 줄")
      }, createdAt: Date(timeIntervalSince1970: 1_796_000_000))
  }

  @Test func aLongListIsWrittenInChunksAsOneDocument() throws {
    try fill(400)
    let console = RecordingConsole()
    let outcome = CLI.run(
      ["list", "--json", "--db", database], environment: .test(console: console))
    #expect(outcome.exitCode == 0)
    #expect(console.writes.count > 1)
    let document = console.text + outcome.standardOutput
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(document.utf8)) as? [[String: Any]])
    #expect(rows.count == 400)
    #expect(rows.last?["title"] as? String == "약속 399 \"따옴표\"")
    // The same document a small list gets whole in the outcome.
    let single = CLI.run(["show", "400", "--json", "--db", database], environment: .test())
    let shown = try #require(
      try JSONSerialization.jsonObject(with: Data(single.standardOutput.utf8)) as? [String: Any])
    func sorted(_ object: Any) throws -> String {
      String(
        decoding: try JSONSerialization.data(withJSONObject: object, options: .sortedKeys),
        as: UTF8.self)
    }
    #expect(try sorted(shown) == sorted(rows[399]))
  }

  @Test func aReaderThatLeavesStopsItQuietly() throws {
    try fill(400)
    let console = RecordingConsole(lineLimit: 3)
    let outcome = CLI.run(
      ["list", "--json", "--db", database], environment: .test(console: console))
    #expect(outcome == Outcome())
  }
}
