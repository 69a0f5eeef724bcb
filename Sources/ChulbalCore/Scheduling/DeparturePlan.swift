import FoundationEssentials

/// When to get ready, when to leave and when to be reminded, for one appointment.
///
/// All arithmetic is on absolute instants; zones enter only when the plan is shown.
public struct DeparturePlan: Equatable, Sendable {
  /// When the appointment starts.
  public let start: Date
  /// Seconds of travel, and where they came from.
  public let travelSeconds: Int
  public let travelSource: TravelSource
  /// Whether the travel time is the offline estimate.
  public var travelEstimated: Bool { travelSource == .estimate }
  /// Seconds of slack added to the travel time.
  public let bufferSeconds: Int
  /// Seconds needed to get ready before leaving.
  public let prepSeconds: Int
  /// When to leave: `start − travel − buffer`, floored to the whole minute.
  public let departure: Date
  /// When to start getting ready (`departure − prep`), or nil without prep time.
  public let ready: Date?
  /// Seconds before departure to remind, as given.
  public let alertLeads: [Int]

  /// The reminders, sorted by time, never two at one instant; worked out when asked, as most
  /// views of a plan (a row of `list` or `agenda`) show only its departure.
  public var alerts: [Alert] {
    Self.alerts(departure: departure, prepSeconds: prepSeconds, leads: alertLeads)
  }

  /// Plans a departure.
  ///
  /// - Parameters:
  ///   - start: when the appointment starts.
  ///   - travelSeconds: the trip's length.
  ///   - bufferSeconds: slack for the unexpected.
  ///   - prepSeconds: time to get ready before leaving; adds a `prepare` alert at `ready`.
  ///   - alertLeads: seconds before departure to remind; 0 is the `leave` alert itself.
  public init(
    start: Date, travelSeconds: Int, travelSource: TravelSource = .given, bufferSeconds: Int,
    prepSeconds: Int = 0, alertLeads: [Int]
  ) {
    self.start = start
    self.travelSeconds = travelSeconds
    self.travelSource = travelSource
    self.bufferSeconds = bufferSeconds
    self.prepSeconds = prepSeconds
    let departure = Self.departure(
      start: start, travelSeconds: travelSeconds, bufferSeconds: bufferSeconds)
    self.departure = departure
    let ready = prepSeconds > 0 ? departure.addingTimeInterval(-TimeInterval(prepSeconds)) : nil
    self.ready = ready
    self.alertLeads = alertLeads
  }

  /// `start − travel − buffer`, floored to the whole minute; the start itself when there is
  /// neither travel nor buffer (a kitchen timer counts to the second).
  public static func departure(start: Date, travelSeconds: Int, bufferSeconds: Int) -> Date {
    let lead = travelSeconds + bufferSeconds
    guard lead > 0 else { return start }
    return wholeMinute(start.addingTimeInterval(-TimeInterval(lead)))
  }

  /// The whole minute a clock shows at `instant`.
  static func wholeMinute(_ instant: Date) -> Date {
    Date(timeIntervalSince1970: (instant.timeIntervalSince1970 / 60).rounded(.down) * 60)
  }

  /// One alert per distinct lead before departure, plus the `prepare` alert at `ready`.
  ///
  /// A lead that lands on the same instant as `ready` becomes that `prepare` alert, so a
  /// person is never told two things at once.
  public static func alerts(departure: Date, prepSeconds: Int, leads: [Int]) -> [Alert] {
    // Leads are few (three by default): a small array kept in order is cheaper, for every row
    // of `list`, than hashing them into a dictionary and sorting that.
    var alerts: [Alert] = []
    alerts.reserveCapacity(leads.count + 1)
    func add(_ lead: Int, _ kind: Alert.Kind) {
      // The longest lead comes first: it is the earliest alert.
      var index = 0
      while index < alerts.count && alerts[index].leadSeconds > lead { index += 1 }
      guard index == alerts.count || alerts[index].leadSeconds != lead else { return }
      let alert = Alert(
        at: departure.addingTimeInterval(-TimeInterval(lead)), leadSeconds: lead, kind: kind)
      // Leads are kept longest first, so most go at the end.
      if index == alerts.count {
        alerts.append(alert)
      } else {
        alerts.insert(alert, at: index)
      }
    }
    for lead in leads where lead >= 0 && !(prepSeconds > 0 && lead == prepSeconds) {
      add(lead, lead == 0 ? .leave : .remind)
    }
    if prepSeconds > 0 { add(prepSeconds, .prepare) }
    return alerts
  }

  /// When the trip ends for a person who leaves at `now`, in the whole minute a clock shows
  /// then, as the arrival is said.
  public func arrival(leavingAt now: Date) -> Date {
    Self.wholeMinute(now.addingTimeInterval(TimeInterval(travelSeconds)))
  }

  /// `12분 늦음`: how far past the start the trip ends (``arrival(leavingAt:)``) for a person
  /// who leaves at `now`, from the start's whole minute as it is shown; nil when it ends in
  /// time (the buffer can absorb a late start).
  public func lateness(leavingAt now: Date) -> String? {
    let late = Int(arrival(leavingAt: now).timeIntervalSince(Self.wholeMinute(start)))
    guard late > 0 else { return nil }
    return KoreanDuration.text(seconds: late) + " 늦음"
  }

  /// Where the plan stands at `now`: the one answer every display and alert uses.
  ///
  /// The departure instant itself is always `leaveNow`, even when there is neither travel nor
  /// buffer and it is also the start (a kitchen timer at zero says "leave", as its alert
  /// does); after the start the appointment has `started`.
  public func status(at now: Date) -> DepartureStatus {
    if now < departure {
      return .upcoming(remaining: departure.timeIntervalSince(now))
    }
    if now >= start && now > departure { return .started(since: now.timeIntervalSince(start)) }
    let late = now.timeIntervalSince(departure)
    return late < 60 ? .leaveNow : .late(by: late)
  }
}

/// Where a departure stands at an instant.
public enum DepartureStatus: Equatable, Sendable {
  /// Departure is still ahead by `remaining` seconds.
  case upcoming(remaining: TimeInterval)
  /// Within the minute of departure.
  case leaveNow
  /// Past departure by `by` seconds, before the appointment starts.
  case late(by: TimeInterval)
  /// The appointment has started.
  case started(since: TimeInterval)

  /// The name used in `--json` output.
  public var name: String {
    switch self {
    case .upcoming: "upcoming"
    case .leaveNow: "leave_now"
    case .late: "late"
    case .started: "started"
    }
  }
}
