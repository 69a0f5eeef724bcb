import ChulbalCore

/// The full-screen countdown, drawn as one string of text and escapes per frame.
public struct CountdownScreen: Sendable {
  public let title: String
  public let place: String?
  /// `출발 오후 6:15 · 약속 오후 7:00`
  public let timesLine: String
  public let colors: ColorMode

  public init(title: String, place: String?, timesLine: String, colors: ColorMode) {
    self.title = TextCleaning.visible(title)
    self.place = place.map(TextCleaning.visible)
    self.timesLine = timesLine
    self.colors = colors
  }

  /// Saves the window title, enters the alternate screen and hides the cursor.
  public static let enter = "\u{1B}[22;0t\u{1B}[?1049h\u{1B}[?25l"
  /// Resets colours, shows the cursor, leaves the alternate screen and restores the title.
  public static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l\u{1B}[23;0t"
  public static let bell = "\u{07}"

  /// The countdown in words: `출발까지 12분 34초`, `지금 출발하세요! (15분 지남 · 12분 늦음)`.
  public static func headline(_ reading: CountdownReading) -> String {
    switch reading.status {
    case .leaveNow, .late:
      guard reading.seconds < 0 else { return "지금 출발하세요!" }
      let late = reading.lateness.map { " · \($0)" } ?? ""
      return "지금 출발하세요! (\(reading.duration) 지남\(late))"
    case .upcoming, .started: return reading.text
    }
  }

  /// The window title: the reading and the title, with a bell in front while `alerting`.
  public func windowTitle(_ reading: CountdownReading, alerting: Bool) -> String {
    (alerting ? "🔔 " : "") + "\(reading.text) · \(title)"
  }

  /// One frame for a terminal of `width` × `height`, drawn from the top-left corner.
  ///
  /// - Parameters:
  ///   - big: the remaining time in centred block digits, when the terminal is large enough.
  ///   - alerting: an alert time has just come, which the window title shows.
  public func frame(
    _ reading: CountdownReading, width: Int, height: Int = 24, big: Bool = false,
    alerting: Bool = false
  ) -> String {
    let color = colors.foreground(Palette.color(urgency: reading.urgency))
    let barWidth = Self.barWidth(width)
    let filled = Int((reading.progress * Double(barWidth)).rounded(.down))
    let bar =
      color + String(repeating: "█", count: filled) + colors.reset
      + String(repeating: "░", count: barWidth - filled)
    let headline = color + "\u{1B}[1m" + Self.headline(reading) + colors.reset + "\u{1B}[0m"
    let lines =
      big
      ? bigLines(reading, headline: headline, bar: bar, color: color, width: width, height: height)
      : nil
    let shown =
      lines ?? [
        "",
        " " + TerminalText.shortened(title, to: width - 2),
        place.map { " " + TerminalText.shortened($0, to: width - 2) } ?? "",
        " " + TerminalText.shortened(timesLine, to: width - 2),
        "",
        " " + headline,
        "",
        " " + bar,
      ]
    // Home, each line cleared to its end, then the rest cleared: no flicker, no leftovers after a
    // resize.
    let windowTitle = "\u{1B}]0;\(windowTitle(reading, alerting: alerting))\u{07}"
    return windowTitle + "\u{1B}[H" + shown.map { $0 + "\u{1B}[K" }.joined(separator: "\r\n")
      + "\u{1B}[J"
  }

  /// The big frame's lines, centred at the largest scale that fits; nil when none fits.
  private func bigLines(
    _ reading: CountdownReading, headline: String, bar: String, color: String, width: Int,
    height: Int
  ) -> [String]? {
    let clock = BlockDigits.clock(seconds: reading.seconds)
    // Title, times, blank, digits, blank, headline, blank, bar.
    let otherRows = 7
    for scale in stride(from: 3, through: 1, by: -1) {
      guard let digits = BlockDigits.lines(clock, scale: scale),
        let digitsWidth = digits.first.map(TerminalText.width),
        digitsWidth + 2 <= width, digits.count + otherRows <= height
      else { continue }
      func centred(_ text: String, visibleWidth: Int) -> String {
        String(repeating: " ", count: max(0, (width - visibleWidth) / 2)) + text
      }
      func centred(_ text: String) -> String {
        let shown = TerminalText.shortened(text, to: width - 2)
        return centred(shown, visibleWidth: TerminalText.width(shown))
      }
      let headlineWidth = TerminalText.width(Self.headline(reading))
      let barWidth = Self.barWidth(width)
      var lines = Array(repeating: "", count: (height - digits.count - otherRows) / 2)
      lines += [centred(title), centred(timesLine), ""]
      lines += digits.map { centred(color + $0 + colors.reset, visibleWidth: digitsWidth) }
      lines += ["", centred(headline, visibleWidth: headlineWidth), ""]
      lines.append(centred(bar, visibleWidth: barWidth))
      return lines
    }
    return nil
  }

  /// The bar is two columns narrower than the screen, between 10 and 60 columns.
  private static func barWidth(_ width: Int) -> Int { max(10, min(width - 2, 60)) }
}
