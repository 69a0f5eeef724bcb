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
