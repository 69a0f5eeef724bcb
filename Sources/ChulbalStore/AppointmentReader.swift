import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// Reads the appointments of one query, row by row, as strictly as ``Row`` reads any value.
///
/// Long lists share a few zones, modes, travel sources and alert lists, so text already checked is
/// recognised by its bytes and its value reused: checking a zone, making its string and splitting
/// alerts per row costs more than SQLite's step. New text and any wrong value go through ``Row``'s
/// checks.
struct AppointmentReader {
  /// The columns every appointment query selects, in its order.
  static let columns: Row.Columns = {
    let selected = [
      id, title, startAt, timeZone, place, latitude, longitude, originName, originLatitude,
      originLongitude, mode, travelSeconds, travelEstimated, bufferSeconds, prepSeconds, alerts,
      note, repeatRule, repeatFirst, repeatLastAt, travelSource, lengthSeconds, originReason,
      originAfter, routeDepartureAt,
    ]
    precondition(
      selected.enumerated().allSatisfy { $0.element.position == $0.offset },
      "AppointmentReader: a column's position is not its place in the list")
    return Row.Columns(selected.map(\.name))
  }()
  /// ``columns`` for a SELECT from a file of schema `version`: a file older than series
  /// (version 4), travel sources (version 12) or origins (version 14), which a reader reads as
  /// it is, gives NULL for their columns (and a file older than live routes, version 16,
  /// for the departure a provider was asked about).
  static func list(schema version: Int) -> String {
    version >= 16
      ? columns.list
      : version >= 14
        ? listBefore16
        : version >= 12 ? listBefore14 : version >= 4 ? listBefore12 : listBefore4
  }
  private static let originColumns: Set = [
    "length_seconds", "origin_reason", "origin_after", "route_departure_at",
  ]
  private static let listBefore16 = list(nulling: { $0 == routeDepartureAt.name })
  private static let listBefore14 = list(nulling: { originColumns.contains($0) })
  private static let listBefore12 = list(nulling: {
    originColumns.contains($0) || $0 == travelSource.name
  })
  private static let listBefore4 = list(nulling: {
    originColumns.contains($0) || $0 == travelSource.name || $0.hasPrefix("repeat_")
  })
  private static func list(nulling absent: (String) -> Bool) -> String {
    columns.names.map { absent($0) ? "NULL" : $0 }.joined(separator: ", ")
  }
  // Each column with its position, made where it is read: a `static let` each would cost a
  // `swift_once` for every column of every row.
  private static var id: Row.Column { Row.Column(name: "id", position: 0) }
  private static var title: Row.Column { Row.Column(name: "title", position: 1) }
  private static var startAt: Row.Column { Row.Column(name: "start_at", position: 2) }
  private static var timeZone: Row.Column { Row.Column(name: "time_zone", position: 3) }
  private static var place: Row.Column { Row.Column(name: "place", position: 4) }
  private static var latitude: Row.Column { Row.Column(name: "lat", position: 5) }
  private static var longitude: Row.Column { Row.Column(name: "lng", position: 6) }
  private static var originName: Row.Column { Row.Column(name: "origin_name", position: 7) }
  private static var originLatitude: Row.Column { Row.Column(name: "origin_lat", position: 8) }
  private static var originLongitude: Row.Column { Row.Column(name: "origin_lng", position: 9) }
  private static var mode: Row.Column { Row.Column(name: "mode", position: 10) }
  private static var travelSeconds: Row.Column {
    Row.Column(name: "travel_seconds", position: 11)
  }
  private static var travelEstimated: Row.Column {
    Row.Column(name: "travel_estimated", position: 12)
  }
  private static var bufferSeconds: Row.Column {
    Row.Column(name: "buffer_seconds", position: 13)
  }
  private static var prepSeconds: Row.Column { Row.Column(name: "prep_seconds", position: 14) }
  private static var alerts: Row.Column { Row.Column(name: "alerts", position: 15) }
  private static var note: Row.Column { Row.Column(name: "note", position: 16) }
  private static var repeatRule: Row.Column { Row.Column(name: "repeat_rule", position: 17) }
  private static var repeatFirst: Row.Column { Row.Column(name: "repeat_first", position: 18) }
  private static var repeatLastAt: Row.Column {
    Row.Column(name: "repeat_last_at", position: 19)
  }
  private static var travelSource: Row.Column {
    Row.Column(name: "travel_source", position: 20)
  }
  private static var lengthSeconds: Row.Column {
    Row.Column(name: "length_seconds", position: 21)
  }
  private static var originReason: Row.Column { Row.Column(name: "origin_reason", position: 22) }
  private static var originAfter: Row.Column { Row.Column(name: "origin_after", position: 23) }
  private static var routeDepartureAt: Row.Column {
    Row.Column(name: "route_departure_at", position: 24)
  }

