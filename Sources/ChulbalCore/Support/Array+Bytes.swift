extension [UInt8] {
  /// Appends the UTF-8 of a literal in one copy, for text made as bytes (`list`'s rows).
  public mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends `value` in decimal ASCII, zero-padded to at least `digits` digits, for text made
  /// as bytes.
  public mutating func appendDecimal(_ value: Int, digits: Int = 1) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var length = 1
    var rest = value.magnitude
    while rest >= 10 {
      rest /= 10
      length += 1
    }
    length = Swift.max(length, digits)
    let start = count
    append(contentsOf: repeatElement(UInt8(ascii: "0"), count: length))
    var magnitude = value.magnitude
    for position in stride(from: start + length - 1, through: start, by: -1) {
      self[position] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
      magnitude /= 10
    }
  }
}
