import ChulbalCore
import FoundationEssentials

/// JSON text written into UTF-8 bytes: strings copied in runs between the characters that need
/// escaping; punctuation, indentation and keys written through a pointer into room made with
/// one append.
///
/// A document is written from a ``JSONValue`` or piece by piece (``openObject()``,
/// ``key(_:depth:)`` or a `member`, a value, ``closeObject(depth:)``): `list --json` writes each
/// appointment's members straight into the bytes, which keeps it at 100,000 appointments
/// within its budget (docs/performance.md). A member or an item knows whether a comma is due from
/// the byte before it: none right after the `{` or `[` of its container. So a writer is taken
/// in chunks only between whole values.
struct JSONWriter {
  /// The document so far. Appended to directly only between ``openString()`` and
  /// ``closeMadeString()``.
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
    text.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  /// A newline and the indentation of `depth`, when pretty.
  mutating func newline(depth: Int) {
    guard pretty else { return }
    withRoom(1 + 2 * depth) { Self.newline(depth: depth, at: &$0) }
  }

  /// Writes at the end of the bytes through a pointer, into room for `maximum` bytes made
  /// with one append rather than one append each for the comma, the indentation and the key.
  /// `write` moves the pointer past what it writes.
  @inline(__always)
  private mutating func withRoom(
    _ maximum: Int, _ write: (_ end: inout UnsafeMutablePointer<UInt8>) -> Void
  ) {
    bytes.append(addingCapacity: maximum) { room in
      room.withUnsafeMutableBufferPointer { buffer, count in
        guard let start = buffer.baseAddress else { return }
        var end = start + count
        write(&end)
        count = end - start
      }
    }
  }

  @inline(__always)
  private static func put(_ byte: UInt8, at end: inout UnsafeMutablePointer<UInt8>) {
    end.initialize(to: byte)
    end += 1
  }

  @inline(__always)
  private static func newline(depth: Int, at end: inout UnsafeMutablePointer<UInt8>) {
    put(0x0A, at: &end)
    end.initialize(repeating: 0x20, count: 2 * depth)
    end += 2 * depth
  }

  /// `value` at `depth`, its members one level deeper.
  mutating func write(_ value: JSONValue, depth: Int = 0) {
    switch value {
    case .string(let text): write(string: text)
    case .number(let number): write(number: number)
    case .integer(let number): write(integer: number)
    case .bool(let flag): write(bool: flag)
    case .null: writeNull()
    case .array(let items):
      openArray()
      for element in items {
        item(depth: depth)
        write(element, depth: depth + 1)
      }
      closeArray(depth: depth)
    case .object(let members):
      openObject()
      for (name, member) in members {
        key(named: name, depth: depth)
        write(member, depth: depth + 1)
      }
      closeObject(depth: depth)
    }
  }