  let path: String
  /// Where stored zone names are checked.
  private let database: ZoneDatabase
  private var zones = KnownTexts<String>()
  private var modes = KnownTexts<TravelMode>()
  private var sources = KnownTexts<TravelSource>()
  private var alertLists = KnownTexts<[Int]>()
  private var reasons = KnownTexts<OriginReason>()
  /// Rules repeat less than zones: a person's weekly series on each weekday and monthly ones
  /// on each day of the month are some forty texts, each worth parsing once.
  private var rules = KnownTexts<RecurrenceRule>(capacity: 64)

  init(path: String, zones: ZoneDatabase) {
    self.path = path
    self.database = zones
  }

  /// The appointment in `row`, of a query selecting ``columns``.
  ///
  /// - Throws: `StoreError.damaged` naming the first column, in schema order, that holds what the
  ///   schema forbids.
  mutating func appointment(_ row: Database.StatementRow) throws(StoreError) -> Appointment {
    var row = Row(row, columns: Self.columns, label: "약속", path: path)
    let id = try row.integer(Self.id)
    row.number = id
    let title = try row.text(Self.title)
    let start = try row.instant(Self.startAt)
    let timeZone = try Self.known(Self.timeZone, of: row, in: &zones) { () throws(StoreError) in
      let timeZone = try row.text(Self.timeZone)
      guard database.zone(named: timeZone) != nil else {
        throw row.damaged(Self.timeZone.name, "알 수 없는 시간대 '\(timeZone)'")
      }
      return timeZone
    }
    let place = try row.optionalText(Self.place)
    let coordinate = try row.coordinate(latitude: Self.latitude, longitude: Self.longitude)
    let originName = try row.optionalText(Self.originName)
    let originCoordinate = try row.coordinate(
      latitude: Self.originLatitude, longitude: Self.originLongitude)
    // Only an origin's coordinate is ever written without a name, never a name alone.
    if originCoordinate == nil && originName != nil {
      throw row.damaged(
        Self.originName.name, "값이 있는데 origin_lat과 origin_lng가 비어 있습니다 (NULL)")
    }
    // NULL only from a file older than version 14, whose origins were the default place's
    // or given, and whose appointments last the default length.
    var origin = originCoordinate.map { Origin(name: originName, coordinate: $0) }
    if !row.isNull(Self.originReason) {
      let reason = try Self.known(Self.originReason, of: row, in: &reasons) {
        () throws(StoreError) in
        let text = try row.text(Self.originReason)
        guard let reason = OriginReason(rawValue: text) else {
          throw row.damaged(Self.originReason.name, "알 수 없는 값 '\(text)'")
        }
        return reason
      }
      origin?.reason = reason
      origin?.after = try row.optionalText(Self.originAfter)
    }
    let lengthSeconds =
      row.isNull(Self.lengthSeconds)
      ? Settings.defaults.lengthSeconds : try row.duration(Self.lengthSeconds)
    let mode = try Self.known(Self.mode, of: row, in: &modes) { () throws(StoreError) in
      let name = try row.text(Self.mode)
      guard let mode = TravelMode(rawValue: name) else {
        throw row.damaged(Self.mode.name, "알 수 없는 값 '\(name)'")
      }
      return mode
    }
    let travelSeconds = try row.duration(Self.travelSeconds)
    let travelEstimated = try row.flag(Self.travelEstimated)
    // A file older than version 12 knows estimated and given travel only.
    var travelSource: TravelSource = travelEstimated ? .estimate : .given
    if !row.isNull(Self.travelSource) {
      travelSource = try Self.known(Self.travelSource, of: row, in: &sources) {
        () throws(StoreError) in
        let name = try row.text(Self.travelSource)
        guard let source = TravelSource(rawValue: name) else {
          throw row.damaged(Self.travelSource.name, "알 수 없는 값 '\(name)'")
        }
        return source
      }
    }
    let bufferSeconds = try row.duration(Self.bufferSeconds)
    let prepSeconds = try row.duration(Self.prepSeconds)
    let alertLeads = try Self.known(Self.alerts, of: row, in: &alertLists) {
      () throws(StoreError) in try row.durations(Self.alerts)
    }
    var repetition: Repetition?
    if !row.isNull(Self.repeatRule) || !row.isNull(Self.repeatFirst) {
      let rule = try Self.known(Self.repeatRule, of: row, in: &rules) { () throws(StoreError) in
        let text = try row.text(Self.repeatRule)
        do {
          return try RecurrenceRule.parse(text)
        } catch {
          throw row.damaged(Self.repeatRule.name, "읽을 수 없는 반복 규칙 '\(text)'")
        }
      }
      repetition = Repetition(rule: rule, firstStart: try row.wallTime(Self.repeatFirst))
    }
    try Self.checkEnd(
      ends: repetition.map { $0.rule.until != nil || $0.rule.count != nil }, start: start, in: row)
    // Only a provider's trip keeps the departure it was asked about.
    let routeDeparture =
      row.isNull(Self.routeDepartureAt) ? nil : try row.instant(Self.routeDepartureAt)
    if travelSource.route == nil, routeDeparture != nil {
      throw row.damaged(Self.routeDepartureAt.name, "길찾기가 준 이동이 아닌데 값이 있습니다")
    }
    var appointment = Appointment(
      id: id, title: title, start: Date(timeIntervalSince1970: TimeInterval(start)),
      lengthSeconds: lengthSeconds, timeZone: timeZone, place: place, coordinate: coordinate,
      origin: origin, mode: mode,
      travelSeconds: travelSeconds, travelSource: travelSource,
      bufferSeconds: bufferSeconds, prepSeconds: prepSeconds, alertLeads: alertLeads,
      note: try row.optionalText(Self.note), repetition: repetition)
    appointment.routeDeparture = routeDeparture.map {
      Date(timeIntervalSince1970: TimeInterval($0))
    }
    return appointment
  }

