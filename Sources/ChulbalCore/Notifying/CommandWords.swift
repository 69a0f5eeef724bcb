import FoundationEssentials

/// A command line as `notify.command` holds it, split into the words of its argument vector.
///
/// Words are split at spaces and tabs; single quotes keep everything inside as it is, double
/// quotes keep spaces, and a backslash outside single quotes takes the next character as it
/// is. Nothing is expanded — no variables, no globs, no `~` — because no shell ever sees the
/// words: the first is the program, the rest its arguments.
public enum CommandWords {
  /// - Throws: `InputError.command` for an empty line or an unclosed quote.
  public static func split(_ text: String) throws(InputError) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var quote: Character?
    var escaped = false
    for character in text {
      if escaped {
        word.append(character)
        escaped = false
        continue
      }
      switch (quote, character) {
      case ("'", "'"), ("\"", "\""): quote = nil
      case ("'", _): word.append(character)
      case (_, "\\"):
        escaped = true
        inWord = true
      case ("\"", _): word.append(character)
      case (nil, " "), (nil, "\t"):
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case (nil, "'"), (nil, "\""):
        quote = character
        inWord = true
      default:
        word.append(character)
        inWord = true
      }
    }
    if quote != nil || escaped {
      throw .command(text, reason: "따옴표나 역슬래시가 닫히지 않았습니다")
    }
    if inWord { words.append(word) }
    guard let program = words.first, !program.isEmpty else {
      throw .command(text, reason: "실행할 프로그램이 없습니다")
    }
    if let bad = words.joined().unicodeScalars.first(where: TextCleaning.isControl) {
      throw .command(
        text, reason: "제어 문자 \(TextCleaning.visible(String(Character(bad))))는 쓸 수 없습니다")
    }
    return words
  }

  /// `words` written back so that ``split(_:)`` reads the same words: each quoted only when
  /// it needs to be.
  public static func join(_ words: [String]) -> String {
    words.map { word in
      let plain = !word.isEmpty && !word.contains { " \t'\"\\".contains($0) }
      // Characters, as ``split(_:)`` reads them: a quote that a combining mark follows is
      // one character with it, and no quote to either.
      return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
    .joined(separator: " ")
  }
}
