/// The colours every live display shares (countdown, status formats, tmux): one gradient from calm
/// purple far away to urgent pink in the last five minutes.
public enum Palette {
  /// An sRGB colour.
  public struct Color: Equatable, Sendable {
    public let red: Int
    public let green: Int
    public let blue: Int

    public init(red: Int, green: Int, blue: Int) {
      self.red = red
      self.green = green
      self.blue = blue
    }

    /// `#8B7CF6`
    public var hex: String {
      "#" + [red, green, blue].map { TextCleaning.hexadecimal(UInt32($0), digits: 2) }.joined()
    }
  }

  /// More than 30 minutes away: #8B7CF6.
  public static let calm = Color(red: 0x8B, green: 0x7C, blue: 0xF6)
  /// Five minutes or less, and after: #FF3E8A.
  public static let urgent = Color(red: 0xFF, green: 0x3E, blue: 0x8A)
  /// A dark ground both ends of the gradient are readable on (contrast above 4.5:1), for bars
  /// whose own background is a bright colour, such as tmux's default green.
  public static let background = Color(red: 0x1E, green: 0x1B, blue: 0x2E)

  /// The colour for an urgency of 0 (calm) to 1 (urgent), mixed in a straight line.
  public static func color(urgency: Double) -> Color {
    let share = min(1, max(0, urgency))
    func mix(_ from: Int, _ to: Int) -> Int {
      Int((Double(from) + Double(to - from) * share).rounded())
    }
    return Color(
      red: mix(calm.red, urgent.red), green: mix(calm.green, urgent.green),
      blue: mix(calm.blue, urgent.blue))
  }
}