  /// Checks `repeat_last_at`, which queries compare without reading (``Store/staleCondition``): the
  /// instant the rule ends (`UNTIL` or `COUNT`) or NULL, with a series' cached `start` at or before
  /// it.
  ///
  /// - Parameter ends: whether the rule ends; nil for a one-off. A Bool, so the repetition is not
  ///   copied per row.
  private static func checkEnd(ends: Bool?, start: Int, in row: Row) throws(StoreError) {
    let last = row.isNull(repeatLastAt) ? nil : try row.instant(repeatLastAt)
    if ends != nil, let last, start > last {
      throw row.damaged(
        startAt.name, "반복의 마지막 회차(repeat_last_at)보다 뒤입니다 ('\(start)' > '\(last)')")
    }
    switch (ends, last) {
    case (true?, nil): throw row.damaged(repeatLastAt.name, Row.missing)
    case (false?, let last?):
      throw row.damaged(repeatLastAt.name, "반복에 끝(UNTIL, COUNT)이 없는데 값이 있습니다 ('\(last)')")
    case (nil, let last?):
      throw row.damaged(repeatLastAt.name, "반복 약속이 아닌데 값이 있습니다 ('\(last)')")
    default: break
    }
  }

  /// The value of a text column whose bytes were read and checked in an earlier row, else
  /// what `read` makes of it, remembered for the rows after.
  private static func known<Value>(
    _ column: Row.Column, of row: Row, in known: inout KnownTexts<Value>,
    read: () throws(StoreError) -> Value
  ) throws(StoreError) -> Value {
    let bytes = row.uncheckedTextBytes(column)
    if let bytes, let value = known[bytes] { return value }
    let value = try read()
    if let bytes { known.remember(bytes, value) }
    return value
  }
}

/// A few text values found by comparing bytes, without making a string. It stops remembering when
/// full, so many distinct values read as if there were none.
struct KnownTexts<Value> {
  private let capacity: Int
  /// Apart from the values: looking through the keys then copies no value, and retains and
  /// releases no rule's arrays for every entry passed.
  private var keys: [[UInt8]] = []
  private var values: [Value] = []

  init(capacity: Int = 8) {
    self.capacity = capacity
  }

  subscript(bytes: UnsafeRawBufferPointer) -> Value? {
    for index in keys.indices where keys[index].count == bytes.count {
      let equal = keys[index].withUnsafeBytes { known in
        guard let left = known.baseAddress, let right = bytes.baseAddress else { return true }
        return memcmp(left, right, bytes.count) == 0
      }
      if equal { return values[index] }
    }
    return nil
  }

  mutating func remember(_ bytes: UnsafeRawBufferPointer, _ value: Value) {
    guard keys.count < capacity else { return }
    keys.append(Array(bytes))
    values.append(value)
  }
}
