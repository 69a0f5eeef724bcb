/// The pieces of one time expression, scanned and checked by ``TimeExpression/scan(_:)`` before
/// they are resolved, so resolving fails only for a day missing from the year `now` picks.
public struct ScannedTime: Sendable {
  /// Which week a weekday name means.
  enum WeekdayWeek: Sendable { case next, this, following }

  /// The text exactly as given, for errors.
  public let text: String
  /// `+1h30m`: seconds after `now`, with no other piece.
  var relativeSeconds: Int?
  var year: Int?
  var month: Int?
  var day: Int?
  var isISODate = false
  var relativeDays: Int?
  /// `내일`, `3일 뒤`: the words that gave ``relativeDays``, for errors.
  var relativeDaysWord: String?
  /// `이번 달` (0) or `다음 달` (1): the month counted from this one, with `day` or `말일`.
  var monthStep: Int?
  /// `말일`: the last day of the month.
  var isLastDay = false
  var weekday: (index: Int, week: WeekdayWeek)?
  var meridiem: Meridiem?
  var hour: Int?
  /// Whether the hour was written `N시`, which Koreans read on the 12-hour clock without 오전/오후.
  var isKoreanHour = false
  var minute: Int?
  var second = 0
  var offsetSeconds: Int?
  /// `정오` / `자정` give the whole time at once.
  var fixedHour: Int?
  /// The word that makes a series (`매주`, `격주`, `3일마다`), as typed, with frequency and interval.
  var repetition: (word: String, frequency: RecurrenceRule.Frequency, interval: Int)?
  /// `평일` or `주말`: several weekdays named at once, which make a weekly series.
  var dayGroup: (word: String, days: [Int])?
  /// The weekdays named after ``weekday`` (`매주 월·수·금`): only a series takes more than one.
  var moreWeekdays: [Int] = []
  /// Which weekdays of the month a monthly series takes (`첫째`, `마지막`), as typed and as RFC 5545
  /// counts them (-1 for the last).
  var ordinals: [(word: String, value: Int)] = []
  /// `화요일마다`, `주말마다`: the days repeat every week though no `매주` was typed.
  var saysEvery = false
  /// The rule the repetition words make; nil for a time that comes once.
  public internal(set) var recurrence: RecurrenceRule?

  /// Whether the text names a series: resolve it with ``resolveRepeating(now:timeZone:)``.
  public var repeats: Bool { recurrence != nil }

  /// The error for this text with `reason`.
  func fail(_ reason: String) -> InputError { .time(text, reason: reason) }
}
