/// The pieces of one time expression, read from the text before they are resolved to an
/// instant.
///
/// ``TimeExpression/scan(_:)`` makes one and has already checked it, so resolving can only
/// fail for a day the calendar lacks in the year `now` picks. Scanning early rejects a
/// mistyped time before the zone or the instant to resolve against is known.
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
  /// `이번 달` (0) or `다음 달` (1): the month counted from this one, with `day` or `말일`.
  var monthStep: Int?
  /// `말일`: the last day of the month.
  var isLastDay = false
  var weekday: (index: Int, week: WeekdayWeek)?
  var meridiem: Meridiem?
  var hour: Int?
  /// Whether the hour was written `N시`, which a Korean reads on the 12-hour clock when no
  /// 오전/오후 comes with it, rather than as `19:00`.
  var isKoreanHour = false
  var minute: Int?
  var second = 0
  var offsetSeconds: Int?
  /// `정오` / `자정` give the whole time at once.
  var fixedHour: Int?

  /// The error for this text with `reason`.
  func fail(_ reason: String) -> InputError { .time(text, reason: reason) }
}
