import ChulbalCore
import FoundationEssentials

/// RFC 5545's value texts (§3.3), read strictly and written: dates, times, durations and escaped
/// text. libical takes a date such as `20261301` without complaint.
enum ICalendarValue {
  /// `20261201`
  static func date(_ text: Substring) -> CivilDate? {
    guard text.count == 8, text.allSatisfy(isDigit) else { return nil }
    let digits = Array(text.utf8).map { Int($0) - 48 }
    func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
    let date = CivilDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
    return date.isValid ? date : nil
  }

  /// `20261201T090000`, and whether a `Z` followed it; nil for anything else.
  static func dateTime(_ text: Substring) -> (time: WallTime, isUTC: Bool)? {
    var body = text
    let isUTC = body.last == "Z"
    if isUTC { body = body.dropLast() }
    guard body.count == 15, body[body.index(body.startIndex, offsetBy: 8)] == "T",
      let date = date(body.prefix(8))
    else { return nil }
    let clock = body.suffix(6)
    guard clock.allSatisfy(isDigit) else { return nil }
    let digits = Array(clock.utf8).map { Int($0) - 48 }
    let time = WallTime(
      date: date, hour: digits[0] * 10 + digits[1], minute: digits[2] * 10 + digits[3],
      second: digits[4] * 10 + digits[5])
    // RFC 5545 allows a leap second (60); a departure does not need it.
    return time.isValid ? (time, isUTC) : nil
  }

  /// A DURATION value (§3.3.6) in seconds: `PT45M`, `-PT15M`, `P1D`, `P1W`, `P1DT2H`.
  static func duration(_ text: Substring) -> Int? {
    var rest = text
    var sign = 1
    if rest.first == "+" || rest.first == "-" {
      if rest.first == "-" { sign = -1 }
      rest = rest.dropFirst()
    }
    guard rest.first == "P" else { return nil }
    rest = rest.dropFirst()
    var total = 0
    var inTime = false
    var number = ""
    var sawUnit = false
    var lastUnit = -1
    // Units in the order RFC 5545 writes them; each at most once.
    let units: [Character: (rank: Int, seconds: Int, time: Bool)] = [
      "W": (0, 604_800, false), "D": (1, 86_400, false), "H": (2, 3600, true),
      "M": (3, 60, true), "S": (4, 1, true),
    ]
    for character in rest {
      if character == "T" {
        guard !inTime, number.isEmpty else { return nil }
        inTime = true
      } else if isDigit(character) {
        guard number.count < 7 else { return nil }
        number.append(character)
      } else if let unit = units[character], unit.time == inTime, unit.rank > lastUnit,
        let value = Int(number)
      {
        total += value * unit.seconds
        number = ""
        lastUnit = unit.rank
        sawUnit = true
      } else {
        return nil
      }
    }
    guard sawUnit, number.isEmpty, !(inTime && lastUnit < 2) else { return nil }
    return sign * total
  }

  /// `-PT45M`, `PT1H30M`, `PT0S`: seconds as a DURATION value.
  static func durationText(seconds: Int) -> String {
    var text = seconds < 0 ? "-PT" : "PT"
    let magnitude = abs(seconds)
    let (hours, minutes, rest) = (magnitude / 3600, magnitude % 3600 / 60, magnitude % 60)
    if hours > 0 { text += "\(hours)H" }
    if minutes > 0 { text += "\(minutes)M" }
    if rest > 0 || magnitude == 0 { text += "\(rest)S" }
    return text
  }

  /// TEXT (§3.3.11) as written: `\,` `\;` `\\` and `\n` (or `\N`) undone.
  static func unescaped(_ text: String) -> String {
    guard text.contains("\\") else { return text }
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        result.append(character == "n" || character == "N" ? "\n" : character)
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    if escaping { result.append("\\") }
    return result
  }

  /// TEXT for writing: control and bidi characters removed (`TextCleaning.plain`), `\`, `;`, `,`
  /// and line ends escaped.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in TextCleaning.plain(text) {
      switch character {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\n": result += "\\n"
      default: result.append(character)
      }
    }
    return result
  }

  /// `20261201`
  static func text(_ date: CivilDate) -> String {
    pad(date.year, 4) + pad(date.month, 2) + pad(date.day, 2)
  }

  /// `20261201T090000`
  static func text(_ time: WallTime) -> String {
    text(time.date) + "T" + pad(time.hour, 2) + pad(time.minute, 2) + pad(time.second, 2)
  }

  private static func isDigit(_ character: Character) -> Bool {
    character >= "0" && character <= "9"
  }

  private static func pad(_ value: Int, _ digits: Int) -> String {
    let text = String(value)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
