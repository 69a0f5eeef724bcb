extension [UInt8] {
  /// Appends `value` in decimal ASCII, zero-padded to at least `digits` digits, for text made
  /// as bytes: `String(value)` makes a string to copy from and goes through the generic
  /// integer printer.
  public mutating func appendDecimal(_ value: Int, digits: Int = 1) {
    if value < 0 { append(UInt8(ascii: "-")) }
    // Made right to left in a buffer on the stack, then appended at once: an array appended
    // to a digit at a time checks its storage for every one.
    let capacity = Swift.max(20, digits)
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
      var magnitude = value.magnitude
      var start = capacity
      repeat {
        start -= 1
        buffer[start] = UInt8(truncatingIfNeeded: 48 + magnitude % 10)
        magnitude /= 10
      } while magnitude > 0
      while capacity - start < digits {
        start -= 1
        buffer[start] = UInt8(ascii: "0")
      }
      append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
    }
  }
}
