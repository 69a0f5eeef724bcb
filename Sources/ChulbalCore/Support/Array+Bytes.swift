extension [UInt8] {
  /// Appends the UTF-8 of a literal in one copy, for text made as bytes (`list`'s rows).
  public mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { append(contentsOf: $0) }
  }

  /// Appends `value` in decimal ASCII, zero-padded to `digits`, without making a string first.
  public mutating func appendDecimal(_ value: Int, digits: Int = 1) {
    // Made in room made at once: an array appended to a digit at a time checks its storage
    // for every one.
    append(addingCapacity: Swift.max(digits, 20) + 1) { room in
      room.withUnsafeMutableBufferPointer { buffer, count in
        guard let start = buffer.baseAddress else { return }
        var end = start + count
        end.writeDecimal(value, digits: digits)
        count = end - start
      }
    }
  }
}

extension UnsafeMutablePointer<UInt8> {
  /// Writes `value` in decimal ASCII, zero-padded to at least `digits` digits, and moves past
  /// it; there must be room for `max(digits, 20) + 1` bytes.
  public mutating func writeDecimal(_ value: Int, digits: Int = 1) {
    if value < 0 {
      initialize(to: UInt8(ascii: "-"))
      self += 1
    }
    var length = 1
    var rest = value.magnitude
    while rest >= 10 {
      rest /= 10
      length += 1
    }
    length = Swift.max(length, digits)
    var magnitude = value.magnitude
    for position in stride(from: length - 1, through: 0, by: -1) {
      (self + position).initialize(to: UInt8(truncatingIfNeeded: 48 + magnitude % 10))
      magnitude /= 10
    }
    self += length
  }
}