  /// Not a namesake of ``append(_:)``: a string literal would pick this one, slower than the
  /// static text's.
  private mutating func append(string text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  // MARK: Piece by piece

  mutating func openObject() { append("{") }
  mutating func openArray() { append("[") }

  /// Closes the object opened at `depth`: `{}` when it has no member.
  mutating func closeObject(depth: Int) { close(0x7B, 0x7D, depth: depth) }
  /// Closes the array opened at `depth`: `[]` when it has no item.
  mutating func closeArray(depth: Int) { close(0x5B, 0x5D, depth: depth) }

  private mutating func close(_ opening: UInt8, _ closing: UInt8, depth: Int) {
    let empty = bytes.last == opening
    let pretty = pretty
    withRoom(2 + 2 * depth) { end in
      if !empty && pretty { Self.newline(depth: depth, at: &end) }
      Self.put(closing, at: &end)
    }
  }

  /// Starts an item of the array at `depth`; its value follows at `depth + 1`.
  mutating func item(depth: Int) {
    let comma = separatorDue
    let pretty = pretty
    withRoom(2 + 2 * (depth + 1)) { end in
      if comma { Self.put(0x2C, at: &end) }
      if pretty { Self.newline(depth: depth + 1, at: &end) }
    }
  }

  /// Starts a member of the object at `depth` with its key; its value follows at `depth + 1`.
  mutating func key(_ name: StaticString, depth: Int) {
    let (comma, pretty) = (separatorDue, pretty)
    withRoom(Self.keyRoom(name, depth: depth)) { end in
      Self.putKey(name, comma: comma, pretty: pretty, depth: depth, at: &end)
    }
  }

  // Members whose key and value go in with one append.

  /// `"name": 12`
  mutating func member(_ name: StaticString, integer: Int, depth: Int) {
    let (comma, pretty) = (separatorDue, pretty)
    withRoom(Self.keyRoom(name, depth: depth) + 21) { end in
      Self.putKey(name, comma: comma, pretty: pretty, depth: depth, at: &end)
      end.writeDecimal(integer)
    }
  }

  /// `"name": 40`, or `1.5` when the seconds are not whole minutes.
  mutating func member(_ name: StaticString, minutes seconds: Int, depth: Int) {
    guard seconds % 60 == 0 else {
      key(name, depth: depth)
      return write(minutes: seconds)
    }
    member(name, integer: seconds / 60, depth: depth)
  }

  /// `"name": true`
  mutating func member(_ name: StaticString, bool: Bool, depth: Int) {
    member(name, literal: bool ? "true" : "false", depth: depth)
  }

  /// `"name": null`
  mutating func memberNull(_ name: StaticString, depth: Int) {
    member(name, literal: "null", depth: depth)
  }

  private mutating func member(_ name: StaticString, literal: StaticString, depth: Int) {
    let (comma, pretty) = (separatorDue, pretty)
    withRoom(Self.keyRoom(name, depth: depth) + literal.utf8CodeUnitCount) { end in
      Self.putKey(name, comma: comma, pretty: pretty, depth: depth, at: &end)
      end.initialize(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
      end += literal.utf8CodeUnitCount
    }
  }

  /// `"name": "2026-12-01T19:00:00+09:00"`: `date` in ISO 8601 with the offset of `format`'s
  /// zone. Digits, dashes, colons, a `T` and a sign or `Z` need no look for what to escape.
  mutating func member(
    _ name: StaticString, iso8601 date: Date, in format: KoreanDateFormat, depth: Int
  ) {
    let (comma, pretty) = (separatorDue, pretty)
    withRoom(Self.keyRoom(name, depth: depth) + KoreanDateFormat.longest + 2) { end in
      Self.putKey(name, comma: comma, pretty: pretty, depth: depth, at: &end)
      Self.put(0x22, at: &end)
      end += format.writeISO8601(
        date, into: UnsafeMutableBufferPointer(start: end, count: KoreanDateFormat.longest))
      Self.put(0x22, at: &end)
    }
  }

  /// `"name": "text"` for a short name chulbal makes of printable ASCII (an enumeration's
  /// name, a zone's name as ``Zone`` admits it): one pass checks that no byte needs escaping,
  /// where ``member(_:string:depth:)`` looks for control and bidi characters too, and any
  /// text that fails the check is written by that one.
  mutating func member(_ name: StaticString, plain text: String, depth: Int) {
    if !writeQuotedIfClean(text, after: name, depth: depth, plainASCII: true) {
      member(name, string: text, depth: depth)
    }
  }

  /// `"name": "text"`, escaped as ``write(string:)`` escapes, or `"name": null`.
  mutating func member(_ name: StaticString, string text: String?, depth: Int) {
    guard let text else { return memberNull(name, depth: depth) }
    if !writeQuotedIfClean(text, after: name, depth: depth) {
      key(name, depth: depth)
      write(string: text)
    }
  }

  /// Writes `text` in quotes, after the key `name` when given, with one append when nothing in
  /// it needs escaping; returns false, having written nothing, when something does.
  ///
  /// With `plainASCII`, clean means printable ASCII but `"` and `\\`, checked in one pass,
  /// for the short names ``member(_:plain:depth:)`` writes.
  private mutating func writeQuotedIfClean(
    _ text: String, after name: StaticString? = nil, depth: Int = 0, plainASCII: Bool = false
  ) -> Bool {
    let (comma, pretty) = (separatorDue, pretty)
    let written = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
      let clean =
        plainASCII
        ? utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C }
        : !TextCleaning.mayNeedCleaning(utf8: utf8) && !utf8.contains { $0 == 0x22 || $0 == 0x5C }
      guard clean else { return false }
      let keyRoom = name.map { Self.keyRoom($0, depth: depth) } ?? 0
      withRoom(keyRoom + utf8.count + 2) { end in
        if let name { Self.putKey(name, comma: comma, pretty: pretty, depth: depth, at: &end) }
        Self.put(0x22, at: &end)
        if let start = utf8.baseAddress { end.initialize(from: start, count: utf8.count) }
        end += utf8.count
        Self.put(0x22, at: &end)
      }
      return true
    }
    return written == true
  }

