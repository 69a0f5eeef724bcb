import ChulbalCalendar
import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// One departure as the departures calendar holds it: `출발: 저녁 약속` from the departure to the
/// appointment's start, with an alarm per alert, so a subscribed phone rings with the laptop
/// closed.
///
/// Times are in UTC (RFC 5545 §3.3.5 form 2), shown on the phone's clock with no VTIMEZONE.
public struct DepartureEvent: Equatable, Sendable {
  /// `departure-12@chulbal` for a one-off appointment, `departure-12-1796205600@chulbal` for
  /// an occurrence of a series (see ``uid(appointmentID:occurrence:)``).
  public let uid: String
  /// When to leave: the event's start.
  public let departure: Date
  /// The whole calendar object put on the server: one VEVENT, CRLF line ends, folded.
  public let text: String
  /// FNV-1a (64 bits) of ``text`` without its `DTSTAMP` line, which changes with every push:
  /// equal digests mean the server already has this event (see ``digest(of:)``).
  public let digest: Int

  /// The event for one occurrence of an appointment, with the alarms of its plan.
  ///
  /// - Parameters:
  ///   - occurrence: the appointment, or one occurrence of a series.
  ///   - originalStart: for a series, the start its rule gives the occurrence (a moved one keeps it
  ///     as its name, like `RECURRENCE-ID`); nil for a one-off.
  ///   - description: the `DESCRIPTION` (``description(for:link:zones:)``).
  ///   - stamp: `DTSTAMP`, the instant the event is made.
  ///   - zones: where zones are read.
  /// - Throws: `CalendarError` only when libical cannot be loaded.
  public init(
    occurrence: Appointment, originalStart: Date?, description: String, stamp: Date,
    zones: ZoneDatabase
  ) throws(CalendarError) {
    let plan = occurrence.plan
    let title = occurrence.title
    uid = Self.uid(appointmentID: occurrence.id, occurrence: originalStart)
    departure = plan.departure
    let alarms = plan.alerts.map { alert in
      ICalendarWriter.Alarm(
        secondsBeforeStart: alert.leadSeconds, message: Self.alarmMessage(alert, title: title))
    }
    let event = ICalendarWriter.Event(
      uid: uid, title: "출발: " + title, start: WallTime(plan.departure, in: .gmt),
      timeZone: "UTC",
      // RFC 5545 §3.8.2.2: DTEND must be later than DTSTART; a departure at the start itself
      // (neither travel nor buffer) is an event of no length, which DTSTART alone makes.
      end: plan.start > plan.departure ? WallTime(plan.start, in: .gmt) : nil,
      location: occurrence.place,
      coordinate: occurrence.coordinate.flatMap {
        $0.latitude == 0 && $0.longitude == 0 ? nil : $0
      },
      note: description, alarms: alarms)
    text = try ICalendarWriter.text([event], stamp: stamp, zones: zones)
    digest = Self.digest(of: text)
  }

  /// The UID of an appointment's departure, the same at every push so a change replaces the phone's
  /// event: the id for a one-off, the id and rule start for an occurrence.
  public static func uid(appointmentID: Int, occurrence: Date?) -> String {
    guard let occurrence else { return "departure-\(appointmentID)@chulbal" }
    return
      "departure-\(appointmentID)-\(Int(occurrence.timeIntervalSince1970.rounded(.down)))@chulbal"
  }

  /// The resource's name in the calendar: the UID without `@chulbal`, then `.ics`; only
  /// letters, digits and `-`, so it needs no percent-encoding.
  public var fileName: String {
    String(uid.prefix { $0 != "@" }) + ".ics"
  }

  /// `약속 오후 7:00 · 이동 35분 + 여유 10분`, then the navigation link when there is one, the time on the
  /// appointment's own zone.
  public static func description(
    for occurrence: Appointment, link: String?, zones: ZoneDatabase
  ) -> String {
    let plan = occurrence.plan
    let zone = zones.zone(named: occurrence.timeZone) ?? .gmt
    let format = KoreanDateFormat(timeZone: zone)
    let line = "약속 \(format.time(plan.start)) · \(occurrence.tripLine(timeOfDay: format.time))"
    guard let link, !link.isEmpty else { return line }
    return line + "\n" + link
  }

  /// What an alarm shows: `출발: 저녁 약속`, `10분 뒤 출발: 저녁 약속`, `준비 시작: 저녁 약속`.
  static func alarmMessage(_ alert: Alert, title: String) -> String {
    switch alert.kind {
    // A plan's alerts are never late notices, which the watch adds after the departure.
    case .leave, .late: "출발: \(title)"
    case .remind: "\(KoreanDuration.text(seconds: alert.leadSeconds)) 뒤 출발: \(title)"
    case .prepare: "준비 시작: \(title)"
    }
  }

  /// FNV-1a (64 bits) of the calendar text's lines but `DTSTAMP`: the same in every process,
  /// unlike `Hasher`, and the same for the same event pushed at another instant.
  public static func digest(of text: String) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for line in text.split(separator: "\r\n", omittingEmptySubsequences: false)
    where !line.hasPrefix("DTSTAMP:") {
      for byte in line.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
      for byte in "\r\n".utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    return Int(Int64(bitPattern: hash))
  }
}
