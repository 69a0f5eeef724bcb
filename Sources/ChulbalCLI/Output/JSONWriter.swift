import ChulbalCore

/// JSON text written into UTF-8 bytes from ``JSONValue``s.
///
/// A long document (`list --json`) is written a value at a time, its array's brackets and
/// commas around them, so that ``ChunkedOutput`` can take the bytes in chunks between whole
/// values.
struct JSONWriter {
  /// The document so far.
  var bytes: [UInt8] = []
  /// Two-space indentation and a newline after every member, else nothing between tokens.
  let pretty: Bool

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
    bytes.append(text)
  }

  /// A newline and the indentation of `depth`, when pretty.
  mutating func newline(depth: Int) {
    guard pretty else { return }
    bytes.append(0x0A)
    bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
  }

  /// `value` at `depth`, its members one level deeper.
  mutating func write(_ value: JSONValue, depth: Int = 0) {
    switch value {
    case .string(let text): write(string: text)
    case .number(let number):
      if number.isFinite { bytes += number.description.utf8 } else { append("null") }
    case .integer(let number): bytes.appendDecimal(number)
    case .bool(let flag): append(flag ? "true" : "false")
    case .null: append("null")
    case .array(let items):
      append("[")
      for (index, item) in items.enumerated() {
        if index > 0 { append(",") }
        newline(depth: depth + 1)
        write(item, depth: depth + 1)
      }
      if !items.isEmpty { newline(depth: depth) }
      append("]")
    case .object(let members):
      append("{")
      for (index, (name, member)) in members.enumerated() {
        if index > 0 { append(",") }
        newline(depth: depth + 1)
        write(string: name)
        append(pretty ? ": " : ":")
        write(member, depth: depth + 1)
      }
      if !members.isEmpty { newline(depth: depth) }
      append("}")
    }
  }

  /// A JSON string: quote, backslash and the control and bidi characters escaped
  /// (``TextCleaning/needsJSONEscape(_:)``), the latter as `\uXXXX` so no byte of a document
  /// can act on the terminal it is shown on.
  private mutating func write(string text: String) {
    bytes.append(0x22)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": append("\\\"")
      case "\\": append("\\\\")
      case "\n": append("\\n")
      case "\r": append("\\r")
      case "\t": append("\\t")
      case _ where TextCleaning.needsJSONEscape(scalar):
        let hex = String(scalar.value, radix: 16)
        append("\\u")
        bytes += (String(repeating: "0", count: max(0, 4 - hex.count)) + hex).utf8
      default: UTF8.encode(scalar) { bytes.append($0) }
      }
    }
    bytes.append(0x22)
  }
}
