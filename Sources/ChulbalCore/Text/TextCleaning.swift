/// Text from people, calendars or servers made safe for where it is going.
public enum TextCleaning {
  /// `text` with every control character (ESC, BEL, CR, newline, DEL, C1 controls) shown as a
  /// visible escape such as `\x1B`, so text can never move a terminal's cursor, ring the
  /// bell, retitle the window or break a one-line message into two.
  public static func visible(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if isControl(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// C0 controls, DEL and C1 controls.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// `text` for notification markup: control characters removed and `&`, `<`, `>` escaped.
  ///
  /// The Desktop Notifications Specification lets servers read the body as a small subset of
  /// HTML ("Markup" section), so a title such as `A<b>` or `R&D` must arrive escaped or it is
  /// shown wrongly or not at all.
  public static func markup(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars where !isControl(scalar) {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
