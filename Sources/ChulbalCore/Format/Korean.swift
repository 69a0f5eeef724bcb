/// Korean particles that agree with the word before them, by how the word is read: a syllable by
/// its final consonant (받침); a digit as read in Korean (`1` 일, `3` 삼, `0` 영 end in one); capitals
/// as spelled (`EST`, 티); other Latin words as loanwords are written (`travel` 트래블, `google` 구글,
/// `zone` 존). Quotes and signs after the word are skipped.
public enum Korean {
  /// `이` after a word ending in a consonant (`번호가`, `제목이`, `'xdg-open'이`), else `가`.
  public static func subjectParticle(after word: String) -> String {
    finalSound(of: word) == .none ? "가" : "이"
  }

  /// `은` after a word ending in a consonant (`'집'은`, `'--travel'은`), else `는`.
  public static func topicParticle(after word: String) -> String {
    finalSound(of: word) == .none ? "는" : "은"
  }

  /// `을` after a word ending in a consonant (`'/dev/null'을`), else `를` (`'c.db'를`).
  public static func objectParticle(after word: String) -> String {
    finalSound(of: word) == .none ? "를" : "을"
  }

  /// `으로` after a word ending in a consonant other than ㄹ (`'회의실'로`, `'3'으로`), else
  /// `로` (`'서울'로`, `'7'로`).
  public static func directionParticle(after word: String) -> String {
    finalSound(of: word) == .other ? "으로" : "로"
  }

  /// How a word's last sound bears on the particle after it.
  enum FinalSound: Equatable {
    /// A vowel: `가`, `는`, `를`, `로`.
    case none
    /// ㄹ, which takes `로` but `이`, `은`, `을`.
    case rieul
    /// Any other consonant.
    case other
  }

  static func finalSound(of word: String) -> FinalSound {
    let scalars = Array(word.unicodeScalars)
    guard let end = scalars.lastIndex(where: isReadable) else { return .none }
    let last = scalars[end]
    switch last.value {
    case 0xAC00...0xD7A3:
      let final = (last.value - 0xAC00) % 28
      return final == 0 ? .none : final == 8 ? .rieul : .other
    case 0x30...0x39:
      // 영 일 이 삼 사 오 육 칠 팔 구; a trailing 0 of a longer number is 십, 백, 천 or 만.
      return [.other, .rieul, .none, .other, .none, .none, .other, .rieul, .rieul, .none][
        Int(last.value - 0x30)]
    default:
      break
    }
    // The run of Latin letters the word ends with.
    var start = end
    while start > 0, isLatin(scalars[start - 1]) { start -= 1 }
    let letters = String(String.UnicodeScalarView(scalars[start...end]))
    if letters.allSatisfy(\.isUppercase) {
      // Spelled out: 엘 and 알 end in ㄹ, 엠 and 엔 in another consonant.
      switch letters.last {
      case "L", "R": return .rieul
      case "M", "N": return .other
      default: return .none
      }
    }
    let lower = Array(letters.lowercased())
    let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    switch (lower.dropLast().last, lower.last) {
    case (_, "l"), ("l", "e"): return .rieul  // 트래블, 구글
    // A silent e after n or m: 존, 타임.
    case ("n", "e") where lower.count > 2, ("m", "e") where lower.count > 2: return .other
    case (_, "m"), (_, "n"), ("n", "g"), ("c", "k"): return .other
    // k, t and p close a syllable after a short vowel (셋, 팁) but take their own vowel after a
    // consonant or long vowel (넥스트, 헬프).
    case (let before?, "k"), (let before?, "t"), (let before?, "p"):
      let long = lower.count > 2 && vowels.contains(lower[lower.count - 3])
      return vowels.contains(before) && !long ? .other : .none
    default: return .none
    }
  }

  /// Hangul syllables, digits and Latin letters: what a word is read by.
  private static func isReadable(_ scalar: Unicode.Scalar) -> Bool {
    (0xAC00...0xD7A3).contains(scalar.value) || (0x30...0x39).contains(scalar.value)
      || isLatin(scalar)
  }

  private static func isLatin(_ scalar: Unicode.Scalar) -> Bool {
    (0x41...0x5A).contains(scalar.value) || (0x61...0x7A).contains(scalar.value)
  }
}
