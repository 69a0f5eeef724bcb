import FoundationEssentials

/// The words of an alert's notice, chosen at the instant it is shown.
///
/// A notice says where the departure stands when it appears, not what the alert was planned
/// to say: a 30-minute alert shown late, after a suspend, says how many minutes are really
/// left.
public enum AlertNotice {
  /// At most this many missed alerts are listed, one a line, in the summary's body.
  static let missedLines = 5

  /// The notice for `due`, shown at `now`.
  ///
  /// - Parameters:
  ///   - timeZone: the reader's zone; the appointment's own time is shown beside when its
  ///     zone keeps another clock (`오후 11:00 (뉴욕 오전 9:00)`).
  ///   - ownZone: the appointment's own zone, or nil when the database has it no longer (then
  ///     only the reader's time is shown).
  ///   - link: the navigation link `길찾기` opens; nil leaves the button out.
  ///   - snoozeSeconds: how long `5분 뒤` puts the alert off; the button is left out when
  ///     the alert would come back after the appointment starts.
  public static func notice(
    for due: AlertPlanner.Due, now: Date, timeZone: Zone, ownZone: Zone?, link: String?,
    snoozeSeconds: Int
  ) -> Notice {
    let appointment = due.appointment
    let plan = appointment.plan
    let headline: String
    var urgency = Notice.Urgency.normal
    var status = plan.status(at: now)
    // The leave alert of a kitchen timer falls due at the start itself; shown a moment
    // after, it still says to leave rather than that the appointment has begun.
    if case .started = status, due.alert.kind == .leave, now.timeIntervalSince(due.dueAt) < 60 {
      status = .leaveNow
    }
    switch status {
    case .upcoming(let remaining):
      // Alerts fall on whole minutes; a delivery a few milliseconds late still reads "10분".
      let minutes = KoreanDuration.text(seconds: Int((remaining / 60).rounded(.up)) * 60)
      headline = due.alert.kind == .prepare ? "준비하세요 · \(minutes) 뒤 출발" : "\(minutes) 뒤 출발"
    case .leaveNow:
      headline = "지금 출발하세요"
      urgency = .critical
    case .late(let by):
      headline = "지금 출발하세요 (\(KoreanDuration.text(seconds: Int(by))) 지남)"
      urgency = .critical
    case .started:
      headline = "약속이 시작되었습니다"
    }
    let times = ReaderTimes(reader: timeZone, own: ownZone ?? timeZone)
    var body = times.time(plan.start, seenAt: now)
    if let place = appointment.place { body += " \(place)" }
    // The departure as a time of day, so that a notice left on screen stays right when its
    // `10분 뒤` no longer is.
    if plan.departure < plan.start { body += " · \(times.reader.time(plan.departure)) 출발" }
    if let trip = appointment.travelPhrase(timeOfDay: times.reader.time) { body += " · " + trip }
    var summary = "\(headline) · \(appointment.title)"
    var actions: [Notice.Action] = []
    if link != nil { actions.append(.navigate) }
    if due.alert.isLate {
      // It repeats by itself until the person says they left; a snooze would only delay it.
      summary = "지금 바로 출발하세요 · \(appointment.title)"
      if let lateness = plan.lateness(leavingAt: now) { summary += " (\(lateness))" }
      body += "\n지금 출발하면 \(times.reader.time(plan.arrival(leavingAt: now))) 도착"
      urgency = .critical
      actions.append(.departed)
    } else if now.addingTimeInterval(TimeInterval(snoozeSeconds)) < plan.start {
      actions.append(.snooze)
    }
    return Notice(
      key: appointment.id, summary: summary, body: body, urgency: urgency, actions: actions,
      start: plan.start, departure: plan.departure, link: link)
  }

  /// `notice` once the person put its alert off until `until`: `오후 6:10에 다시 알림 · 저녁 약속`,
  /// quiet and without buttons, its body as it was.
  public static func snoozed(_ notice: Notice, title: String, until: Date, in zone: Zone)
    -> Notice
  {
    var snoozed = notice
    snoozed.summary = "\(KoreanDateFormat(timeZone: zone).time(until))에 다시 알림 · \(title)"
    snoozed.urgency = .low
    snoozed.actions = []
    return snoozed
  }

  /// The notice that gives the link `길찾기` could not open (no map app, no browser), for the
  /// person to open by hand: `길찾기를 열지 못했습니다 · 저녁 약속`, the link, and why.
  public static func unopenedLink(title: String, link: String, reason: String) -> Notice {
    Notice(
      key: 0, summary: "길찾기를 열지 못했습니다 · \(title)", body: "\(link)\n\(reason)",
      urgency: .normal, link: link)
  }

  /// The one notice that tells of every alert missed at once: `놓친 알림 3개 · 저녁 약속 외 2건`,
  /// with a line for each (`오후 6:25 저녁 약속 (30분 전)`), the first few of them.
  ///
  /// - Parameter timeZone: the zone each appointment is shown in.
  public static func missedSummary(
    _ missed: [AlertPlanner.Due], timeZone: (Appointment) -> Zone
  ) -> Notice {
    var titles: [String] = []
    var seen: Set<Int> = []
    for due in missed where seen.insert(due.appointment.id).inserted {
      titles.append(due.appointment.title)
    }
    var summary = "놓친 알림 \(missed.count)개"
    if let first = titles.first {
      summary += " · \(first)" + (titles.count > 1 ? " 외 \(titles.count - 1)건" : "")
    }
    var lines = missed.prefix(missedLines).map { due in
      let format = KoreanDateFormat(timeZone: timeZone(due.appointment))
      return "\(format.time(due.dueAt)) \(due.appointment.title) (\(due.alert.name))"
    }
    if missed.count > missedLines { lines.append("… 외 \(missed.count - missedLines)개") }
    return Notice(
      key: 0, summary: summary, body: lines.joined(separator: "\n"), urgency: .normal)
  }
}
