/// Large block digits for a countdown read across a room: `0`–`9` and `:`, five pixels high, each
/// pixel two columns of `█` (cells are about twice as high as wide).
public enum BlockDigits {
  /// Five rows per glyph, `#` for a pixel that is on.
  static let glyphs: [Character: [String]] = [
    "0": ["###", "# #", "# #", "# #", "###"],
    "1": [" # ", "## ", " # ", " # ", "###"],
    "2": ["###", "  #", "###", "#  ", "###"],
    "3": ["###", "  #", "###", "  #", "###"],
    "4": ["# #", "# #", "###", "  #", "  #"],
    "5": ["###", "#  ", "###", "  #", "###"],
    "6": ["###", "#  ", "###", "# #", "###"],
    "7": ["###", "  #", "  #", "  #", "  #"],
    "8": ["###", "# #", "###", "# #", "###"],
    "9": ["###", "# #", "###", "  #", "###"],
    ":": [" ", "#", " ", "#", " "],
  ]

  /// Rows of one glyph at scale 1.
  public static let glyphRows = 5

  /// `text` in block digits, `glyphRows × scale` lines of equal width, glyphs one pixel
  /// apart; nil when `text` has a character the font lacks.
  public static func lines(_ text: String, scale: Int = 1) -> [String]? {
    var pixelRows = Array(repeating: "", count: glyphRows)
    for (index, character) in text.enumerated() {
      guard let glyph = glyphs[character] else { return nil }
      for row in 0..<glyphRows {
        pixelRows[row] += (index == 0 ? "" : " ") + glyph[row]
      }
    }
    let pixelWidth = 2 * max(1, scale)
    return pixelRows.flatMap { row in
      let drawn = row.map { String(repeating: $0 == "#" ? "█" : " ", count: pixelWidth) }.joined()
      return Array(repeating: drawn, count: max(1, scale))
    }
  }

  /// `12:34` for 754 seconds, `1:05:00` from an hour on: the size of `seconds`, as a clock.
  public static func clock(seconds: Int) -> String {
    let total = abs(seconds)
    func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let minutesAndSeconds = twoDigits(total % 3600 / 60) + ":" + twoDigits(total % 60)
    return total >= 3600 ? "\(total / 3600):" + minutesAndSeconds : minutesAndSeconds
  }
}
