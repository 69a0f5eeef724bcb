extension RecurrenceRule {
  /// The words `--repeat` takes besides an RRULE.
  public static let presetNames = ["daily", "weekdays", "weekly", "biweekly", "monthly", "yearly"]

  /// What `--repeat` means: a preset word, set on the first start's day, or an RFC 5545 rule.
  ///
  /// The presets spell out the days they take from the first start, so a rule read back
  /// later says them: `weekly` on a Tuesday is `FREQ=WEEKLY;BYDAY=TU` (`매주 화요일`),
  /// `biweekly` the same every second week, `weekdays` Monday to Friday (`평일`), `monthly` on
  /// the 31st is `FREQ=MONTHLY;BYMONTHDAY=31`, which RFC 5545 §3.3.10 skips in months without
  /// a 31st, and `yearly` on 29 February repeats in leap years only, for the same reason.
  ///
  /// - Throws: ``InputError/recurrence(_:reason:)`` for a word it does not know or a rule
  ///   ``parse(_:)`` refuses.
  public static func repeatOption(_ text: String, firstDay: CivilDate) throws(InputError)
    -> RecurrenceRule
  {
    let word = text.trimmingWhitespace().lowercased()
    if word.contains("=") || word.hasPrefix("rrule:") { return try parse(text) }
    let weekday = Weekday(rawValue: firstDay.weekday) ?? .monday
    switch word {
    case "daily": return RecurrenceRule(frequency: .daily)
    case "weekdays": return RecurrenceRule(frequency: .weekly, days: weekdays)
    case "weekly": return RecurrenceRule(frequency: .weekly, days: [Day(weekday)])
    case "biweekly": return RecurrenceRule(frequency: .weekly, interval: 2, days: [Day(weekday)])
    case "monthly": return RecurrenceRule(frequency: .monthly, monthDays: [firstDay.day])
    case "yearly":
      return RecurrenceRule(frequency: .yearly, monthDays: [firstDay.day], months: [firstDay.month])
    default:
      let tooOften = ["secondly", "minutely", "hourly"].contains(word)
      let why = tooOften ? "출발 시각은 하루에 한 번보다 자주 반복할 수 없습니다" : "알 수 없는 반복입니다"
      throw .recurrence(
        text, reason: "\(why) (\(presetNames.joined(separator: ", ")) 또는 'RRULE:FREQ=…')")
    }
  }
}
