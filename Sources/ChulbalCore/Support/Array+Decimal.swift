extension [UInt8] {
  /// Appends `value` in decimal ASCII, zero-padded to at least `digits` digits, for text made
  /// as bytes: `String(value)` makes a string to copy from and goes through the generic
  /// integer printer.
  public mutating func appendDecimal(_ value: Int, digits: Int = 1) {
    // Made right to left in room made at once: an array appended to a digit at a time checks
    // its storage for every one.
    let length = Swift.max(Self.decimalLength(value.magnitude), digits)
    append(addingCapacity: length + 1) { room in
      room.withUnsafeMutableBufferPointer { buffer, count in
        if value < 0 {
          buffer[count] = UInt8(ascii: "-")
          count += 1
        }
        var magnitude = value.magnitude
        for position in stride(from: count + length - 1, through: count, by: -1) {
          buffer[position] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
          magnitude /= 10
        }
        count += length
      }
    }
  }

  private static func decimalLength(_ value: UInt) -> Int {
    var length = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      length += 1
    }
    return length
  }
}
