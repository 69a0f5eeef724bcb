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

  /// Reads ASCII digits as a number, with how many digits there were and the digits as typed.
  ///
  /// Every digit is read, however many there are, so that the rest of the text is never taken
  /// for a unit; a value past ``largeNumber`` is kept as ``largeNumber``, which every range
  /// check rejects, so that no arithmetic overflows.
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

extension StringProtocol {
  /// The text with every `scalar` in it replaced by `replacement`.
  ///
  /// Scalar by scalar, unlike the standard library's `replacing(_:with:)`, which compares
  /// whole characters: a `'` that a combining mark follows, or the `\n` of a `\r\n`, is one
  /// character with it there, and would be left as it is.
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
