import Glibc

extension Double {
  /// The number with `places` decimals, as C's `printf("%.*f")` writes it (`126.9780000`,
  /// `-0.0000000`): correctly rounded from the binary value, never in exponent form.
  public func decimalText(places: Int) -> String {
    withVaList([Int32(places), self]) { arguments in
      // One pass to learn the length (a coordinate needs a dozen bytes, 1e300 over 300).
      let length = withVaList([Int32(places), self]) { vsnprintf(nil, 0, "%.*f", $0) }
      guard length > 0 else { return "" }
      return String(unsafeUninitializedCapacity: Int(length) + 1) { buffer in
        buffer.withMemoryRebound(to: CChar.self) { characters in
          Int(vsnprintf(characters.baseAddress, Int(length) + 1, "%.*f", arguments))
        }
      }
    }
  }
}
