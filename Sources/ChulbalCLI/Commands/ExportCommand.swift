import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalSystem
import FoundationEssentials

/// `chulbal export [ID…] [--out FILE]`: appointments as an iCalendar file whose alarms ring
/// when it is time to leave.
enum ExportCommand: Command {
  static let name = "export"
  static let summary = "약속을 iCalendar(.ics)로 내보냅니다 (출발 알림 포함)"
  static let usage = ["chulbal export [번호…] [--out 파일]"]
  static let about = """
    약속을 RFC 5545 iCalendar로 씁니다: 쓰인 시간대마다 VTIMEZONE, 반복 규칙과 건너뛴·옮긴
    회차, 그리고 알림 설정의 시각마다 출발 시각에 맞춘 VALARM 하나. Google 캘린더, Apple
    캘린더, Thunderbird로 가져가면 떠날 때 휴대전화가 울립니다. 이동 시간은
    X-CHULBAL-TRAVEL로 적어 두어 chulbal import가 그대로 돌려받습니다. 번호가 없으면 모든
    약속을 내보냅니다. --out을 주면 임시 파일에 다 쓴 뒤 이름을 바꾸므로 쓰다 만 파일이 남지
    않습니다. 문자 장치나 FIFO(/dev/stdout, 파이프)에는 임시 파일 없이 바로 씁니다.
    """
  static let out = OptionSpec("--out", value: "파일", kind: .file, help: "표준 출력 대신 이 파일에 씁니다")
  static let options: [OptionSpec] = [out, .now, .database]
  static let operands: [WordKind] = [.appointment]
  static let repeatsLastOperand = true
  static let epilogue = """
    예:
      chulbal export --out ~/chulbal.ics
      chulbal export 3 5 > 약속.ics

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let path = options[out]
    if let path, path.isEmpty { throw ParseError.missingValue(option: out.name) }
    try options.checkNow()
    let now = try options.clock(environment, timeZone: nil).now()
    let store = try options.store(environment, access: .reading)
    var appointments: [Appointment] = []
    if options.positionals.isEmpty {
      appointments = try store?.all() ?? []
    } else {
      var seen = Set<Int>()
      for word in options.positionals {
        let found = try AppointmentSelector.find(word, in: store)
        if seen.insert(found.id).inserted { appointments.append(found) }
      }
    }
    let uids = try store?.importedUIDs() ?? [:]
    let text = try ICalendarWriter.text(
      appointments.map { event($0, uid: uids[$0.id], zones: environment.zones) }, stamp: now,
      zones: environment.zones)
    guard let path else { return .success(text) }
    do throws(WholeFile.Failure) {
      try WholeFile.write(Array(text.utf8), to: path)
    } catch {
      throw RuntimeFailure.unwritableExport(path: path, reason: error.reason(path: path))
    }
    let count = appointments.count
    return .success("약속 \(count)개를 '\(TextCleaning.visible(path))'에 내보냈습니다\n")
  }

  /// An appointment as the file holds it: a series from its first start, with its trip in
  /// `X-CHULBAL-*` properties and an alarm at each of its alerts, worked out by the one
  /// departure rule (``DeparturePlan``) as chulbal's own alerts are.
  ///
  /// - Parameter uid: the `UID` of the calendar event it was imported from, kept so that the
  ///   calendar program finds its event again; nil for chulbal's own.
  static func event(_ appointment: Appointment, uid: String? = nil, zones: ZoneDatabase)
    -> ICalendarWriter.Event
  {
    let zone = zones.zone(named: appointment.timeZone) ?? .gmt
    let repetition = appointment.repetition
    let start = repetition?.firstStart ?? WallTime(appointment.start, in: zone)
    // Every occurrence starts at the same second of its minute, so the alarms' distance from
    // the start is the same for each.
    let plan = appointment.plan
    let alarms = plan.alerts.map { alert in
      let message =
        switch alert.kind {
        // A plan's alerts are never late notices, which the watch adds after the departure.
        case .leave, .late: "출발: \(appointment.title)"
        case .remind:
          "\(KoreanDuration.text(seconds: alert.leadSeconds)) 뒤 출발: \(appointment.title)"
        case .prepare:
          "준비 시작 (\(KoreanDuration.text(seconds: plan.prepSeconds)) 뒤 출발): \(appointment.title)"
        }
      return ICalendarWriter.Alarm(
        secondsBeforeStart: Int(plan.start.timeIntervalSince(alert.at)), message: message)
    }
    return ICalendarWriter.Event(
      uid: uid ?? ICalendarWriter.uid(for: String(appointment.id)), title: appointment.title,
      start: start, timeZone: appointment.timeZone, location: appointment.place,
      coordinate: appointment.coordinate, note: appointment.note, rule: repetition?.rule,
      exceptions: repetition?.exceptions.sorted() ?? [],
      overrides: (repetition?.overrides ?? [:]).sorted { $0.key < $1.key }.map {
        ICalendarWriter.Override(originalStart: $0.key, start: WallTime($0.value, in: zone))
      }, alarms: alarms, travelSeconds: appointment.travelSeconds,
      trip: .init(
        mode: appointment.mode, bufferSeconds: appointment.bufferSeconds,
        prepSeconds: appointment.prepSeconds, alertLeads: appointment.alertLeads,
        origin: appointment.origin))
  }
}
