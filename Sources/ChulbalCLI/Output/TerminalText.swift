/// Text on its way to a terminal, made harmless.
enum TerminalText {
  /// `text` with every control character (ESC, BEL, CR, newline, DEL, C1 controls) shown as a
  /// visible escape such as `\x1B`, so user input can never move the cursor, ring the bell,
  /// retitle the window or break a one-line message into two.
  static func visible(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
        result += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
