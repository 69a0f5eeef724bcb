import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import FoundationEssentials

/// A stored appointment shown to a person or a program, as it stands at `now`.
struct AppointmentView {
  let appointment: Appointment
  let plan: DeparturePlan
  /// The appointment's own zone, for JSON's ISO 8601 instants.
  let format: KoreanDateFormat
  /// The reader's zone, with the appointment's own time beside it when its clock differs.
  let times: ReaderTimes
  let now: Date
  /// For an appointment brought in from a calendar, the fields the person set over it, which
  /// ``detail`` marks.
  var local: LocalFields = []

  /// - Parameter readerZone: the zone to show times in; the system zone when nil, or the
  ///   appointment's own when the system's cannot be read.
  init(_ appointment: Appointment, now: Date, environment: Environment, readerZone: Zone? = nil) {
    var zones = Zones(environment: environment, readerZone: readerZone)
    self.init(appointment, now: now, zones: &zones)
  }

  /// A view whose formatters come from `zones`, made once per zone for a long list.
  init(_ appointment: Appointment, now: Date, zones: inout Zones) {
    self.appointment = appointment
    plan = appointment.plan
    (format, times) = zones.formats(for: appointment.timeZone)
    self.now = now
  }

  /// The formatters of each appointment zone seen, for a reader in one zone: looking a zone
  /// up and making its formatters costs more than showing a row.
  struct Zones {
    let environment: Environment
    let readerZone: Zone?
    private var made: [String: (KoreanDateFormat, ReaderTimes)] = [:]
    /// The zone asked for last, which the next row most likely shares: comparing it costs
    /// less than hashing it.
    private var last: (identifier: String, formats: (KoreanDateFormat, ReaderTimes))?

    /// - Parameter readerZone: the zone to show times in; the system zone when nil, or the
    ///   appointment's own when the system's cannot be read.
    init(environment: Environment, readerZone: Zone?) {
      self.environment = environment
      self.readerZone = readerZone
    }

    mutating func formats(for identifier: String) -> (KoreanDateFormat, ReaderTimes) {
      if let last, last.identifier == identifier { return last.formats }
      let formats = made[identifier] ?? make(identifier)
      last = (identifier, formats)
      return formats
    }

    private mutating func make(_ identifier: String) -> (KoreanDateFormat, ReaderTimes) {
      let own = environment.timeZone(stored: identifier)
      let reader = readerZone ?? environment.readerZone(else: own)
      let formats = (KoreanDateFormat(timeZone: own), ReaderTimes(reader: reader, own: own))
      made[identifier] = formats
      return formats
    }
  }

  /// `12월 1일 (화) 오후 11:00 (뉴욕 오전 9:00)`: the appointment's time as the reader reads it.
  var startText: String { times.full(plan.start, seenAt: now) }

  /// `매주 화요일 (12월 31일까지)`: how a series repeats, its end in its own zone; nil for a
  /// one-off.
  var repeatText: String? {
    guard let rule = appointment.repetitionRule else { return nil }
    return rule.koreanText(timeZone: format.timeZone, currentYear: times.reader.year(of: now))
  }

  /// The columns of the longest start `list` shows without a series' rule, `12월 31일 (목) 오전
  /// 11:00`: a start cell is never cut shorter, so that a cut takes only the rule.
  static let startColumns = 25

  /// `start`, then ` · 매주 화요일` for a series: the start cell of `list`.
  private func appendStart(to bytes: inout [UInt8]) {
    times.appendFull(plan.start, seenAt: now, to: &bytes)
    if let repeatText {
      bytes.append(" · ")
      bytes += repeatText.utf8
    }
  }

  /// `#3 저녁 약속` with control characters made visible.
  var label: String { "#\(appointment.id) \(TextCleaning.visible(appointment.title))" }

