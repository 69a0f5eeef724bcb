/// Reads a length of time as people type it: `35m`, `1h20m`, `90s`, `1:20`, `1시간 20분`.
public enum DurationExpression {
  /// The longest duration accepted: one week, far beyond any trip or lead time.
  public static let maximumSeconds = 7 * 86_400

  /// Parses a duration into whole seconds: `h`/`시간`, `m`/`분`, `s`/`초`, each at most once, largest
  /// first, spaces optional; `H:MM` is hours and minutes; a bare `0` is zero.
  ///
  /// - Throws: `InputError.duration` naming the text and what is wrong with it.
  public static func parse(_ text: String) throws(InputError) -> Int {
    let trimmed = text.trimmingWhitespace()
    func fail(_ reason: String) -> InputError { .duration(text, reason: reason) }
    guard !trimmed.isEmpty else { throw fail("비어 있습니다") }
    if trimmed == "0" { return 0 }

    var scanner = TextScanner(trimmed)
    if let colon = trimmed.firstIndex(of: ":") {
      let hours = trimmed[..<colon]
      let minutes = trimmed[trimmed.index(after: colon)...]
      guard !hours.isEmpty, hours.count <= 3, hours.allSatisfy(\.isASCIIDigit),
        minutes.count == 2, minutes.allSatisfy(\.isASCIIDigit),
        let h = Int(hours), let m = Int(minutes)
      else { throw fail("'시:분' 형식은 '1:20'처럼 씁니다") }
      guard m < 60 else { throw fail("분은 0~59여야 합니다") }
      return try checked(h * 3600 + m * 60, text)
    }

    let units: [(names: [String], seconds: Int)] = [
      (["시간", "h"], 3600), (["분", "m"], 60), (["초", "s"], 1),
    ]
    var total = 0
    var nextUnit = 0
    while !scanner.isAtEnd {
      scanner.skipSpaces()
      guard let number = scanner.number() else {
        if scanner.peek == "-" { throw fail("음수는 쓸 수 없습니다") }
        throw fail("'\(scanner.rest)'\(Korean.topicParticle(after: scanner.rest)) 알아듣지 못했습니다")
      }
      if scanner.peek == "." || scanner.peek == "," {
        throw fail("소수는 쓸 수 없습니다. '1h30m'처럼 단위를 나눠 쓰세요")
      }
      scanner.skipSpaces()
      guard let unit = units.indices.first(where: { scanner.take(anyOf: units[$0].names) })
      else {
        if scanner.isAtEnd { throw fail("단위가 없습니다. '\(number.text)m'처럼 단위를 붙이세요") }
        throw fail("알 수 없는 단위 '\(scanner.rest)' (h, m, s, 시간, 분, 초)")
      }
      guard unit >= nextUnit else { throw fail("단위는 시간, 분, 초 순서로 한 번씩만 씁니다") }
      nextUnit = unit + 1
      guard number.value <= maximumSeconds else { throw fail("일주일보다 깁니다") }
      total += number.value * units[unit].seconds
      scanner.skipSpaces()
    }
    return try checked(total, text)
  }

  /// The normal form of a duration, which ``parse(_:)`` reads back: `1h30m`, `10m`, `45s`, `0`.
  public static func text(_ seconds: Int) -> String {
    guard seconds > 0 else { return "0" }
    var text = ""
    for (amount, unit) in [(seconds / 3600, "h"), (seconds % 3600 / 60, "m"), (seconds % 60, "s")]
    where amount > 0 {
      text += "\(amount)\(unit)"
    }
    return text
  }

  private static func checked(_ seconds: Int, _ text: String) throws(InputError) -> Int {
    guard seconds <= maximumSeconds else {
      throw .duration(text, reason: "일주일보다 깁니다")
    }
    return seconds
  }
}
