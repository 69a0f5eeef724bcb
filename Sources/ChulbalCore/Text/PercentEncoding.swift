import Foundation

/// Percent-encoding for URL values, with the RFC 3986 unreserved set only.
///
/// Foundation's `.urlQueryAllowed` and `URLComponents.queryItems` leave `&`, `=` and `+` raw,
/// which splits a name such as `카페 & 바` into two parameters; here every byte outside
/// `A–Z a–z 0–9 - . _ ~` is encoded, a space as `%20` and a plus as `%2B`.
public enum PercentEncoding {
  /// `text` in Unicode NFC (precomposed Hangul, as map apps expect), percent-encoded.
  public static func encode(_ text: String) -> String {
    var output = ""
    for byte in text.precomposedStringWithCanonicalMapping.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return output
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