  /// `오후 6:12`, or the full date when departure falls on another day than the appointment,
  /// in the reader's zone.
  var departureText: String {
    var bytes: [UInt8] = []
    appendDeparture(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// ``departureText`` as UTF-8.
  func appendDeparture(to bytes: inout [UInt8]) {
    let reader = times.reader
    if reader.isSameDay(plan.departure, plan.start) {
      reader.append(plan.departure, .time, to: &bytes)
    } else {
      reader.appendFull(plan.departure, seenAt: now, to: &bytes)
    }
  }

  /// `2시간 15분 남음`, `지금 출발`, `출발 5분 지남`, `출발 15분 지남 · 12분 늦음`, `약속 시작됨`.
  var remainingText: String {
    var bytes: [UInt8] = []
    appendRemaining(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// ``remainingText`` as UTF-8.
  func appendRemaining(to bytes: inout [UInt8]) {
    switch plan.status(at: now) {
    case .upcoming(let remaining):
      KoreanDuration.append(seconds: Int(remaining), precision: .seconds, to: &bytes)
      bytes.append(" 남음")
    case .leaveNow: bytes.append("지금 출발")
    case .late(let late):
      bytes.append("출발 ")
      KoreanDuration.append(seconds: Int(late), to: &bytes)
      bytes.append(" 지남")
      if let lateness = plan.lateness(leavingAt: now) {
        bytes.append(contentsOf: " · \(lateness)".utf8)
      }
    case .started: bytes.append("약속 시작됨")
    }
  }

  /// `출발 시각이 15분 지났습니다: 지금 바로 출발하면 오후 7:12 도착 (12분 늦음)`, while the
  /// departure has passed and the appointment has not started; else nil.
  var lateLine: String? {
    guard case .late(let late) = plan.status(at: now) else { return nil }
    let arrival = times.reader.time(plan.arrival(leavingAt: now))
    return "출발 시각이 \(KoreanDuration.text(seconds: Int(late))) 지났습니다: 지금 바로 출발하면 "
      + "\(arrival) 도착 (\(plan.lateness(leavingAt: now) ?? "늦지 않음"))"
  }

  /// `list`'s row: number, title, start (``startText``), departure (``departureText``) and
  /// ``remainingText``, written into the table as bytes, without a string for each cell.
  func appendListRow(to table: inout TerminalTable) {
    // Closures rather than the methods themselves: a method as a value copies the view,
    // retaining every reference it holds, for each cell.
    table.appendCell { bytes in
      bytes.append(UInt8(ascii: "#"))
      bytes.appendDecimal(appointment.id)
    }
    if let chained = chainMark {
      table.append(appointment.title + chained)
    } else {
      table.append(appointment.title)
    }
    table.appendCell { appendStart(to: &$0) }
    table.appendCell { appendDeparture(to: &$0) }
    table.appendCell { appendRemaining(to: &$0) }
    table.endRow()
  }

  /// ` ← 회사` after the title of a trip that starts at the previous appointment's place;
  /// nil for any other.
  var chainMark: String? {
    guard let origin = appointment.origin, origin.reason == .previous else { return nil }
    return " ← " + (origin.name.map(TextCleaning.visible) ?? Self.text(origin.coordinate))
  }

  /// `오후 3:00`, or the full date when it ends on another day than it starts.
  var endText: String {
    let end = appointment.end
    if times.reader.isSameDay(end, plan.start) { return times.reader.time(end) }
    return times.full(end, seenAt: now)
  }

  /// `#3 저녁 약속 — 12월 1일 (화) 오후 7:00 · 오후 6:12 출발 · 이동 38분 (추정) + 여유 10분`
  var summaryLine: String {
    let repeats = repeatText.map { " · \($0)" } ?? ""
    return
      "\(label) — \(startText)\(repeats) · \(departureText) 출발 · \(appointment.tripLine(timeOfDay: times.reader.time))"
  }

  /// `#3 저녁 약속 — 오후 6:12 출발 (2시간 15분 남음) · 12월 1일 (화) 오후 7:00 · 강남역 2번 출구`
  var nextLine: String {
    var line =
      "\(label) — \(departureText) 출발 (\(remainingText)) · \(startText)"
    if let place = appointment.place { line += " · \(TextCleaning.visible(place))" }
    return line
  }

  /// Every field, one per line.
  var detail: String {
    var rows: [[String]] = [["약속", "\(label)"], ["시각", startText]]
    if let repeatText { rows.append(["반복", repeatText]) }
    rows.append(["끝", endText])
    if let place = appointment.place { rows.append(["장소", place]) }
    if let coordinate = appointment.coordinate {
      rows.append(["좌표", Self.text(coordinate) + mark(.coordinate)])
    }
    if let origin = appointment.origin {
      switch origin.reason {
      case .previous, .same:
        rows.append([
          "출발지", (origin.name ?? Self.text(origin.coordinate)) + " (\(origin.reasonText))",
        ])
      default:
        let name = origin.name.map { "\($0) (\(Self.text(origin.coordinate)))" }
        let why = local.contains(.origin) ? mark(.origin) : " · " + origin.reasonText
        rows.append(["출발지", (name ?? Self.text(origin.coordinate)) + why])
      }
    }
    // The mode only with a travel time to go with it; the row's name already says 이동.
    var trip: [String] = []
    if plan.travelSeconds > 0 {
      trip.append(
        "\(appointment.tripMode.koreanName)\(mark(.mode)) · "
          + appointment.travelText(timeOfDay: times.reader.time) + mark(.travel))
    }
    if plan.bufferSeconds > 0 {
      trip.append(
        "여유 \(KoreanDuration.text(seconds: plan.bufferSeconds, precision: .seconds))"
          + mark(.buffer))
    }
    if appointment.origin?.reason == .same, plan.travelSeconds == 0 {
      trip.insert("없음 (같은 장소)", at: 0)
    }
    rows.append(["이동", trip.isEmpty ? "없음" : trip.joined(separator: " + ")])
    if plan.travelEstimated, plan.travelSeconds > 0 {
      // How rough: the model meets published trip times within ±40 %, but it knows the
      // straight line only, not transfers or the day's traffic.
      rows.append(["", "직선거리와 평균 속도로 어림한 값이라 실제와 40%쯤 다를 수 있습니다 (환승·정체 미반영)."])
      rows.append(["", "실제 시간을 알면: chulbal edit \(appointment.id) --travel 50m"])
    }
    if let ready = plan.ready {
      let prep = KoreanDuration.text(seconds: appointment.prepSeconds, precision: .seconds)
      rows.append([
        "준비",
        "\(times.full(ready, seenAt: now)) (준비 \(prep)\(local.contains(.prep) ? ", 직접 정함" : ""))",
      ])
    }
    rows.append(["출발", "\(times.full(plan.departure, seenAt: now)) · \(remainingText)"])
    let alerts = plan.alerts.map { "\(times.reader.time($0.at)) (\($0.label))" }
    rows.append(["알림", (alerts.isEmpty ? "없음" : alerts.joined(separator: " · ")) + mark(.alerts)])
    let zone = appointment.timeZone
    let named = ZoneName.of(zone)
    rows.append(["시간대", named == zone ? zone : "\(named) (\(zone))"])
    if let note = appointment.note {
      // A note of several lines shows them as lines, under one another beside the label.
      let lines = note.split(omittingEmptySubsequences: false) { $0.isNewline }
      for (index, line) in lines.enumerated() {
        rows.append([index == 0 ? "메모" : "", String(line)])
      }
    }
    return TerminalText.table(rows.map { [$0[0], $0[1]] })
  }

  /// ` (직접 정함)` after a field the person set over its calendar, else nothing.
  private func mark(_ field: LocalFields) -> String {
    local.contains(field) ? " (직접 정함)" : ""
  }

  static func text(_ coordinate: Coordinate) -> String {
    "\(coordinate.latitude),\(coordinate.longitude)"
  }

  static func json(_ coordinate: Coordinate?) -> JSONValue {
    guard let coordinate else { return .null }
    return .object([("lat", .number(coordinate.latitude)), ("lng", .number(coordinate.longitude))])
  }

  /// The appointment as `show`, `next`, `add` and `edit` print it with `--json`; `localFields`,
  /// for one read from a calendar, names the fields the person set over it.
  func renderedJSON(localFields: [String]? = nil) -> String {
    var writer = JSONWriter(pretty: true)
    writeJSON(to: &writer, depth: 0, localFields: localFields)
    writer.append("\n")
    return writer.take()
  }

  /// The appointment's JSON object, written member by member into `writer` at `depth`: the one
  /// writer of an appointment's JSON, streamed so that `list --json` of 100,000 appointments
  /// keeps its memory budget (docs/performance.md).
  func writeJSON(
    to writer: inout JSONWriter, depth: Int, occurrence: Bool? = nil, localFields: [String]? = nil
  ) {
    let inner = depth + 1
    writer.openObject()
    writer.member("id", integer: appointment.id, depth: depth)
    writer.member("title", string: appointment.title, depth: depth)
    writer.member("start", iso8601: plan.start, in: format, depth: depth)
    writer.member("end", iso8601: appointment.end, in: format, depth: depth)
    writer.member("departure", iso8601: plan.departure, in: format, depth: depth)
    if let occurrence { writer.member("occurrence", bool: occurrence, depth: depth) }
    if let ready = plan.ready { writer.member("ready", iso8601: ready, in: format, depth: depth) }
    // A zone name the reader checked, of the characters ``Zone`` admits.
    writer.member("time_zone", plain: appointment.timeZone, depth: depth)
    writer.member("place", string: appointment.place, depth: depth)
    writer.key("coord", depth: depth)
    Self.write(appointment.coordinate, to: &writer, depth: inner)
    if let origin = appointment.origin {
      writer.key("origin", depth: depth)
      writer.openObject()
      writer.member("name", string: origin.name, depth: inner)
      writer.key("coord", depth: inner)
      Self.write(origin.coordinate, to: &writer, depth: inner + 1)
      writer.member("reason", plain: origin.reason.rawValue, depth: inner)
      writer.member("after", string: origin.after, depth: inner)
      writer.closeObject(depth: inner)
    } else {
      writer.memberNull("origin", depth: depth)
    }
    writer.member("mode", plain: appointment.mode.rawValue, depth: depth)
    writer.member("travel_minutes", minutes: appointment.travelSeconds, depth: depth)
    writer.member("travel_estimated", bool: appointment.travelEstimated, depth: depth)
    writer.member("travel_source", plain: appointment.travelSource.rawValue, depth: depth)
    writer.member("buffer_minutes", minutes: appointment.bufferSeconds, depth: depth)
    writer.member("prep_minutes", minutes: appointment.prepSeconds, depth: depth)
    writer.key("alerts", depth: depth)
    writer.openArray()
    for alert in plan.alerts {
      writer.item(depth: inner)
      writer.openObject()
      writer.member("at", iso8601: alert.at, in: format, depth: inner + 1)
      writer.member("lead_minutes", minutes: alert.leadSeconds, depth: inner + 1)
      writer.member("kind", plain: alert.kind.rawValue, depth: inner + 1)
      writer.closeObject(depth: inner + 1)
    }
    writer.closeArray(depth: inner)
    writer.member("status", plain: plan.status(at: now).name, depth: depth)
    writer.member("note", string: appointment.note, depth: depth)
    if let repetition = repeatJSON {
      writer.key("repeat", depth: depth)
      writer.write(repetition, depth: inner)
      // The occurrence shown, while it is still to come; null once the series has ended.
      writer.key("next_start", depth: depth)
      writer.write(plan.start > now ? .string(format.iso8601(plan.start)) : .null, depth: inner)
    }
    writer.key("text", depth: depth)
    writer.openObject()
    writer.key("appointment", depth: inner)
    writer.openString()
    times.appendFull(plan.start, seenAt: now, to: &writer.bytes)
    writer.closeMadeString()
    writer.key("departure", depth: inner)
    writer.openString()
    times.appendFull(plan.departure, seenAt: now, to: &writer.bytes)
    writer.closeMadeString()
    writer.key("remaining", depth: inner)
    writer.openString()
    appendRemaining(to: &writer.bytes)
    writer.closeMadeString()
    writer.closeObject(depth: inner)
    if let localFields {
      writer.key("local_fields", depth: depth)
      writer.write(.array(localFields.map(JSONValue.string)), depth: inner)
    }
    writer.closeObject(depth: depth)
  }

  /// A series' `repeat` member: its rule as RFC 5545 text and in Korean, and its end (`until`
  /// as an instant in its zone, or `count`) when it has one; nil for a one-off.
  private var repeatJSON: JSONValue? {
    guard let rule = appointment.repetitionRule, let text = repeatText else { return nil }
    var members: [(String, JSONValue)] = [("rule", .string(rule.text)), ("text", .string(text))]
    switch rule.until {
    case .instant(let last)?: members.append(("until", .string(format.iso8601(last))))
    case .date(let day)?:
      let month = day.month < 10 ? "0\(day.month)" : "\(day.month)"
      let date = day.day < 10 ? "0\(day.day)" : "\(day.day)"
      members.append(("until", .string("\(day.year)-\(month)-\(date)")))
    case nil: break
    }
    if let count = rule.count { members.append(("count", .integer(count))) }
    return .object(members)
  }

  /// `{"lat": …, "lng": …}` at `depth`, or null.
  private static func write(_ coordinate: Coordinate?, to writer: inout JSONWriter, depth: Int) {
    guard let coordinate else { return writer.writeNull() }
    writer.openObject()
    writer.key("lat", depth: depth)
    writer.write(number: coordinate.latitude)
    writer.key("lng", depth: depth)
    writer.write(number: coordinate.longitude)
    writer.closeObject(depth: depth)
  }
}
