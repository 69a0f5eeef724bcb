extension [UInt8] {
  /// Appends `value` in decimal ASCII, zero-padded to at least `digits` digits, for text made
  /// as bytes: `String(value)` makes a string to copy from and goes through the generic
  /// integer printer.
  public mutating func appendDecimal(_ value: Int, digits: Int = 1) {
    if value < 0 { append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var length = 1
    while magnitude >= 10 {
      magnitude /= 10
      length += 1
    }
    length = Swift.max(length, digits)
    magnitude = value.magnitude
    let end = count + length
    append(contentsOf: repeatElement(UInt8(ascii: "0"), count: length))
    for position in stride(from: end - 1, through: end - length, by: -1) {
      self[position] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
      magnitude /= 10
    }
  }
}
