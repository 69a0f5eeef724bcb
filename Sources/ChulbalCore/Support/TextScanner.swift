/// A cursor over the characters of a short piece of user input; Hangul syllables are single
/// `Character`s, so `내일` and `시` match whole.
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

  /// Reads ASCII digits as a number, with their count and text. Every digit is read so no digit is
  /// taken for a unit; a value past ``largeNumber`` is kept as it, which every range check rejects.
  mutating func number() -> (value: Int, digits: Int, text: String)? {
    var value = 0
    var text = ""
    while let c = peek, c.isASCIIDigit {
      value = min(value * 10 + Int(c.asciiValue! - 48), Self.largeNumber)
      text.append(c)
      position += 1
    }
    return text.isEmpty ? nil : (value, text.count, text)
  }

  /// Larger than any number chulbal accepts, small enough that multiplying it by a week in
  /// seconds cannot overflow.
  static let largeNumber = 1_000_000_000_000

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
  /// The text without leading and trailing `White_Space` scalars. Not Foundation's
  /// `whitespacesAndNewlines`, which on Linux includes U+200B: an invisible character typed is
  /// kept.
  public func trimmingWhitespace() -> String {
    let scalars = String(self).unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }
}

extension StringProtocol {
  /// The text with every `scalar` replaced, scalar by scalar: `replacing(_:with:)` compares
  /// characters, and would miss a `'` with a combining mark or the `\n` of `\r\n`.
  public func replacingEvery(_ scalar: Unicode.Scalar, with replacement: String) -> String {
    guard unicodeScalars.contains(scalar) else { return String(self) }
    var result = String.UnicodeScalarView()
    for each in unicodeScalars {
      if each == scalar {
        result.append(contentsOf: replacement.unicodeScalars)
      } else {
        result.append(each)
      }
    }
    return String(result)
  }
}
