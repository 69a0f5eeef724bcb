import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// Calendar events as chulbal's appointments: what `import` keeps, what it skips, and why.
///
/// Each event becomes one appointment named by its `UID`; a series keeps its `EXDATE`s as
/// exceptions and instances moved without details of their own as overrides, as `remove --on` and
/// `edit --on` do. An `RDATE` start, and a moved instance whose series is missing, become
/// appointments of their own.
public struct CalendarImport: Sendable {
  /// Why an event was left out.
  public enum Skip: String, CaseIterable, Sendable {
    case allDay = "all_day"
    case cancelled
    case declined
    case unsupportedRule = "unsupported_rule"
    /// A series whose rule gives no occurrence at all (an `UNTIL` before its first start):
    /// nothing to leave for, as other readers read it.
    case neverOccurs = "never_occurs"
    /// A departure event chulbal put in a departures calendar (``CalendarEvent/isDeparture``):
    /// read back as an appointment, it would be a trip to leave for a trip.
    case departure
    /// An event chulbal could not read (``CalendarContents/Unreadable``).
    case unreadable

    /// The word the report uses: `종일 일정`.
    public var label: String {
      switch self {
      case .allDay: "종일 일정"
      case .cancelled: "취소됨"
      case .declined: "거절함"
      case .unsupportedRule: "지원하지 않는 반복"
      case .neverOccurs: "한 번도 오지 않는 반복"
      case .departure: "chulbal의 출발 일정"
      case .unreadable: "읽을 수 없는 일정"
      }
    }
  }

  /// One appointment to keep and the instance of its event it stands for (empty for the
  /// event itself).
  public struct Item: Equatable, Sendable {
    public var uid: String
    public var instance: String
    public var appointment: Appointment
  }

  public private(set) var items: [Item] = []
  /// Events left out, by why.
  public private(set) var skipped: [Skip: Int] = [:]
  /// Appointments with no coordinate (from `GEO`, Apple's structured location, or a saved
  /// place of the same name as `LOCATION`).
  public private(set) var withoutCoordinate = 0
  /// Appointments given the `travel` setting because their trip could not be estimated.
  public private(set) var withDefaultTravel = 0
  /// Events whose start had no zone and was read in the system zone.
  public private(set) var floating = 0
  /// Events left out because a later event of the calendar has the same `UID` (and
  /// `RECURRENCE-ID`).
  public private(set) var duplicates = 0
  /// Events whose `TZID` named no zone, read in the calendar's `X-WR-TIMEZONE` or the system
  /// zone.
  public private(set) var unresolvedZones = 0
  /// Events kept with more than one `RRULE`, of which the first was followed.
  public private(set) var extraRules = 0
  /// The events left out because they could not be read, each with where and why, in the
  /// order of their calendars.
  public private(set) var unreadable: [CalendarContents.Unreadable] = []
  /// Where the events' zones are read.
  private let zones: ZoneDatabase

