import ChulbalCore
import FoundationEssentials

/// A departure plan shown to a person (Korean text) or to a program (JSON).
struct PlanView {
  let plan: DeparturePlan
  /// The appointment's zone, for JSON's ISO 8601 instants.
  let format: KoreanDateFormat
  /// The reader's zone, with the appointment's own clock beside when it differs.
  let times: ReaderTimes
  let now: Date
  /// Where the trip time came from; nil when it was given (`--travel`).
  let route: Route?

  /// A trip time's source and the departure it was asked for.
  struct Route {
    var source: RouteSource
    var departure: Date
  }

  init(plan: DeparturePlan, timeZone: Zone, readerZone: Zone, now: Date, route: Route? = nil) {
    self.plan = plan
    format = KoreanDateFormat(timeZone: timeZone)
    times = ReaderTimes(reader: readerZone, own: timeZone)
    self.now = now
    self.route = route
  }

  func text() -> String {
    var lines = ["약속  \(times.full(plan.start, seenAt: now))"]
    if let ready = plan.ready {
      lines.append("준비  \(times.full(ready, seenAt: now))   준비 \(duration(plan.prepSeconds))")
    }
    lines.append("출발  \(times.full(plan.departure, seenAt: now))   \(tripLine)")
    let alerts = plan.alerts.map { "\(alertTime($0.at)) (\($0.label))" }
    lines.append("알림  " + (alerts.isEmpty ? "없음" : alerts.joined(separator: " · ")))
    lines.append("상태  " + statusText())
    return lines.joined(separator: "\n") + "\n"
  }

  func json() -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("appointment", .string(format.iso8601(plan.start))),
      ("departure", .string(format.iso8601(plan.departure))),
    ]
    if let ready = plan.ready { members.append(("ready", .string(format.iso8601(ready)))) }
    members += [
      ("travel_minutes", .minutes(seconds: plan.travelSeconds)),
      ("travel_estimated", .bool(plan.travelEstimated)),
      ("travel_source", .string(plan.travelSource.rawValue)),
      ("buffer_minutes", .minutes(seconds: plan.bufferSeconds)),
      ("prep_minutes", .minutes(seconds: plan.prepSeconds)),
      ("alerts", Self.json(plan.alerts, format: format)),
      ("status", .string(plan.status(at: now).name)),
      (
        "text",
        .object([
          ("appointment", .string(times.full(plan.start, seenAt: now))),
          ("departure", .string(times.full(plan.departure, seenAt: now))),
        ])
      ),
    ]
    return .object(members)
  }

  /// The `alerts` list of the JSON output: `{ "at", "lead_minutes", "kind" }` by time.
  static func json(_ alerts: [Alert], format: KoreanDateFormat) -> JSONValue {
    .array(
      alerts.map { alert in
        .object([
          ("at", .string(format.iso8601(alert.at))),
          ("lead_minutes", .minutes(seconds: alert.leadSeconds)),
          ("kind", .string(alert.kind.rawValue)),
        ])
      })
  }

  /// The plan's trip line, naming the route provider that gave the trip and the departure it
  /// was asked for: `이동 38분 (카카오 길찾기, 오후 5:40 출발 기준) + 여유 10분`.
  private var tripLine: String {
    guard let route, route.source != .estimate else { return plan.tripLine }
    return plan.tripLine(travelNote: route.source.basis(departing: alertTime(route.departure)))
  }

  private func duration(_ seconds: Int) -> String {
    KoreanDuration.text(seconds: seconds, precision: .seconds)
  }

  /// Just the time when the alert falls on the departure's day, else the full date.
  private func alertTime(_ instant: Date) -> String {
    let reader = times.reader
    return reader.isSameDay(instant, plan.departure)
      ? reader.time(instant) : reader.full(instant, seenAt: now)
  }

  private func statusText() -> String {
    switch plan.status(at: now) {
    case .upcoming(let remaining):
      return "출발까지 \(KoreanDuration.text(seconds: Int(remaining), precision: .seconds))"
    case .leaveNow:
      return "지금 출발하세요!"
    case .late(let late):
      let lateness = plan.lateness(leavingAt: now).map { " (\($0))" } ?? ""
      return "출발 \(KoreanDuration.text(seconds: Int(late))) 지남\(lateness) — 지금 출발하세요!"
    case .started:
      return "약속 시작됨"
    }
  }
}
