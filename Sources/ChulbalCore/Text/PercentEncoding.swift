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

  /// `text` with its `%XX` escapes turned back into the bytes they stand for, read as UTF-8; an
  /// escape that is not two hex digits stays as it is.
  public static func decode(_ text: some StringProtocol) -> String {
    var bytes: [UInt8] = []
    var rest = Array(text.utf8)[...]
    while let byte = rest.popFirst() {
      if byte == UInt8(ascii: "%"), rest.count >= 2,
        rest.prefix(2).allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
        let value = UInt8(String(decoding: rest.prefix(2), as: UTF8.self), radix: 16)
      {
        bytes.append(value)
        rest = rest.dropFirst(2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
