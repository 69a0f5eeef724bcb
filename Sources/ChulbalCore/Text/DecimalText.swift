import Glibc

extension Double {
  /// The number with `places` decimals as `printf("%.*f")` writes it: correctly rounded, never in
  /// exponent form, with a `.` (chulbal never calls setlocale).
  public func decimalText(places: Int) -> String {
    // One pass for the length, one to write; a va_list serves one call.
    let length = Int(withVaList([Int32(places), self]) { vsnprintf(nil, 0, "%.*f", $0) })
    guard length > 0 else { return "" }
    return String(unsafeUninitializedCapacity: length + 1) { buffer in
      buffer.withMemoryRebound(to: CChar.self) { characters in
        Int(
          withVaList([Int32(places), self]) {
            vsnprintf(characters.baseAddress, length + 1, "%.*f", $0)
          })
      }
    }
  }
}

extension UnsafeMutablePointer<UInt8> {
  /// Writes what `value.description` says for a number of at most seven decimals between 1 and a
  /// million in size (a coordinate), by integer arithmetic, and moves past it; needs room for 24
  /// bytes. Returns false, writing nothing, for any other number.
  ///
  /// The same text because `description` writes the shortest decimal that reads back (SwiftDtoa):
  /// below a million two doubles are less than 10^-7 / 500 apart, so the seven-decimal candidate
  /// with trailing zeros dropped is that shortest, and `description` keeps one zero after the point
  /// of a whole number and uses no exponent between 1 and 2^53.
  public mutating func writeShortDecimal(_ value: Double) -> Bool {
    let magnitude = Swift.abs(value)
    guard magnitude >= 1, magnitude < 1_000_000 else { return false }
    let scaled = (magnitude * 10_000_000).rounded()
    guard scaled / 10_000_000 == magnitude else { return false }
    let digits = Int(scaled)
    if value < 0 {
      initialize(to: UInt8(ascii: "-"))
      self += 1
    }
    writeDecimal(digits / 10_000_000)
    initialize(to: UInt8(ascii: "."))
    self += 1
    var fraction = digits % 10_000_000
    guard fraction != 0 else {
      initialize(to: UInt8(ascii: "0"))
      self += 1
      return true
    }
    var places = 7
    while fraction % 10 == 0 {
      fraction /= 10
      places -= 1
    }
    writeDecimal(fraction, digits: places)
    return true
  }
}
