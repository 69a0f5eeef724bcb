/// A cursor over the characters of a short piece of user input.
///
/// Hangul syllables are single `Character`s, so words like `내일` and units like `시` are
/// matched whole.
struct TextScanner {
  private let characters: [Character]
  private(set) var position = 0

  init(_ text: some StringProtocol) {
    characters = Array(text)
  }

  var isAtEnd: Bool { position >= characters.count }
  var peek: Character? { isAtEnd ? nil : characters[position] }
  var rest: String { String(characters[min(position, characters.count)...]) }

  func peek(offset: Int) -> Character? {
    let index = position + offset
    return index < characters.count ? characters[index] : nil
  }

  mutating func advance(by count: Int = 1) { position += count }

  mutating func skipSpaces() {
    while let c = peek, c.isWhitespace { position += 1 }
  }

  /// Reads ASCII digits as a number, with how many digits there were.
  mutating func number() -> (value: Int, digits: Int)? {
    var value = 0
    var digits = 0
    while let c = peek, c.isASCIIDigit, digits < 12 {
      value = value * 10 + Int(c.asciiValue! - 48)
      digits += 1
      position += 1
    }
    return digits == 0 ? nil : (value, digits)
  }

  /// Consumes `word` if the input continues with it.
  mutating func take(_ word: String) -> Bool {
    let wordCharacters = Array(word)
    guard position + wordCharacters.count <= characters.count,
      Array(characters[position..<position + wordCharacters.count]) == wordCharacters
    else { return false }
    position += wordCharacters.count
    return true
  }

  /// Consumes the first of `words` the input continues with.
  mutating func take(anyOf words: [String]) -> Bool {
    words.contains { take($0) }
  }
}

extension Character {
  var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
  /// The text without leading and trailing Unicode white space (the `White_Space` property).
  ///
  /// Not Foundation's `whitespacesAndNewlines`, which on Linux also holds U+200B ZERO WIDTH
  /// SPACE: an invisible character a person typed stays, and a title is never shortened
  /// behind their back.
  public func trimmingWhitespace() -> String {
    let scalars = String(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}
