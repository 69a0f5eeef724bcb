import FoundationEssentials

/// Korean date and time strings, byte-identical to `DateFormatter` with locale `ko_KR` for every
/// year from 1583 (ICU is Julian before it; this stays Gregorian).
///
/// `DateFormatter` is too slow for every row of `list` and `agenda` (docs/performance.md): this
/// computes the fields with integer arithmetic from the zone's offset and writes the UTF-8 once.
/// Cheap to copy, safe from any thread.
public struct KoreanDateFormat: Sendable {
  /// The `DateFormatter` patterns this type reproduces.
  public enum Pattern: String, CaseIterable, Sendable {
    /// `12월 1일 (화) 오후 7:00`
    case full = "M월 d일 (E) a h:mm"
    /// `2027년 12월 1일 (수) 오후 2:00`
    case fullWithYear = "yyyy년 M월 d일 (E) a h:mm"
    /// `2026년 12월 1일 (화)`
    case date = "yyyy년 M월 d일 (E)"
    /// `오후 7:00`
    case time = "a h:mm"
    /// `12월 1일 (화)`
    case day = "M월 d일 (E)"
  }

  public let timeZone: Zone

  /// A formatter for instants shown in `timeZone`.
  public init(timeZone: Zone) {
    self.timeZone = timeZone
  }

  /// `12월 1일 (화) 오후 7:00`
  public func full(_ date: Date) -> String { string(date, .full) }
  /// `12월 1일 (화) 오후 7:00` in the year of `now`, else with the year: a date 363 days away must not
  /// read like yesterday's.
  public func full(_ date: Date, seenAt now: Date) -> String {
    string(date, year(of: date) == year(of: now) ? .full : .fullWithYear)
  }

  /// Appends what ``full(_:seenAt:)`` makes, as UTF-8, working the fields out once.
  public func appendFull(_ date: Date, seenAt now: Date, to bytes: inout [UInt8]) {
    let fields = fields(date)
    let pattern: Pattern = fields.year == year(of: now) ? .full : .fullWithYear
    Self.append(to: &bytes) { $0.write(fields, pattern) }
  }

  /// The year of `date` in this zone.
  public func year(of date: Date) -> Int {
    fields(date).year
  }
  /// `2026년 12월 1일 (화)`
  public func date(_ date: Date) -> String { string(date, .date) }
  /// `오후 7:00`
  public func time(_ date: Date) -> String { string(date, .time) }
  /// `12월 1일 (화)` in the year of `now`, else `2027년 12월 1일 (수)`.
  public func day(_ date: Date, seenAt now: Date) -> String {
    string(date, year(of: date) == year(of: now) ? .day : .date)
  }

  /// Formats `date` with one of the Korean patterns.
  public func string(_ date: Date, _ pattern: Pattern) -> String {
    let fields = fields(date)
    return String(unsafeUninitializedCapacity: Self.longest) { buffer in
      var out = ByteWriter(buffer)
      out.write(fields, pattern)
      return out.count
    }
  }

  /// Appends what ``string(_:_:)`` makes, as UTF-8, without making a string.
  public func append(_ date: Date, _ pattern: Pattern, to bytes: inout [UInt8]) {
    let fields = fields(date)
    Self.append(to: &bytes) { $0.write(fields, pattern) }
  }

  /// Room for any pattern (the longest is 39 bytes) and for ISO 8601 (25).
  public static var longest: Int { 48 }

  /// Writes through a ``ByteWriter`` into room made at the end of `bytes` with one append.
  private static func append(to bytes: inout [UInt8], _ write: (inout ByteWriter) -> Void) {
    bytes.append(addingCapacity: longest) { room in
      room.withUnsafeMutableBufferPointer { buffer, count in
        var out = ByteWriter(UnsafeMutableBufferPointer(rebasing: buffer[count...]))
        write(&out)
        count += out.count
      }
    }
  }

  /// ISO 8601 with the zone's offset: `2026-12-01T19:00:00+09:00`.
  public func iso8601(_ date: Date) -> String {
    let fields = fields(date)
    return String(unsafeUninitializedCapacity: Self.longest) { buffer in
      var out = ByteWriter(buffer)
      out.iso8601(fields)
      return out.count
    }
  }

  /// Writes ``iso8601(_:)`` as UTF-8 into `buffer` (room for ``longest`` bytes) and returns how
  /// many bytes it wrote.
  public func writeISO8601(_ date: Date, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
    var out = ByteWriter(buffer)
    out.iso8601(fields(date))
    return out.count
  }

  /// Whether two instants fall on the same day in this zone, without making their ``date(_:)``
  /// strings.
  public func isSameDay(_ first: Date, _ second: Date) -> Bool {
    func day(_ date: Date) -> Int {
      let seconds = Int(date.timeIntervalSince1970.rounded(.down))
      return (seconds + offset(at: date)).floorDivided(by: 86_400)
    }
    return day(first) == day(second)
  }

  /// Seconds east of UTC in this zone at `date`.
  public func offset(at date: Date) -> Int {
    // The offset alone: `agenda` asks for every row, and working out every field was most of the
    // cost.
    timeZone.offset(atSecond: Self.second(date))
  }

