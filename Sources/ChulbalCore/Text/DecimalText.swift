import Glibc

extension Double {
  /// The number with `places` decimals, as C's `printf("%.*f")` writes it (`126.9780000`,
  /// `-0.0000000`): correctly rounded from the binary value, never in exponent form. The
  /// point is a `.`: chulbal never calls setlocale, so printf keeps the C locale's.
  public func decimalText(places: Int) -> String {
    // One pass to learn the length (a coordinate needs a dozen bytes, 1e300 over 300), one to
    // write; a va_list serves one call.
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
  /// Writes what `value.description` says for a number of at most seven decimals whose size
  /// is from 1 up to a million (a coordinate: `37.4979`, `-122.4194`, `127.0`), by integer
  /// arithmetic, and moves past it; there must be room for 24 bytes. Returns false, having
  /// written nothing, for any other number, which `description` must write.
  ///
  /// Why it is the same text: `description` writes the shortest decimal that reads back as the
  /// number (Swift's SwiftDtoa). The seven-decimal candidate reads back when dividing its
  /// digits by 10^7, one correctly rounded division, gives the number. Below a million two
  /// doubles are less than 10^-7 / 500 apart, so no decimal with fewer digits lies close
  /// enough to read back too: the candidate, trailing zeros dropped, is the shortest, and
  /// `description` keeps one zero after the point for a whole number and uses no exponent
  /// between 1 and 2^53.
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
