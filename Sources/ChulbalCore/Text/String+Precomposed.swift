import Foundation

extension String {
  /// The text in Unicode normal form C (precomposed: `한` as one syllable, `é` as one letter).
  ///
  /// Text that is already in that form, as nearly everything typed is, comes back as it is
  /// without Foundation's normaliser, which costs a command about a fifth of its start-up
  /// (callgrind: 0.72 of 4.8 million instructions for `plan`, and three of the Swift runtime's
  /// conformance searches). The test is the Unicode quick check (UAX #15, section 9), kept to
  /// two blocks where it is always yes: every scalar below U+0300, which are all starters
  /// that no later scalar of such text can combine with, and the precomposed Hangul syllables
  /// U+AC00–U+D7A3, which could only combine with a following trailing jamo (U+11A8–U+11C2,
  /// outside both blocks). Anything else takes the full normalisation.
  public var precomposed: String {
    let simple = utf8.withContiguousStorageIfAvailable(Self.isSimplyPrecomposed) ?? false
    return simple ? self : Self.joiningTrailingJamo(precomposedStringWithCanonicalMapping)
  }

  /// `text` with each syllable that has no final consonant joined to a trailing jamo right
  /// after it (`하` + U+11AB is `한`), the one Hangul composition Foundation on Linux leaves
  /// undone (measured with Swift 6.3.1; Python's `unicodedata.normalize("NFC", …)` joins them,
  /// as the Hangul composition of Unicode section 3.12 says).
  private static func joiningTrailingJamo(_ text: String) -> String {
    let trailing: ClosedRange<UInt32> = 0x11A8...0x11C2
    guard text.unicodeScalars.contains(where: { trailing.contains($0.value) }) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if trailing.contains(scalar.value), let last = scalars.last,
        (0xAC00...0xD7A3).contains(last.value), (last.value - 0xAC00) % 28 == 0,
        let joined = Unicode.Scalar(last.value + scalar.value - 0x11A7)
      {
        scalars.removeLast()
        scalars.append(joined)
      } else {
        scalars.append(scalar)
      }
    }
    return String(scalars)
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
