import ChulbalCore

/// How many colours the terminal shows, read from the environment.
public enum ColorMode: Equatable, Sendable {
  case none
  case ansi256
  case trueColor

  /// `NO_COLOR` (any value) or `TERM=dumb` turn colour off; `COLORTERM=truecolor|24bit` gives
  /// 24-bit colour; a `TERM` with `256color` gives the 256-colour palette; else none.
  public static func detect(_ environment: [String: String], isTerminal: Bool) -> ColorMode {
    guard isTerminal, environment["NO_COLOR"] == nil else { return .none }
    let term = environment["TERM"] ?? ""
    if term.isEmpty || term == "dumb" { return .none }
    if ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "") {
      return .trueColor
    }
    return term.contains("256color") ? .ansi256 : .none
  }

  /// The escape that sets the foreground to a colour of the palette, as near as this mode
  /// allows.
  func foreground(_ color: Palette.Color) -> String {
    let (red, green, blue) = (color.red, color.green, color.blue)
    switch self {
    case .none: return ""
    case .trueColor: return "\u{1B}[38;2;\(red);\(green);\(blue)m"
    case .ansi256:
      // The 6×6×6 cube of the 256-colour palette.
      func level(_ value: Int) -> Int { value < 48 ? 0 : value < 115 ? 1 : (value - 35) / 40 }
      return "\u{1B}[38;5;\(16 + 36 * level(red) + 6 * level(green) + level(blue))m"
    }
  }

  var reset: String { self == .none ? "" : "\u{1B}[0m" }
}
