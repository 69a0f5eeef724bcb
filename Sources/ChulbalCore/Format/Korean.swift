/// Korean particles that agree with the word before them.
public enum Korean {
  /// `이` after a word ending in a consonant (`번호가`, `제목이`), else `가`.
  ///
  /// Only the last character counts: a Hangul syllable with a final consonant (받침) takes
  /// `이`; anything else (a vowel-final syllable, a digit or Latin letter) takes `가`.
  public static func subjectParticle(after word: String) -> String {
    hasFinalConsonant(word) ? "이" : "가"
  }

  /// Whether the word's last character is a Hangul syllable with a final consonant.
  static func hasFinalConsonant(_ word: String) -> Bool {
    guard let last = word.unicodeScalars.last, (0xAC00...0xD7A3).contains(last.value) else {
      return false
    }
    return (last.value - 0xAC00) % 28 != 0
  }
}