  /// Room for a key of the object at `depth`: comma, newline, indentation, quotes, colon and
  /// space.
  private static func keyRoom(_ name: StaticString, depth: Int) -> Int {
    6 + 2 * (depth + 1) + name.utf8CodeUnitCount
  }

  @inline(__always)
  private static func putKey(
    _ name: StaticString, comma: Bool, pretty: Bool, depth: Int,
    at end: inout UnsafeMutablePointer<UInt8>
  ) {
    if comma { put(0x2C, at: &end) }
    if pretty { newline(depth: depth + 1, at: &end) }
    put(0x22, at: &end)
    end.initialize(from: name.utf8Start, count: name.utf8CodeUnitCount)
    end += name.utf8CodeUnitCount
    put(0x22, at: &end)
    put(0x3A, at: &end)
    if pretty { put(0x20, at: &end) }
  }

  /// ``key(_:depth:)`` for a key that is not known when the program is built (a string
  /// literal would pick this one over the faster one for static text, were it a namesake).
  mutating func key(named name: String, depth: Int) {
    separate()
    newline(depth: depth + 1)
    write(string: name)
    append(pretty ? ": " : ":")
  }

  /// A comma, unless the value to come is its container's first.
  private mutating func separate() {
    if separatorDue { bytes.append(0x2C) }
  }

  private var separatorDue: Bool {
    guard let last = bytes.last else { return false }
    return last != 0x7B && last != 0x5B
  }

  mutating func write(integer: Int) { withRoom(21) { $0.writeDecimal(integer) } }
  mutating func write(number: Double) {
    guard number.isFinite else { return append("null") }
    // A coordinate by integer arithmetic, cheaper than `description`'s shortest digits for
    // every row of `list --json`.
    var written = false
    withRoom(24) { end in written = end.writeShortDecimal(number) }
    if !written { bytes += number.description.utf8 }
  }
  mutating func write(bool: Bool) { append(bool ? "true" : "false") }
  mutating func writeNull() { append("null") }

  /// A number of minutes, as ``JSONValue/minutes(seconds:)`` gives it.
  mutating func write(minutes seconds: Int) { write(JSONValue.minutes(seconds: seconds)) }

  /// Opens a string whose UTF-8 the caller appends to ``bytes`` itself, such as a date made
  /// as bytes (a closure to make it would copy the view it reads from, every reference in it
  /// retained, for each string).
  mutating func openString() {
    bytes.append(0x22)
  }

  /// Closes a string opened by ``openString()`` whose text chulbal made itself from Hangul,
  /// digits, spaces and parentheses (a date as Koreans write it, a time left), with nothing
  /// to look for.
  mutating func closeMadeString() {
    bytes.append(0x22)
  }

  /// A JSON string: runs of bytes that need no escape copied whole, quote, backslash and the
  /// control and bidi characters escaped (``TextCleaning/needsJSONEscape(_:)``), the latter as
  /// `\uXXXX` so no byte of a document can act on the terminal it is shown on.
  mutating func write(string text: String) {
    if writeQuotedIfClean(text) { return }
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
        append(string: "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
      default: bytes.append(contentsOf: String(scalar).utf8)
      }
    }
    bytes.append(0x22)
  }
}
