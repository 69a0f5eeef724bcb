/// Text from people, calendars or servers made safe for where it is going.
///
/// The one rule for what text never carries raw: control characters (``isControl(_:)``), which move
/// a terminal's cursor, ring its bell or retitle it, and bidi formatting characters
/// (``isBidiControl(_:)``), which reorder what a person reads ("Trojan Source"). Terminals and
/// messages show them as escapes, JSON as `\uXXXX`, files and environments leave them out
/// (``plain(_:)``), and typed titles refuse control characters.
public enum TextCleaning {
  /// `text` with every control character shown as an escape such as `\x1B` and every bidi
  /// formatting character as one such as `\u{202E}`.
  public static func visible(_ text: String) -> String {
    guard mayNeedCleaning(text) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        result += "\\x" + hexadecimal(scalar.value, digits: 2)
      } else if isBidiControl(scalar) {
        result += "\\u{" + hexadecimal(scalar.value, digits: 4) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` for a file or environment another program reads (an iCalendar TEXT value,
  /// `CHULBAL_TITLE`): control characters but the newline left out, and bidi formatting characters
  /// too (RFC 5545 §3.3.11 allows no control character in TEXT).
  public static func plain(_ text: String) -> String {
    guard mayNeedCleaning(text) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars
    where scalar == "\n" || !(isControl(scalar) || isBidiControl(scalar)) {
      result.append(scalar)
    }
    return String(result)
  }

  /// False when no scalar of `text` can be a control or bidi character, judged from its UTF-8
  /// bytes: C0 and DEL are single bytes, C1 is `C2 80`…`C2 9F`, ALM is `D8 9C`, the others begin
  /// `E2 80` or `E2 81`.
  public static func mayNeedCleaning(_ text: String) -> Bool {
    mayNeedCleaning(utf8: text.utf8)
  }

  /// ``mayNeedCleaning(_:)`` over UTF-8 bytes, which need not be well-formed: each byte is
  /// judged with the one before it.
  @inlinable
  public static func mayNeedCleaning(utf8 bytes: some Sequence<UInt8>) -> Bool {
    var previous: UInt8 = 0
    for byte in bytes {
      if byte < 0x20 || byte == 0x7F { return true }
      switch (previous, byte) {
      case (0xC2, 0x80...0x9F), (0xD8, 0x9C), (0xE2, 0x80...0x81): return true
      default: previous = byte
      }
    }
    return false
  }

  /// C0 controls, DEL and C1 controls.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// Bidi formatting characters: embeddings and overrides (U+202A–U+202E), isolates
  /// (U+2066–U+2069), and the marks LRM, RLM and ALM (U+200E, U+200F, U+061C), which no typed title
  /// needs.
  public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
    default: false
    }
  }

  /// Whether JSON must escape `scalar` so no byte of it acts on a terminal: control characters (C1
  /// `C2 80`–`C2 9F` reads as CSI on 8-bit terminals) and bidi formatting characters.
  public static func needsJSONEscape(_ scalar: Unicode.Scalar) -> Bool {
    isControl(scalar) || isBidiControl(scalar)
  }

  /// `text` for markup (notification bodies, waybar's Pango text): control characters removed, and
  /// `&`, `<`, `>`, `"`, `'` escaped as GLib's `g_markup_escape_text` does.
  ///
  /// Notification servers may read the body as HTML subset (Desktop Notifications Specification,
  /// "Markup"), so `A<b>` or `R&D` must arrive escaped.
  public static func markup(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars where !isControl(scalar) {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A byte that is not part of a UTF-8 character, shown as `visible` shows a control
  /// character: `\xFF`.
  public static func visible(byte: UInt8) -> String {
    "\\x" + hexadecimal(UInt32(byte), digits: 2)
  }

  /// `value` in upper-case hexadecimal, at least `digits` long.
  static func hexadecimal(_ value: UInt32, digits: Int) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - hex.count)) + hex
  }
}
