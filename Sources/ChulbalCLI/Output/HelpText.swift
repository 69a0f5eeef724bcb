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

  /// `사용법: ` and each synopsis, wrapped at 80 columns: a synopsis continues under its first
  /// argument, and a bracketed group such as `[--place 이름]` is never split.
  static func usage(_ synopses: [String]) -> String {
    let lead = "사용법: "
    let margin = TerminalText.width(lead)
    var lines: [String] = []
    for (index, synopsis) in synopses.enumerated() {
      let groups = bracketGroups(synopsis)
      // Continuation lines start under the first word after `chulbal` and the command's name.
      let name = groups.prefix { !$0.hasPrefix("[") && !$0.hasPrefix("-") }.prefix(3)
      let indent = margin + TerminalText.width(name.prefix(2).joined(separator: " ") + " ")
      var line = (index == 0 ? lead : pad(margin))
      var lineHasArgument = false
      for group in groups {
        let candidate = line + (line.hasSuffix(" ") ? "" : " ") + group
        if lineHasArgument && TerminalText.width(candidate) > width {
          lines.append(line)
          line = pad(indent) + group
        } else {
          line = candidate
        }
        lineHasArgument = true
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// Words split at spaces, except inside brackets.
  static func bracketGroups(_ text: String) -> [String] {
    var groups: [String] = []
    var depth = 0
    for word in text.split(separator: " ").map(String.init) {
      if depth > 0, let last = groups.popLast() {
        groups.append(last + " " + word)
      } else {
        groups.append(word)
      }
      depth += word.filter { $0 == "[" }.count - word.filter { $0 == "]" }.count
    }
    return groups
  }

  /// Paragraphs separated by blank lines, each re-wrapped to 80 columns (the line breaks
  /// inside a paragraph are only where the source was wrapped).
  static func paragraphs(_ text: String) -> String {
    text.components(separatedBy: "\n\n").map { paragraph in
      wrap(paragraph.split(separator: "\n").joined(separator: " "), width: width)
        .joined(separator: "\n") + "\n"
    }.joined(separator: "\n")
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
