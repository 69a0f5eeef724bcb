/// Text made safe for roff, the language of manual pages (groff(7), mandoc's roff(7)).
enum Roff {
  /// `text` as words on a roff line: a backslash is roff's escape (`\e` prints one), a
  /// hyphen is `\-` so that options and dates copy as the ASCII hyphen-minus people type, and
  /// a line starting with `.` or `'` would be read as a request, so `\&` (nothing) goes first.
  static func escaped(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      var result = ""
      for character in line {
        switch character {
        case "\\": result += "\\e"
        case "-": result += "\\-"
        default: result.append(character)
        }
      }
      if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
      return result
    }.joined(separator: "\n")
  }

  static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }
  static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

  /// Paragraphs (a blank line between) as filled roff paragraphs: a blank line in roff
  /// prints one, where `.PP` starts a paragraph.
  static func paragraphs(_ text: String) -> String {
    text.components(separatedBy: "\n\n").map { paragraph in
      ".PP\n" + filled(paragraph.split(separator: "\n").joined(separator: " ")) + "\n"
    }.joined()
  }

  /// Text to be filled, escaped and broken at spaces into source lines of at most 80 bytes
  /// (where its words allow), as mandoc's lint asks: roff joins them again.
  static func filled(_ text: String) -> String {
    var lines: [String] = []
    var line = ""
    for word in escaped(text).split(separator: " ") {
      if !line.isEmpty && line.utf8.count + 1 + word.utf8.count > 80 {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    // A source line starting with a period or an apostrophe would be a request.
    return lines.map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0 }
      .joined(separator: "\n")
  }

  /// Lines kept as they are (a table, examples), indented.
  static func preformatted(_ text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? ".sp" : escaped(String($0)) }
    return ".PP\n.RS 2\n.nf\n" + lines.joined(separator: "\n") + "\n.fi\n.RE\n"
  }
}