  /// What the person's settings and saved places make of a calendar's contents. An event whose
  /// start no clock shows, or whose zone libical cannot load, is left out as unreadable with its
  /// moved instances.
  ///
  /// - Parameters:
  ///   - places: saved places by name, for an event with that `LOCATION` and no `GEO`.
  ///   - floatingTimeZone: the IANA zone a time without a zone is read in (the system's).
  ///   - zones: where zones are read.
  public init(
    contents: CalendarContents, settings: Settings, defaultOrigin: Origin?,
    places: [String: Coordinate], floatingTimeZone: String, zones: ZoneDatabase
  ) {
    self.zones = zones
    unreadable = contents.unreadable
    // An event given twice under one UID (and RECURRENCE-ID) is one event: the highest SEQUENCE,
    // the last of equals, is kept, and the others counted.
    var last: [String: Int] = [:]
    for (index, event) in contents.events.enumerated() {
      let key = event.uid + "\u{0}" + (event.recurrenceID?.description ?? "")
      if let kept = last[key], contents.events[kept].sequence > event.sequence { continue }
      last[key] = index
    }
    let events = contents.events.enumerated().filter { index, event in
      last[event.uid + "\u{0}" + (event.recurrenceID?.description ?? "")] == index
    }.map(\.element)
    duplicates = contents.events.count - events.count
    let moved = Dictionary(grouping: events.filter { $0.recurrenceID != nil }, by: \.uid)
    var kept = Set<String>()
    var skippedSeries = Set<String>()
    for event in events where event.recurrenceID == nil {
      if let skip = Self.skip(event, email: settings.email) {
        skipped[skip, default: 0] += 1
        skippedSeries.insert(event.uid)
        continue
      }
      // Put back if the event is left out after all.
      let before = checkpoint
      do throws(CalendarError) {
        if let skip = try keep(
          event, moved: moved[event.uid] ?? [], settings: settings, defaultOrigin: defaultOrigin,
          places: places, floatingTimeZone: floatingTimeZone)
        {
          restore(before)
          skipped[skip, default: 0] += 1
          skippedSeries.insert(event.uid)
        } else {
          kept.insert(event.uid)
          if event.ignoredRules > 0 { extraRules += 1 }
        }
      } catch {
        restore(before)
        leave(event, error)
        skippedSeries.insert(event.uid)
      }
    }
    // Moved instances whose series is not here (a calendar shared one instance) are kept as
    // one-offs; those of a series kept or skipped went with it.
    for event in events where event.recurrenceID != nil {
      guard let id = event.recurrenceID, !kept.contains(event.uid),
        !skippedSeries.contains(event.uid)
      else { continue }
      if let skip = Self.skip(event, email: settings.email) {
        skipped[skip, default: 0] += 1
        continue
      }
      let before = checkpoint
      do throws(CalendarError) {
        let zone = Self.zone(of: event.start, repeats: false, floatingTimeZone: floatingTimeZone)
        let appointment = try base(
          event, zone: zone, settings: settings, defaultOrigin: defaultOrigin, places: places)
        items.append(Item(uid: event.uid, instance: id.description, appointment: appointment))
        count(event, appointment)
      } catch {
        restore(before)
        leave(event, error)
      }
    }
    if !unreadable.isEmpty { skipped[.unreadable] = unreadable.count }
  }