  struct Fields {
    var year, month, day, weekday, hour, minute, second, offset: Int
  }

  /// Calendar fields the way ICU computes them: from whole milliseconds since 1970, floored.
  @inline(__always)
  private func fields(_ date: Date) -> Fields {
    let second = Self.second(date)
    return Self.fields(second: second, offset: timeZone.offset(atSecond: second))
  }

  /// The second since 1970 that `date` falls in, as ICU counts it (whole milliseconds, floored), so
  /// times match `DateFormatter`. Beyond 10^13 seconds it is clamped; NaN is 1970.
  @inline(__always)
  private static func second(_ date: Date) -> Int {
    let milliseconds = (date.timeIntervalSinceReferenceDate + 978_307_200) * 1000
    guard !milliseconds.isNaN else { return 0 }
    let held = min(max(milliseconds, -1e16), 1e16)
    return Int(held.rounded(.down)).floorDivided(by: 1000)
  }

  @inline(__always)
  private static func fields(second: Int, offset: Int) -> Fields {
    let local = second + offset
    let days = local.floorDivided(by: 86_400)
    let secondOfDay = local - days * 86_400
    let civil = CivilDate(days: days)
    return Fields(
      year: civil.year, month: civil.month, day: civil.day,
      weekday: CivilDate.weekday(days: days), hour: secondOfDay / 3600,
      minute: secondOfDay % 3600 / 60, second: secondOfDay % 60, offset: offset)
  }
}

/// Writes ASCII and Hangul pieces into a string's uninitialized UTF-8 storage.
private struct ByteWriter {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private(set) var count = 0

  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
    self.buffer = buffer
  }

  @inline(__always)
  mutating func append(_ text: StaticString) {
    let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    for byte in bytes {
      buffer[count] = byte
      count += 1
    }
  }

  /// Appends a non-negative number, zero-padded to at least `digits` digits.
  @inline(__always)
  mutating func number(_ value: Int, digits: Int = 1) {
    // Most fields are one or two digits: a month, a day, an hour, a minute.
    if value >= 0 && value < 100 && digits <= 2 {
      if value >= 10 || digits == 2 {
        buffer[count] = UInt8(truncatingIfNeeded: 48 + value / 10)
        count += 1
      }
      buffer[count] = UInt8(truncatingIfNeeded: 48 + value % 10)
      count += 1
      return
    }
    // And a year of four digits.
    if value >= 1000 && value < 10_000 && digits <= 4 {
      for divisor in [1000, 100, 10, 1] {
        buffer[count] = UInt8(truncatingIfNeeded: 48 + value / divisor % 10)
        count += 1
      }
      return
    }
    guard let start = buffer.baseAddress.map({ $0 + count }) else { return }
    var end = start
    end.writeDecimal(value, digits: digits)
    count += end - start
  }

  private static let weekdays: [StaticString] = ["일", "월", "화", "수", "목", "금", "토"]

  /// `2026-12-01T19:00:00+09:00`
  @inline(__always)
  mutating func iso8601(_ fields: KoreanDateFormat.Fields) {
    number(fields.year, digits: 4)
    append("-")
    number(fields.month, digits: 2)
    append("-")
    number(fields.day, digits: 2)
    append("T")
    number(fields.hour, digits: 2)
    append(":")
    number(fields.minute, digits: 2)
    append(":")
    number(fields.second, digits: 2)
    let offsetMinutes = fields.offset / 60
    if offsetMinutes == 0 {
      append("Z")
    } else {
      append(offsetMinutes < 0 ? "-" : "+")
      number(abs(offsetMinutes) / 60, digits: 2)
      append(":")
      number(abs(offsetMinutes) % 60, digits: 2)
    }
  }

  /// `fields` in one of the patterns.
  @inline(__always)
  mutating func write(_ fields: KoreanDateFormat.Fields, _ pattern: KoreanDateFormat.Pattern) {
    switch pattern {
    case .full:
      monthDayWeekday(fields)
      append(" ")
      meridiemTime(fields)
    case .fullWithYear:
      number(fields.year, digits: 4)
      append("년 ")
      monthDayWeekday(fields)
      append(" ")
      meridiemTime(fields)
    case .date:
      number(fields.year, digits: 4)
      append("년 ")
      monthDayWeekday(fields)
    case .time:
      meridiemTime(fields)
    case .day:
      monthDayWeekday(fields)
    }
  }

  /// `12월 1일 (화)`
  @inline(__always)
  mutating func monthDayWeekday(_ fields: KoreanDateFormat.Fields) {
    number(fields.month)
    append("월 ")
    number(fields.day)
    append("일 (")
    append(Self.weekdays[fields.weekday])
    append(")")
  }

  /// `오후 7:00`
  @inline(__always)
  mutating func meridiemTime(_ fields: KoreanDateFormat.Fields) {
    append(fields.hour < 12 ? "오전 " : "오후 ")
    number(fields.hour % 12 == 0 ? 12 : fields.hour % 12)
    append(":")
    number(fields.minute, digits: 2)
  }
}
