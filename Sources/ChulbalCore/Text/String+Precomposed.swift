import FoundationEssentials

extension String {
  /// The text in Unicode normal form C (`하` + U+11AB as `한`, `é` as one letter).
  ///
  /// Text already in NFC, as nearly all typed text is, is returned without normalising, by the
  /// Unicode quick check (UAX #15 §9) kept to two always-yes blocks: scalars below U+0300 and the
  /// Hangul syllables U+AC00–U+D7A3 (which only a trailing jamo U+11A8–U+11C2 could follow into
  /// composition). Anything else goes through the standard library's NFC (`_nfcCodeUnits`, public
  /// in its ABI), which composes Hangul per Unicode §3.12.
  public var precomposed: String {
    let simple = utf8.withContiguousStorageIfAvailable(Self.isSimplyPrecomposed) ?? false
    return simple ? self : String(decoding: _nfcCodeUnits, as: UTF8.self)
  }

  /// Whether UTF-8 `bytes` hold only scalars below U+0300 and Hangul syllables.
  private static func isSimplyPrecomposed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      switch lead {
      case 0..<0x80:
        index += 1
      case 0xC2...0xCB:  // U+0080–U+02FF
        index += 2
      case 0xEA...0xED:
        guard index + 2 < bytes.count else { return false }
        let scalar =
          UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
          | UInt32(bytes[index + 2] & 0x3F)
        guard (0xAC00...0xD7A3).contains(scalar) else { return false }
        index += 3
      default:
        return false
      }
    }
    return true
  }
}