  /// Keeps a one-off or a series with its moved instances and `RDATE`s, else says why it is skipped
  /// (a rule libical refuses, or one that never occurs).
  ///
  /// A moved instance with the series' details is an override; one with details of its own takes
  /// that occurrence out and is kept as its own appointment. `RANGE=THISANDFUTURE` ends the part
  /// before it and starts a part that moves every later occurrence as far and takes its details
  /// (RFC 5545 §3.8.4.4). An instance that moves an `RDATE` start, or a one-off's, replaces it.
  private mutating func keep(
    _ event: CalendarEvent, moved: [CalendarEvent], settings: Settings, defaultOrigin: Origin?,
    places: [String: Coordinate], floatingTimeZone: String
  ) throws(CalendarError) -> Skip? {
    let seriesRule: RecurrenceRule? =
      if case .accepted(let rule)? = event.rule { rule } else { nil }
    let zone = Self.zone(
      of: event.start, repeats: seriesRule != nil, floatingTimeZone: floatingTimeZone)
    let first = try at(event, CalendarOccurrences.wallTime(of: event.start, in: zone, zones: zones))
    func wall(_ time: CalendarTime, of owner: CalendarEvent) throws(CalendarError) -> WallTime {
      try at(owner, CalendarOccurrences.wallTime(of: time, in: zone, zones: zones))
    }
    func instant(_ wall: WallTime, of owner: CalendarEvent) throws(CalendarError) -> Date {
      try at(
        owner,
        CalendarOccurrences.instant(
          of: .zoned(wall, timeZone: zone), floatingTimeZone: zone, zones: zones))
    }
    func base(_ owner: CalendarEvent, zone: String) throws(CalendarError) -> Appointment {
      try self.base(
        owner, zone: zone, settings: settings, defaultOrigin: defaultOrigin, places: places)
    }
    // Each moved instance by the start it replaces.
    var movedFrom: [WallTime: CalendarEvent] = [:]
    for instance in moved {
      guard let id = instance.recurrenceID, !Self.isDate(id) else { continue }
      movedFrom[try wall(id, of: instance)] = instance
    }
    // EXDATE;VALUE=DATE takes out the occurrence on that day, whose wall time is the first
    // start's (chulbal's rules repeat on days, at one time of day).
    var exceptions = Set<WallTime>()
    for time in event.exceptionDates {
      if case .date(let day) = time {
        exceptions.insert(
          WallTime(date: day, hour: first.hour, minute: first.minute, second: first.second))
      } else {
        exceptions.insert(try wall(time, of: event))
      }
    }
    var added: [(key: String, wall: WallTime, start: Date)] = []
    for time in event.recurrenceDates where !Self.isDate(time) {
      let start = try at(
        event,
        CalendarOccurrences.instant(of: time, floatingTimeZone: floatingTimeZone, zones: zones))
      added.append(("RDATE " + time.description, try wall(time, of: event), start))
    }
    let addedWalls = Set(added.map(\.wall))
    var parts = [
      Part(from: nil, owner: event, key: "", shift: 0, appointment: try base(event, zone: zone))
    ]
    if seriesRule != nil {
      for (original, instance) in movedFrom.sorted(by: { $0.key < $1.key })
      where instance.appliesToFuture && original >= first && !addedWalls.contains(original)
        && Self.skip(instance, email: settings.email) == nil
      {
        let start = try wall(instance.start, of: instance)
        parts.append(
          Part(
            from: original, owner: instance,
            key: Self.futureKey + (instance.recurrenceID?.description ?? ""),
            shift: start.secondsSinceEpoch - original.secondsSinceEpoch,
            appointment: try base(instance, zone: zone)))
      }
    }
    /// The part an occurrence the rule gives at `original` belongs to.
    func part(of original: WallTime) -> Int {
      parts.lastIndex { $0.from.map { $0 <= original } ?? true } ?? 0
    }
    // Moved instances kept as appointments of their own, by the key of the start they replace.
    var ownItems: [(key: String, instance: CalendarEvent)] = []
    if let seriesRule {
      for (original, instance) in movedFrom.sorted(by: { $0.key < $1.key })
      where !addedWalls.contains(original) {
        let index = part(of: original)
        guard parts[index].from != original else { continue }
        let moved = original.adding(seconds: parts[index].shift)
        if Self.skip(instance, email: settings.email) != nil {
          parts[index].exceptions.insert(moved)
        } else if instance.hasSameDetails(as: parts[index].owner) {
          parts[index].overrides[moved] = try at(
            instance,
            CalendarOccurrences.instant(
              of: instance.start, floatingTimeZone: floatingTimeZone, zones: zones))
        } else {
          parts[index].exceptions.insert(moved)
          ownItems.append((instance.recurrenceID?.description ?? "", instance))
        }
      }
      for original in exceptions {
        let index = part(of: original)
        parts[index].exceptions.insert(original.adding(seconds: parts[index].shift))
      }
      // Where each part begins, as instants, the first at the series' first start.
      var bounds: [Date] = []
      for index in parts.indices {
        bounds.append(try instant(parts[index].from ?? first, of: parts[index].owner))
      }
      // A counted series keeps its count across its parts: each takes the occurrences the
      // rule gives in its stretch.
      var counts: [Int]?
      if seriesRule.count != nil, parts.count > 1 {
        guard
          let whole = try? RecurrenceSet(
            rule: seriesRule, firstStart: first, timeZone: zone, zones: zones)
        else { return .unsupportedRule }
        let starts = whole.occurrences(from: bounds[0], to: .distantFuture)
        counts = parts.indices.map { index in
          let end = index + 1 < parts.count ? bounds[index + 1] : .distantFuture
          return starts.count { $0 >= bounds[index] && $0 < end }
        }
      }
      var occurs = false
      for index in parts.indices {
        var rule = seriesRule
        var firstStart = first
        if let original = parts[index].from {
          firstStart = original.adding(seconds: parts[index].shift)
          let days = firstStart.date.days - original.date.days
          rule = seriesRule.movingDays(by: days) ?? seriesRule
          switch seriesRule.until {
          case .date(let day)?: rule.until = .date(CivilDate(days: day.days + days))
          case .instant(let end)?:
            rule.until = .instant(end.addingTimeInterval(TimeInterval(parts[index].shift)))
          case nil: break
          }
        }
        if let counts {
          guard counts[index] > 0 else { continue }
          rule.count = counts[index]
        } else if index + 1 < parts.count {
          guard bounds[index + 1] > bounds[index] else { continue }
          let next = parts[index + 1].from ?? first
          rule.until = .instant(
            try instant(next.adding(seconds: parts[index].shift), of: parts[index].owner)
              .addingTimeInterval(-1))
        }
        let series: RecurrenceSet
        do {
          series = try RecurrenceSet(
            rule: rule, firstStart: firstStart, timeZone: zone,
            exceptions: parts[index].exceptions, overrides: parts[index].overrides, zones: zones)
        } catch {
          return .unsupportedRule
        }
        parts[index].series = series
        parts[index].appointment.repetition = Repetition(
          rule: rule, firstStart: firstStart, exceptions: parts[index].exceptions,
          overrides: parts[index].overrides)
        // Its RDATEs, if any, are kept below; without them, a series that never occurs is
        // skipped.
        guard series.nextOccurrence(after: bounds[index].addingTimeInterval(-1)) != nil
        else { continue }
        items.append(
          Item(uid: event.uid, instance: parts[index].key, appointment: parts[index].appointment))
        count(parts[index].owner, parts[index].appointment)
        occurs = true
      }
      if !occurs, added.isEmpty { return .neverOccurs }
    } else if let instance = movedFrom[first] {
      if Self.skip(instance, email: settings.email) == nil {
        ownItems.append(("", instance))
      }
    } else {
      items.append(Item(uid: event.uid, instance: "", appointment: parts[0].appointment))
      count(event, parts[0].appointment)
    }
    let exceptionDays = Set(
      event.exceptionDates.compactMap { time -> CivilDate? in
        if case .date(let day) = time { return day }
        return nil
      })
    for start in added
    where !exceptions.contains(start.wall) && !exceptionDays.contains(start.wall.date) {
      let index = part(of: start.wall)
      let shift = parts[index].shift
      let moved =
        shift == 0 ? start.start : try instant(start.wall.adding(seconds: shift), of: event)
      // An RDATE the rule, or DTSTART, gives already is one occurrence (RFC 5545 §3.8.5.2).
      if let series = parts[index].series,
        series.occurrences(from: moved, to: moved.addingTimeInterval(1)).contains(moved)
      {
        continue
      }
      if seriesRule == nil, start.wall == first { continue }
      if let instance = movedFrom[start.wall] {
        if Self.skip(instance, email: settings.email) == nil {
          ownItems.append((start.key, instance))
        }
        continue
      }
      var one = parts[index].appointment
      one.repetition = nil
      one.start = moved
      items.append(Item(uid: event.uid, instance: start.key, appointment: one))
    }
    for (key, instance) in ownItems {
      let own = try base(
        instance,
        zone: Self.zone(of: instance.start, repeats: false, floatingTimeZone: floatingTimeZone))
      items.append(Item(uid: event.uid, instance: key, appointment: own))
      count(instance, own)
    }
    return nil
  }

