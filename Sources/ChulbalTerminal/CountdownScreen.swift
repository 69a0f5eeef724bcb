import ChulbalCore

/// The full-screen countdown, drawn as one string of text and escapes per frame.
public struct CountdownScreen: Sendable {
  public let title: String
  public let place: String?
  /// `출발 오후 6:15`
  public let departureLine: String
  public let colors: ColorMode

  public init(title: String, place: String?, departureLine: String, colors: ColorMode) {
    self.title = TextCleaning.visible(title)
    self.place = place.map(TextCleaning.visible)
    self.departureLine = departureLine
    self.colors = colors
  }

  /// Saves the window title, enters the alternate screen and hides the cursor.
  public static let enter = "\u{1B}[22;0t\u{1B}[?1049h\u{1B}[?25l"
  /// Resets colours, shows the cursor, leaves the alternate screen and restores the title.
  public static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\u{1B}[23;0t"
  public static let bell = "\u{07}"

  /// One frame for a terminal `width` columns wide, drawn from the top-left corner.
  public func frame(_ reading: CountdownReading, width: Int) -> String {
    let (red, green, blue) = Self.gradient(reading.urgency)
    let color = colors.foreground(red: red, green: green, blue: blue)
    let barWidth = max(10, min(width - 2, 60))
    let filled = Int((reading.progress * Double(barWidth)).rounded(.down))
    let bar =
      color + String(repeating: "█", count: filled) + colors.reset
      + String(repeating: "░", count: barWidth - filled)
    var lines = [
      "",
      " " + clipped(title, width - 2),
      place.map { " " + clipped($0, width - 2) } ?? "",
      " " + departureLine,
      "",
    ]
    let headline: String =
      switch reading.status {
      case .upcoming: reading.text
      case .leaveNow: "지금 출발하세요!" + (reading.seconds < 0 ? "  (\(reading.text))" : "")
      case .late: "지금 출발하세요!  (\(reading.text))"
      case .started: "약속 시각입니다"
      }
    lines.append(" " + color + "\u{1B}[1m" + headline + colors.reset + "\u{1B}[0m")
    lines.append("")
    lines.append(" " + bar)
    // Home, each line cleared to its end, then everything below cleared: no flicker, no
    // leftovers after a resize.
    let windowTitle = "\u{1B}]0;\(reading.text) · \(title)\u{07}"
    return windowTitle + "\u{1B}[H" + lines.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
      + "\u{1B}[J"
  }

  /// Calm purple (#8B7CF6) far away to urgent pink (#FF3E8A) in the last five minutes.
  static func gradient(_ urgency: Double) -> (Int, Int, Int) {
    func mix(_ from: Int, _ to: Int) -> Int {
      Int((Double(from) + (Double(to) - Double(from)) * urgency).rounded())
    }
    return (mix(0x8B, 0xFF), mix(0x7C, 0x3E), mix(0xF6, 0x8A))
  }

  private func clipped(_ text: String, _ columns: Int) -> String {
    guard TerminalText.width(text) > columns else { return text }
    var result = ""
    for character in text {
      if TerminalText.width(result + String(character)) > columns - 1 { break }
      result.append(character)
    }
    return result + "…"
  }
}
