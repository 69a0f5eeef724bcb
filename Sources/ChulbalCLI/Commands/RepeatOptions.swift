import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalSystem
import FoundationEssentials

/// `add`'s `--repeat`, `--until` and `--count`, checked before the store is opened.
///
/// A series comes from a rule and a first start on the wall of the appointment's zone; every
/// way of giving one (`--repeat` over the time `--at` names, and the Korean words of `--at`
/// such as `매주 화요일 저녁 7시`, whose grammar gives the rule and the first start itself)
/// ends in ``series(rule:firstStart:zone:now:zones:)``, which applies `--until` and `--count` and
/// checks the series with libical.
struct RepeatOptions {
  static let repeatOption = OptionSpec(
    "--repeat", value: "반복", kind: .choice(RecurrenceRule.presetNames),
    help: "반복: \(RecurrenceRule.presetNames.joined(separator: ", ")), 또는 'RRULE:FREQ=…' "
      + "(RFC 5545, 하루에 한 번보다 잦은 반복은 받지 않습니다)")
  static let until = OptionSpec(
    "--until", value: "날짜", help: "--repeat와 함께: 이 날짜까지 반복합니다 (그날 포함), 예: \"12월 31일\"")
  static let count = OptionSpec(
    "--count", value: "횟수",
    help: "--repeat와 함께: 이 횟수만큼 반복합니다 (1~\(RecurrenceRule.countLimit))")
  static let specs = [repeatOption, until, count]

  /// `--repeat` as typed, checked as far as it can be without the first day.
  let word: String?
  /// `--until` as typed, checked; read once the zone is known.
  let until: ScannedTime?
  let untilText: String?
  let count: Int?

  /// - Parameter atRepeats: `--at` names a series in words (`매주 화요일 저녁 7시`), which
  ///   `--until` and `--count` end as they end `--repeat`'s, and which `--repeat` would name a
  ///   second time.
  init(_ options: ParsedOptions, atRepeats: Bool = false) throws {
    word = options[Self.repeatOption]
    untilText = options[Self.until]
    until = try options.parse(Self.until, TimeExpression.scanDay)
    if let text = options[Self.count] {
      let limit = RecurrenceRule.countLimit
      guard text.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(text),
        (1...limit).contains(number)
      else {
        throw ParseError.invalidNumber(option: Self.count.name, text, accepted: "1~\(limit)")
      }
      count = number
    } else {
      count = nil
    }
    if let word, atRepeats {
      throw AppointmentError.repeatTwice(at: options[OptionSpec.at] ?? "", repeat: word)
    }
    if word == nil && !atRepeats {
      for spec in [Self.until, Self.count] where options[spec] != nil {
        throw AppointmentError.needsRepeat(option: spec.name)
      }
    }
    if until != nil && count != nil { throw AppointmentError.untilWithCount }
    // A word or rule that is wrong on any day is refused before anything is opened.
    if let word {
      _ = try options.parse(Self.repeatOption) { (text: String) throws(InputError) in
        try RecurrenceRule.repeatOption(text, firstDay: CivilDate(year: 2026, month: 1, day: 1))
      }
      if (until != nil || count != nil), word.contains("=") {
        let rule = try? RecurrenceRule.parse(word)
        if rule?.until != nil || rule?.count != nil {
          throw ParseError.invalidValue(
            option: Self.repeatOption.name,
            .recurrence(word, reason: "UNTIL이나 COUNT가 있는 규칙에는 --until, --count를 더 줄 수 없습니다"))
        }
      }
    }
  }

  /// The series `--repeat` makes of a start at `start` in `zone`, or nil without `--repeat`.
  func repetition(start: Date, zone: Zone, now: Date, zones: ZoneDatabase) throws -> Repetition? {
    guard let word else { return nil }
    let firstStart = WallTime(start, in: zone)
    let rule: RecurrenceRule
    do {
      rule = try RecurrenceRule.repeatOption(word, firstDay: firstStart.date)
    } catch {
      throw ParseError.invalidValue(option: Self.repeatOption.name, error)
    }
    return try series(rule: rule, firstStart: firstStart, zone: zone, now: now, zones: zones)
  }

  /// The one way to a series: `rule` from `firstStart` in `zone`, ended by `--until` or
  /// `--count` when given, and checked with libical.
  ///
  /// - Throws: ``UsageError`` for an `--until` before the first start, or a series with no
  ///   occurrence at all.
  func series(
    rule: RecurrenceRule, firstStart: WallTime, zone: Zone, now: Date, zones: ZoneDatabase
  )
    throws -> Repetition
  {
    var rule = rule
    let start = firstStart.instant(in: zone)
    if let until, let untilText {
      let day: CivilDate
      do {
        day = try until.resolveDay(now: now, timeZone: zone)
      } catch {
        throw ParseError.invalidValue(option: Self.until.name, error)
      }
      // The end of that day on the series' wall: every occurrence that day is kept.
      let end = WallTime(date: day, hour: 23, minute: 59, second: 59)
      let last = end.instant(in: zone)
      let format = KoreanDateFormat(timeZone: zone)
      guard last >= start else {
        throw AppointmentError.untilBeforeStart(untilText, start: format.full(start, seenAt: now))
      }
      rule.until = .instant(last)
    }
    if let count { rule.count = count }
    let repetition = Repetition(rule: rule, firstStart: firstStart)
    let probe = Appointment(
      title: "", start: start, timeZone: zone.identifier, mode: .walk, travelSeconds: 0,
      bufferSeconds: 0, alertLeads: [], repetition: repetition)
    let first: Appointment?
    do {
      first = try probe.nextOccurrence(after: start.addingTimeInterval(-1), zones: zones)
    } catch {
      throw ParseError.invalidValue(
        option: Self.repeatOption.name, .recurrence(rule.text, reason: error.description))
    }
    // Within the years times are read in and kept: a first occurrence after them would never
    // be shown, and the series would be kept at a start that is none of its occurrences.
    guard let first, WallTime(first.start, in: zone).date.year <= 2200 else {
      throw ParseError.invalidValue(
        option: Self.repeatOption.name,
        .recurrence(rule.text, reason: "첫 시각부터 2200년까지 이 규칙에 맞는 날이 하나도 없습니다"))
    }
    return repetition
  }
}
