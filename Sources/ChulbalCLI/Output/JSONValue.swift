import ChulbalCore
import Foundation

/// A JSON document with object keys kept in the order they were written.
///
/// `JSONSerialization` and `JSONEncoder` reorder keys; documented output reads better in the
/// order the README lists the fields.
enum JSONValue: Equatable {
  case string(String)
  case number(Double)
  case integer(Int)
  case bool(Bool)
  case null
  case array([JSONValue])
  case object([(String, JSONValue)])

  static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    lhs.rendered() == rhs.rendered()
  }

  /// A number of minutes: an integer when whole, else a decimal such as `1.5`.
  static func minutes(seconds: Int) -> JSONValue {
    seconds % 60 == 0 ? .integer(seconds / 60) : .number(Double(seconds) / 60)
  }

  /// On one line, for streams that read a document per line (waybar).
  func compact() -> String {
    var writer = JSONWriter(pretty: false)
    writer.write(self)
    return writer.take()
  }

  /// Pretty-printed with two-space indentation and a final newline.
  func rendered() -> String {
    var writer = JSONWriter(pretty: true)
    writer.write(self)
    writer.append("\n")
    return writer.take()
  }
}

/// JSON text written into UTF-8 bytes: strings copied in runs between the characters that need
/// escaping, indentation made once per depth.
struct JSONWriter {
  private(set) var bytes: [UInt8] = []
  /// Two-space indentation and a newline after every member, else nothing between tokens.
  let pretty: Bool
  /// `\n` and two spaces per level, for each depth reached so far.
  private var indents: [[UInt8]] = [[0x0A]]

  init(pretty: Bool) {
    self.pretty = pretty
  }

  var count: Int { bytes.count }

  /// The text so far, leaving the writer empty.
  mutating func take() -> String {
    defer { bytes.removeAll(keepingCapacity: true) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Hands the bytes so far to `body`, then empties the writer.
  mutating func takeBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
    defer { bytes.removeAll(keepingCapacity: true) }
    return bytes.withUnsafeBytes(body)
  }

  /// Appends UTF-8 that `write` makes, already in its final form (not JSON: a table's lines
  /// share the chunked output).
  mutating func append(utf8 write: (inout [UInt8]) -> Void) {
    write(&bytes)
  }

  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// A newline and the indentation of `depth`, when pretty.
  mutating func newline(depth: Int) {
    guard pretty else { return }
    while indents.count <= depth { indents.append(indents[indents.count - 1] + [0x20, 0x20]) }
    bytes.append(contentsOf: indents[depth])
  }

  /// `value` at `depth`, its members one level deeper.
  mutating func write(_ value: JSONValue, depth: Int = 0) {
    switch value {
    case .string(let text): write(string: text)
    case .number(let number): append(number.isFinite ? "\(number)" : "null")
    case .integer(let number): append("\(number)")
    case .bool(let flag): append(flag ? "true" : "false")
    case .null: append("null")
    case .array(let items):
      guard !items.isEmpty else { return append("[]") }
      append("[")
      for (index, item) in items.enumerated() {
        if index > 0 { append(",") }
        newline(depth: depth + 1)
        write(item, depth: depth + 1)
      }
      newline(depth: depth)
      append("]")
    case .object(let members):
      guard !members.isEmpty else { return append("{}") }
      append("{")
      for (index, (key, member)) in members.enumerated() {
        if index > 0 { append(",") }
        newline(depth: depth + 1)
        write(string: key)
        if pretty { append(": ") } else { append(":") }
        write(member, depth: depth + 1)
      }
      newline(depth: depth)
      append("}")
    }
  }

  private mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// A JSON string: runs of bytes that need no escape copied whole, quote, backslash and the
  /// control and bidi characters escaped (``TextCleaning/needsJSONEscape(_:)``), the latter as
  /// `\uXXXX` so no byte of a document can act on the terminal it is shown on.
  mutating func write(string text: String) {
    bytes.append(0x22)
    let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
      guard !TextCleaning.mayNeedCleaning(utf8: utf8, alsoEscaping: true) else { return false }
      bytes.append(contentsOf: utf8)
      return true
    }
    if copied == true {
      bytes.append(0x22)
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": append("\\\"")
      case "\\": append("\\\\")
      case "\n": append("\\n")
      case "\r": append("\\r")
      case "\t": append("\\t")
      case _ where TextCleaning.needsJSONEscape(scalar):
        let hex = String(scalar.value, radix: 16)
        append("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
      default: bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    bytes.append(0x22)
  }
}
