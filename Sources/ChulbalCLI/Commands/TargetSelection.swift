import ChulbalCore
import ChulbalStore
import Foundation

/// What a live display counts down to: a stored appointment, or an ad-hoc time.
struct CountdownTarget {
  let title: String
  let place: String?
  let plan: DeparturePlan
  let timeZone: TimeZone

  static let specs: [CommandOptions.Spec] = [
    .init(name: "--at"), .init(name: "--travel"), .init(name: "--buffer"), .init(name: "--tz"),
    .database,
  ]

  /// `--at` (ad hoc), else the appointment `ID` names, else the next departure.
  ///
  /// - Returns: nil when nothing is selected and no appointment is upcoming.
  static func select(_ options: CommandOptions, environment: Environment, now: Date) throws
    -> CountdownTarget?
  {
    if let text = options["--at"] {
      if let word = options.positionals.first {
        throw UsageError.conflict("'--at'을 주면 약속 번호('\(word)')는 쓰지 않습니다")
      }
      let zone = try environment.timeZone(option: options["--tz"])
      let start: Date
      do {
        start = try TimeExpression.parse(text, now: now, timeZone: zone)
      } catch {
        throw UsageError.invalidValue(option: "--at", error)
      }
      let plan = DeparturePlan(
        start: start,
        travelSeconds: try options.parse("--travel", DurationExpression.parse) ?? 0,
        bufferSeconds: try options.parse("--buffer", DurationExpression.parse) ?? 0,
        alertLeads: [])
      let title = "약속 " + KoreanDateFormat(timeZone: zone).full(start)
      return CountdownTarget(title: title, place: nil, plan: plan, timeZone: zone)
    }
    for option in ["--travel", "--buffer", "--tz"] where options[option] != nil {
      throw UsageError.conflict("'\(option)'는 '--at'과 함께 씁니다 (저장한 약속은 chulbal edit로 바꾸세요)")
    }
    guard
      let appointment = try AppointmentSelector.namedOrNext(
        options, store: options.store(environment, create: false), now: { now })
    else { return nil }
    return CountdownTarget(
      title: appointment.title, place: appointment.place, plan: appointment.plan,
      timeZone: environment.timeZone(stored: appointment.timeZone))
  }
}