  /// A stretch of a series: the event's own from its first start, or one an instance moved
  /// with `RANGE=THISANDFUTURE` begins at the start it replaces, with how far it moved them.
  private struct Part {
    /// The start the rule gives where the part begins; nil for the event's own.
    var from: WallTime?
    /// The event whose details the part's occurrences take.
    var owner: CalendarEvent
    /// The item's instance key.
    var key: String
    /// Seconds on the wall clock each occurrence moves.
    var shift: Int
    var appointment: Appointment
    /// Occurrences taken out and moved, by the wall times of the moved part.
    var exceptions: Set<WallTime> = []
    var overrides: [WallTime: Date] = [:]
    var series: RecurrenceSet?
  }

  /// How the series an instance moved with `RANGE=THISANDFUTURE` begins is named.
  static let futureKey = "THISANDFUTURE "

  /// How far the items and counts had come, to put back what an event left out had added.
  private struct Checkpoint {
    let items: Int
    let withoutCoordinate: Int
    let withDefaultTravel: Int
    let floating: Int
    let unresolvedZones: Int
  }

  private var checkpoint: Checkpoint {
    Checkpoint(
      items: items.count, withoutCoordinate: withoutCoordinate,
      withDefaultTravel: withDefaultTravel, floating: floating, unresolvedZones: unresolvedZones)
  }

  private mutating func restore(_ checkpoint: Checkpoint) {
    items.removeSubrange(checkpoint.items...)
    withoutCoordinate = checkpoint.withoutCoordinate
    withDefaultTravel = checkpoint.withDefaultTravel
    floating = checkpoint.floating
    unresolvedZones = checkpoint.unresolvedZones
  }

  /// Counts `event` as unreadable for `error`, said at the event's file and line.
  private mutating func leave(_ event: CalendarEvent, _ error: CalendarError) {
    let (file, line, reason) =
      switch error {
      case .syntax(let file, let line, let message): (file, line, message)
      default: (event.file, event.line, error.description)
      }
    unreadable.append(.init(file: file, line: line, property: nil, reason: reason))
  }

  private mutating func count(_ event: CalendarEvent, _ appointment: Appointment) {
    if appointment.coordinate == nil { withoutCoordinate += 1 }
    if event.unresolvedZone != nil {
      unresolvedZones += 1
    } else if case .floating = event.start {
      floating += 1
    }
  }

