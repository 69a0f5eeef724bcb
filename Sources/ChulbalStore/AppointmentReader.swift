import ChulbalCore
import FoundationEssentials
import Glibc

/// Reads the appointments of one query, row by row, as strictly as ``Row`` reads any value.
///
/// The rows of a long list share a few zones, modes and lists of alerts. Text already read
/// and checked is recognised by its bytes and its value used again: checking a zone
/// (`Zone(identifier:)`), making its string and splitting a list of alerts for every one
/// of 10,000 rows cost more than SQLite's own step (callgrind, `chulbal list`). Text not seen
/// before, and any value that is wrong, goes through ``Row``'s checks as before.
struct AppointmentReader {
  /// The columns every appointment query selects, in its order.
  static let columns = Row.Columns([
    "id", "title", "start_at", "time_zone", "place", "lat", "lng", "origin_name", "origin_lat",
    "origin_lng", "mode", "travel_seconds", "travel_estimated", "buffer_seconds", "prep_seconds",
    "alerts", "note", "repeat_rule", "repeat_first", "repeat_last_at",
  ])
  /// ``columns`` for a SELECT from a file of schema `version`: a file older than series
  /// (version 4), which a reader reads as it is, gives NULL for their columns.
  static func list(schema version: Int) -> String {
    version >= 4 ? columns.list : oldList
  }
  private static let oldList = NameList.joined(
    columns.names.map { $0.hasPrefix("repeat_") ? "NULL" : $0 }, separator: ", ")
  private static let id = columns["id"]
  private static let title = columns["title"]
  private static let startAt = columns["start_at"]
  private static let timeZone = columns["time_zone"]
  private static let place = columns["place"]
  private static let latitude = columns["lat"]
  private static let longitude = columns["lng"]
  private static let originName = columns["origin_name"]
  private static let originLatitude = columns["origin_lat"]
  private static let originLongitude = columns["origin_lng"]
  private static let mode = columns["mode"]
  private static let travelSeconds = columns["travel_seconds"]
  private static let travelEstimated = columns["travel_estimated"]
  private static let bufferSeconds = columns["buffer_seconds"]
  private static let prepSeconds = columns["prep_seconds"]
  private static let alerts = columns["alerts"]
  private static let note = columns["note"]
  private static let repeatRule = columns["repeat_rule"]
  private static let repeatFirst = columns["repeat_first"]
  private static let repeatLastAt = columns["repeat_last_at"]

  let path: String
  private var zones = KnownTexts<String>()
  private var modes = KnownTexts<TravelMode>()
  private var alertLists = KnownTexts<[Int]>()
  /// Rules repeat less than zones: a person's weekly series on each weekday and monthly ones
  /// on each day of the month are some forty texts, each parse about 15,000 instructions.
  private var rules = KnownTexts<RecurrenceRule>(capacity: 64)

  init(path: String) {
    self.path = path
  }

  /// The appointment in `row`, one of a query selecting ``columns``.
  ///
  /// - Throws: `StoreError.damaged` naming the first column, in the schema's order, that holds
  ///   what the schema forbids.
  mutating func appointment(_ row: Database.StatementRow) throws(StoreError) -> Appointment {
    var row = Row(row, columns: Self.columns, label: "약속", path: path)
    let id = try row.integer(Self.id)
    row.number = id
    let title = try row.text(Self.title)
    let start = try row.instant(Self.startAt)
    let timeZone = try Self.known(Self.timeZone, of: row, in: &zones) { () throws(StoreError) in
      let timeZone = try row.text(Self.timeZone)
      guard Zone(identifier: timeZone) != nil else {
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
    let mode = try Self.known(Self.mode, of: row, in: &modes) { () throws(StoreError) in
      let name = try row.text(Self.mode)
      guard let mode = TravelMode(rawValue: name) else {
        throw row.damaged(Self.mode.name, "알 수 없는 값 '\(name)'")
      }
      return mode
    }
    let travelSeconds = try row.duration(Self.travelSeconds)
    let travelEstimated = try row.flag(Self.travelEstimated)
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
    return Appointment(
      id: id, title: title, start: Date(timeIntervalSince1970: TimeInterval(start)),
      timeZone: timeZone, place: place, coordinate: coordinate,
      origin: originCoordinate.map { Origin(name: originName, coordinate: $0) }, mode: mode,
      travelSeconds: travelSeconds, travelEstimated: travelEstimated,
      bufferSeconds: bufferSeconds, prepSeconds: prepSeconds, alertLeads: alertLeads,
      note: try row.optionalText(Self.note), repetition: repetition)
  }

  /// Checks `repeat_last_at`, which queries compare without reading (``Store/staleCondition``):
  /// an instant exactly when the rule ends (`UNTIL` or `COUNT`), else NULL; and a series'
  /// cached `start`, an occurrence, at or before it.
  ///
  /// - Parameter ends: whether the series' rule ends; nil for a one-off. (Not the repetition
  ///   itself, whose 152 bytes were copied four times a row, callgrind.)
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

/// A few text values by their bytes, for ``AppointmentReader``: looked up by comparing bytes,
/// so a value is found without making a string. It stops remembering when full; a list with
/// many distinct values is read as if there were none.
struct KnownTexts<Value> {
  private let capacity: Int
  /// Apart from the values: looking through the keys then copies no value (a rule's arrays
  /// were retained and released for every entry passed, a tenth of an agenda by callgrind).
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
