import ChulbalTerminal

/// Help tables laid out by display width (Hangul takes two columns) within 80 columns.
enum HelpText {
  static let width = 80
  /// The first column never takes more than this; a longer entry puts its help on the next
  /// line.
  static let nameColumn = 26

  /// Two columns: names indented by two, help beside them, wrapped at word boundaries.
  static func table(_ rows: [(name: String, help: String)]) -> String {
    let widest = rows.map { TerminalText.width($0.name) }.filter { $0 <= nameColumn }.max() ?? 0
    let indent = 2 + widest + 2
    var lines: [String] = []
    for (name, help) in rows {
      let wrapped = wrap(help, width: width - indent)
      var first = "  " + name
      if TerminalText.width(name) > widest {
        lines.append(first)
        first = ""
      }
      for (index, line) in wrapped.enumerated() {
        let lead =
          index == 0 && !first.isEmpty ? TerminalText.padded(first, to: indent) : pad(indent)
        lines.append(lead + line)
      }
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// `text` broken at spaces into lines of at most `width` columns (a single longer word
  /// keeps its own line).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
      let candidate = line.isEmpty ? word : line + " " + word
      if TerminalText.width(candidate) > width && !line.isEmpty {
        lines.append(line)
        line = word
      } else {
        line = candidate
      }
    }
    lines.append(line)
    return lines
  }

  private static func pad(_ columns: Int) -> String { String(repeating: " ", count: columns) }
}