  /// An event's fields as a one-off appointment over the settings.
  private mutating func base(
    _ event: CalendarEvent, zone: String, settings: Settings, defaultOrigin: Origin?,
    places: [String: Coordinate]
  ) throws(CalendarError) -> Appointment {
    let start = try at(
      event, CalendarOccurrences.instant(of: event.start, floatingTimeZone: zone, zones: zones))
    let place = event.location.map(Self.oneLine).flatMap { $0.isEmpty ? nil : $0 }
    let coordinate = event.coordinate ?? place.flatMap { places[$0] }
    // What the event says of its trip (an export of chulbal's own), else the settings.
    let origin = event.origin ?? defaultOrigin
    let mode = event.mode ?? settings.mode
    var appointment = Appointment(
      title: event.summary.map(Self.oneLine).flatMap { $0.isEmpty ? nil : $0 } ?? "(제목 없음)",
      start: start, timeZone: zone, place: place, coordinate: coordinate, origin: origin,
      mode: mode, travelSeconds: settings.defaultTravelSeconds, travelSource: .default,
      bufferSeconds: event.bufferSeconds ?? settings.bufferSeconds,
      prepSeconds: event.prepSeconds ?? settings.prepSeconds,
      alertLeads: event.alertLeads ?? settings.alertLeads,
      note: event.note.flatMap { $0.trimmingWhitespace().isEmpty ? nil : $0 })
    appointment.lengthSeconds = length(of: event, start: start, zone: zone, settings: settings)
    if let travel = event.travelSeconds {
      appointment.travelSeconds = travel
      appointment.travelSource = .given
    } else if let seconds = try? TravelEstimate.seconds(
      from: origin?.coordinate, to: coordinate, mode: mode)
    {
      appointment.travelSeconds = seconds
      appointment.travelSource = .estimate
    } else {
      withDefaultTravel += 1
    }
    return appointment
  }

  /// How long the event lasts: its `DURATION`, else `DTEND` less the start, else the `length`
  /// setting; at most the week a stored length is held to (a longer event's end does not
  /// start any trip).
  private func length(of event: CalendarEvent, start: Date, zone: String, settings: Settings)
    -> Int
  {
    var seconds = settings.lengthSeconds
    if let duration = event.durationSeconds {
      seconds = duration
    } else if let end = event.end,
      let instant = try? CalendarOccurrences.instant(of: end, floatingTimeZone: zone, zones: zones)
    {
      seconds = Int(instant.timeIntervalSince(start).rounded(.down))
    }
    return min(max(seconds, 0), DurationExpression.maximumSeconds)
  }

  /// A value's result, or the error it threw said at the event's file and line.
  private func at<T>(_ event: CalendarEvent, _ value: @autoclosure () throws(CalendarError) -> T)
    throws(CalendarError) -> T
  {
    do {
      return try value()
    } catch {
      switch error {
      case .syntax, .unreadable, .tooLarge, .unresolvedTimeZone: throw error
      default: throw .syntax(file: event.file, line: event.line, message: error.description)
      }
    }
  }

  /// Why `event` is left out, if it is.
  static func skip(_ event: CalendarEvent, email: String?) -> Skip? {
    if event.isDeparture { return .departure }
    if event.isAllDay { return .allDay }
    if event.isCancelled { return .cancelled }
    if let email, event.isDeclined(by: email) { return .declined }
    // A moved instance stands for one occurrence: an RRULE on it (some servers keep the
    // series' there) is not a rule of its own.
    if event.recurrenceID == nil, case .refused? = event.rule { return .unsupportedRule }
    return nil
  }

  /// The zone an event is kept in: its own; the system's for a floating time or a one-off in UTC;
  /// UTC for a series in UTC, whose rule runs on UTC's wall clock (RFC 5545).
  static func zone(of start: CalendarTime, repeats: Bool, floatingTimeZone: String) -> String {
    switch start {
    case .zoned(_, let zone): zone
    case .utc: repeats ? "UTC" : floatingTimeZone
    case .floating, .date: floatingTimeZone
    }
  }

  private static func isDate(_ time: CalendarTime) -> Bool {
    if case .date = time { return true }
    return false
  }

  /// Text for a one-line field: line ends and tabs as spaces, trimmed.
  static func oneLine(_ text: String) -> String {
    String(
      text.unicodeScalars.map { TextCleaning.isControl($0) ? " " : Character($0) }
    ).trimmingWhitespace()
  }
}
