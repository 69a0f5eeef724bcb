import ChulbalCore
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
      #expect(!document.unicodeScalars.contains { TextCleaning.needsJSONEscape($0) && $0 != "\n" })
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
