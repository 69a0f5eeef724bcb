import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import Foundation

/// A stored appointment shown to a person or a program, as it stands at `now`.
struct AppointmentView {
  let appointment: Appointment
  let plan: DeparturePlan
  let format: KoreanDateFormat
  let now: Date

  init(_ appointment: Appointment, now: Date, environment: Environment) {
    self.appointment = appointment
    plan = appointment.plan
    format = KoreanDateFormat(timeZone: environment.timeZone(stored: appointment.timeZone))
    self.now = now
  }

  /// `#3 저녁 약속` with control characters made visible.
  var label: String { "#\(appointment.id) \(TextCleaning.visible(appointment.title))" }

  /// `오후 6:12`, or the full date when departure falls on another day than the appointment.
  var departureText: String {
    format.date(plan.departure) == format.date(plan.start)
      ? format.time(plan.departure) : format.full(plan.departure, seenAt: now)
  }

  /// `이동 38분 추정 + 여유 10분`; `이동·여유 없음` for a kitchen timer.
  var tripText: String {
    if appointment.travelSeconds == 0 && appointment.bufferSeconds == 0 { return "이동·여유 없음" }
    let travel = KoreanDuration.text(seconds: appointment.travelSeconds, precision: .seconds)
    let buffer = KoreanDuration.text(seconds: appointment.bufferSeconds, precision: .seconds)
    return "이동 \(travel)\(appointment.travelEstimated ? " 추정" : "") + 여유 \(buffer)"
  }

  /// `2시간 15분 남음`, `지금 출발`, `5분 늦음`, `약속 시작됨`.
  var remainingText: String {
    switch plan.status(at: now) {
    case .upcoming(let remaining):
      return "\(KoreanDuration.text(seconds: Int(remaining), precision: .seconds)) 남음"
    case .leaveNow: return "지금 출발"
    case .late(let late): return "\(KoreanDuration.text(seconds: Int(late))) 늦음"
    case .started: return "약속 시작됨"
    }
  }

  /// `#3 저녁 약속 — 12월 1일 (화) 오후 7:00 · 오후 6:12 출발 (이동 38분 추정 + 여유 10분)`
  var summaryLine: String {
    "\(label) — \(format.full(plan.start, seenAt: now)) · \(departureText) 출발 (\(tripText))"
  }

  /// `#3 저녁 약속 — 오후 6:12 출발 (2시간 15분 남음) · 12월 1일 (화) 오후 7:00 · 강남역 2번 출구`
  var nextLine: String {
    var line =
      "\(label) — \(departureText) 출발 (\(remainingText)) · \(format.full(plan.start, seenAt: now))"
    if let place = appointment.place { line += " · \(TextCleaning.visible(place))" }
    return line
  }

  /// Every field, one per line.
  var detail: String {
    var rows: [[String]] = [["약속", "\(label)"], ["시각", format.full(plan.start, seenAt: now)]]
    if let place = appointment.place { rows.append(["장소", place]) }
    if let coordinate = appointment.coordinate { rows.append(["좌표", Self.text(coordinate)]) }
    if let origin = appointment.origin {
      let name = origin.name.map { "\($0) (\(Self.text(origin.coordinate)))" }
      rows.append(["출발지", name ?? Self.text(origin.coordinate)])
    }
    rows.append(["이동", "\(appointment.mode.rawValue) · \(tripText)"])
    if let ready = plan.ready {
      let prep = KoreanDuration.text(seconds: appointment.prepSeconds, precision: .seconds)
      rows.append(["준비", "\(format.full(ready, seenAt: now)) (준비 \(prep))"])
    }
    rows.append(["출발", "\(format.full(plan.departure, seenAt: now)) (\(remainingText))"])
    let alerts = plan.alerts.map { "\(format.time($0.at)) (\($0.label))" }
    rows.append(["알림", alerts.isEmpty ? "없음" : alerts.joined(separator: " · ")])
    rows.append(["시간대", appointment.timeZone])
    if let note = appointment.note { rows.append(["메모", note]) }
    return TerminalText.table(rows.map { [$0[0], $0[1]] })
  }

  static func text(_ coordinate: Coordinate) -> String {
    "\(coordinate.latitude),\(coordinate.longitude)"
  }

  static func json(_ coordinate: Coordinate?) -> JSONValue {
    guard let coordinate else { return .null }
    return .object([("lat", .number(coordinate.latitude)), ("lng", .number(coordinate.longitude))])
  }

  func json() -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .integer(appointment.id)),
      ("title", .string(appointment.title)),
      ("start", .string(format.iso8601(plan.start))),
      ("departure", .string(format.iso8601(plan.departure))),
    ]
    if let ready = plan.ready { members.append(("ready", .string(format.iso8601(ready)))) }
    members += [
      ("time_zone", .string(appointment.timeZone)),
      ("place", appointment.place.map(JSONValue.string) ?? .null),
      ("coord", Self.json(appointment.coordinate)),
      (
        "origin",
        appointment.origin.map {
          .object([
            ("name", $0.name.map(JSONValue.string) ?? .null),
            ("coord", Self.json($0.coordinate)),
          ])
        } ?? .null
      ),
      ("mode", .string(appointment.mode.rawValue)),
      ("travel_minutes", .minutes(seconds: appointment.travelSeconds)),
      ("travel_estimated", .bool(appointment.travelEstimated)),
      ("buffer_minutes", .minutes(seconds: appointment.bufferSeconds)),
      ("prep_minutes", .minutes(seconds: appointment.prepSeconds)),
      ("alerts", PlanView.json(plan.alerts, format: format)),
      ("status", .string(plan.status(at: now).name)),
      ("note", appointment.note.map(JSONValue.string) ?? .null),
      (
        "text",
        .object([
          ("appointment", .string(format.full(plan.start, seenAt: now))),
          ("departure", .string(format.full(plan.departure, seenAt: now))),
          ("remaining", .string(remainingText)),
        ])
      ),
    ]
    return .object(members)
  }
}
