import FoundationEssentials

/// Percent-encoding for URL values with the RFC 3986 unreserved set only: every byte outside `A–Z
/// a–z 0–9 - . _ ~` is encoded, unlike Foundation's `.urlQueryAllowed`, which leaves `&`, `=` and
/// `+` raw and splits `카페 & 바`.
public enum PercentEncoding {
  /// `text` in Unicode NFC (precomposed Hangul, as map apps expect), percent-encoded.
  public static func encode(_ text: String) -> String {
    encode(bytes: text.precomposed.utf8)
  }

  /// `bytes` exactly as they are (a file path is not normalised), percent-encoded, but for the
  /// unreserved bytes and those in `kept`.
  public static func encode(bytes: some Sequence<UInt8>, keeping kept: Set<UInt8> = []) -> String {
    var output = ""
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      case _ where kept.contains(byte):
        output.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        output += "%" + TextCleaning.hexadecimal(UInt32(byte), digits: 2)
      }
    }
    return output
  }
}
