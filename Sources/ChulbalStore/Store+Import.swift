import ChulbalCore
import FoundationEssentials

/// Appointments brought in from calendars (schema 5): each row knows its source, its event's
/// UID and which instance of the event it is, so that reading the calendar again updates it in
/// place, never adds it twice, and removes what the calendar no longer holds.
extension Store {
  /// Which event of a calendar a row stands for.
  public struct CalendarKey: Hashable, Sendable, Comparable {
    public var uid: String
    /// Empty for the event itself; otherwise the one instance the row is made of (an
    /// `RDATE`'s start, or the `RECURRENCE-ID` of a moved instance whose series the calendar
    /// does not hold).
    public var instance: String

    public init(uid: String, instance: String = "") {
      self.uid = uid
      self.instance = instance
    }

    public static func < (a: CalendarKey, b: CalendarKey) -> Bool {
      (a.uid, a.instance) < (b.uid, b.instance)
    }
  }

  /// What one calendar (a file or a vdir folder) holds, as appointments to keep.
  public struct CalendarBatch: Sendable {
    /// The absolute path of the file or folder: the rows' `source`.
    public var source: String
    /// Each appointment by its key; one per key.
    public var appointments: [CalendarKey: Appointment]
    /// How many events of the calendar were left out, for `source list`.
    public var skipped: Int

    public init(source: String, appointments: [CalendarKey: Appointment], skipped: Int = 0) {
      self.source = source
      self.appointments = appointments
      self.skipped = skipped
    }
  }

  /// How many rows an import added, updated, found unchanged and removed.
  public struct ImportCounts: Equatable, Sendable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public var removed = 0

    public init(added: Int = 0, updated: Int = 0, unchanged: Int = 0, removed: Int = 0) {
      self.added = added
      self.updated = updated
      self.unchanged = unchanged
      self.removed = removed
    }

    mutating func add(_ other: ImportCounts) {
      added += other.added
      updated += other.updated
      unchanged += other.unchanged
      removed += other.removed
    }
  }

  /// Whether the file keeps calendar identities (schema 5 on).
  var keepsSources: Bool { schema >= 5 }

  /// Whether the file keeps what the person set over a calendar, and what they removed from
  /// it (schema 9 on).
  var keepsLocalChanges: Bool { schema >= 9 }

  /// Where appointment `id` was read from: the calendar (its path or URL, the rows'
  /// `source`) and the event's key; nil for one typed in, or no such appointment.
  public func calendarKey(of id: Int) throws(StoreError) -> (source: String, key: CalendarKey)? {
    guard keepsSources else { return nil }
    let rows = try database.rows(
      "SELECT source, source_uid, source_recurrence FROM appointment "
        + "WHERE id = ? AND source IS NOT NULL", [.integer(id)])
    guard let row = rows.first else { return nil }
    guard case .text(let source) = row[0], case .text(let uid) = row[1],
      case .text(let instance) = row[2]
    else {
      throw .damaged(path: path, reason: "가져온 약속의 source_uid나 source_recurrence가 글자가 아닙니다")
    }
    return (source, CalendarKey(uid: uid, instance: instance))
  }

  /// The fields of appointment `id` the person set in chulbal over what its calendar gives;
  /// none for one typed in.
  public func localFields(of id: Int) throws(StoreError) -> LocalFields {
    guard keepsLocalChanges else { return [] }
    switch try database.scalar(
      "SELECT local_fields FROM appointment WHERE id = ? AND source IS NOT NULL", [.integer(id)])
    {
    case .integer(let bits): return LocalFields(rawValue: bits)
    case .null: return []
    default: throw .damaged(path: path, reason: "약속의 local_fields가 정수가 아닙니다")
    }
  }

  /// Records that the person skipped (`start` nil) or moved the occurrence `wall` of series
  /// `id`, when it was brought in from a calendar, so that reading the calendar again keeps it.
  func writeLocalOccurrence(of id: Int, _ wall: WallTime, start: Date?) throws(StoreError) {
    guard keepsLocalChanges else { return }
    try database.rows(
      """
      INSERT OR REPLACE INTO local_occurrence (appointment_id, occurrence, start_at)
        SELECT id, ?, ? FROM appointment WHERE id = ? AND source IS NOT NULL
      """,
      [.text(wall.description), start.map { .integer(Self.seconds($0)) } ?? .null, .integer(id)])
  }

  /// The occurrences of series `id` the person skipped (nil) or moved in chulbal.
  func localOccurrences(of id: Int) throws(StoreError) -> [WallTime: Date?] {
    guard keepsLocalChanges else { return [:] }
    var result: [WallTime: Date?] = [:]
    for row in try database.rows(
      "SELECT occurrence, start_at FROM local_occurrence WHERE appointment_id = ?", [.integer(id)])
    {
      guard case .text(let text) = row[0], let wall = Row.wallTime(text) else {
        throw .damaged(path: path, reason: "local_occurrence의 occurrence가 시각이 아닙니다")
      }
      switch row[1] {
      case .integer(let seconds): result[wall] = Date(timeIntervalSince1970: TimeInterval(seconds))
      case .null: result[wall] = .some(nil)
      default: throw .damaged(path: path, reason: "local_occurrence의 start_at이 정수가 아닙니다")
      }
    }
    return result
  }

  /// The events of `source` the person removed from chulbal, which reading it leaves out.
  private func hiddenKeys(source: String) throws(StoreError) -> Set<CalendarKey> {
    guard keepsLocalChanges else { return [] }
    var keys: Set<CalendarKey> = []
    for row in try database.rows(
      "SELECT uid, instance FROM hidden_event WHERE source = ?", [.text(source)])
    {
      guard case .text(let uid) = row[0], case .text(let instance) = row[1] else {
        throw .damaged(path: path, reason: "숨긴 일정의 uid나 instance가 글자가 아닙니다")
      }
      keys.insert(CalendarKey(uid: uid, instance: instance))
    }
    return keys
  }

  /// The rows brought in from `source`, by key, with their ids; none in a file older than
  /// schema 5, which a reader reads as it is.
  public func importedRows(source: String) throws(StoreError) -> [CalendarKey: Int] {
    try importedDigests(source: source).mapValues(\.id)
  }

  /// The `UID` each appointment brought in as an event of its own (not an `RDATE` start or a
  /// moved instance) has in its calendar, by appointment id: what an export writes, so the
  /// calendar program that made the event finds it again rather than adding another.
  public func importedUIDs() throws(StoreError) -> [Int: String] {
    guard keepsSources else { return [:] }
    var result: [Int: String] = [:]
    for row in try database.rows(
      "SELECT id, source_uid FROM appointment WHERE source IS NOT NULL AND source_recurrence = ''")
    {
      guard case .integer(let id) = row[0], case .text(let uid) = row[1] else {
        throw .damaged(path: path, reason: "가져온 약속의 source_uid가 글자가 아닙니다")
      }
      result[id] = uid
    }
    return result
  }

  /// The rows brought in from `source`, by key, with their ids and the digest of what the
  /// calendar gave them (``digest(_:)``).
  private func importedDigests(source: String) throws(StoreError)
    -> [CalendarKey: (id: Int, digest: Int?)]
  {
    guard keepsSources else { return [:] }
    var result: [CalendarKey: (id: Int, digest: Int?)] = [:]
    for row in try database.rows(
      "SELECT id, source_uid, source_recurrence, source_digest FROM appointment WHERE source = ?",
      [.text(source)])
    {
      guard case .integer(let id) = row[0], case .text(let uid) = row[1],
        case .text(let instance) = row[2]
      else {
        throw .damaged(path: path, reason: "가져온 약속의 source_uid나 source_recurrence가 글자가 아닙니다")
      }
      let digest: Int? = if case .integer(let value) = row[3] { value } else { nil }
      result[CalendarKey(uid: uid, instance: instance)] = (id, digest)
    }
    return result
  }

  /// FNV-1a (64 bits) of what an import writes of an appointment: the same in every process,
  /// unlike `Hasher`, so a re-read can tell an event the calendar has not changed.
  static func digest(_ a: Appointment) -> Int {
    var fields: [String] = [
      a.title, String(seconds(a.start)), a.timeZone, a.place ?? "\u{0}",
      a.coordinate.map { "\($0.latitude),\($0.longitude)" } ?? "\u{0}", a.note ?? "\u{0}",
      String(a.travelSeconds), a.travelEstimated ? "1" : "0",
    ]
    if let repetition = a.repetition {
      fields += [repetition.rule.text, repetition.firstStart.description]
      fields += repetition.exceptions.sorted().map(\.description)
      fields += repetition.overrides.sorted { $0.key < $1.key }.map {
        "\($0.key)=\(seconds($0.value))"
      }
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in fields.joined(separator: "\u{1F}").utf8 {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return Int(Int64(bitPattern: hash))
  }

  /// What reading `batch` changes, worked out from the rows kept for its source: the same
  /// for ``plannedImport(_:)``, which counts it, and ``importCalendars(_:now:failures:)``,
  /// which writes it.
  private struct BatchChanges {
    /// New keys, in key order, each with the digest of what the calendar gives.
    var added: [(key: CalendarKey, appointment: Appointment, digest: Int)] = []
    /// Kept rows the calendar has changed since, in key order, with the row's id.
    var updated: [(appointment: Appointment, digest: Int)] = []
    var unchanged = 0
    /// The ids of kept rows whose key the calendar no longer holds.
    var removed: [Int] = []
    /// Hidden events the calendar no longer holds, to forget.
    var unhidden: [CalendarKey] = []

    var counts: ImportCounts {
      ImportCounts(
        added: added.count, updated: updated.count, unchanged: unchanged, removed: removed.count)
    }
  }

  private func changes(_ batch: CalendarBatch) throws(StoreError) -> BatchChanges {
    let existing = try importedDigests(source: batch.source)
    let hidden = try hiddenKeys(source: batch.source)
    var changes = BatchChanges()
    for (key, appointment) in batch.appointments.sorted(by: { $0.key < $1.key }) {
      if hidden.contains(key) { continue }
      let digest = Self.digest(appointment)
      guard let row = existing[key] else {
        changes.added.append((key, appointment, digest))
        continue
      }
      guard row.digest != digest else {
        changes.unchanged += 1
        continue
      }
      var updated = appointment
      updated.id = row.id
      changes.updated.append((updated, digest))
    }
    changes.removed = existing.filter { batch.appointments[$0.key] == nil }.map(\.value.id)
    changes.unhidden = hidden.filter { batch.appointments[$0] == nil }.sorted()
    return changes
  }

  /// What ``importCalendars(_:now:failures:)`` would do, written nowhere.
  public func plannedImport(_ batches: [CalendarBatch]) throws(StoreError) -> ImportCounts {
    var counts = ImportCounts()
    for batch in batches {
      counts.add(try changes(batch).counts)
    }
    return counts
  }

  /// Keeps what each calendar holds, in one transaction: a row whose key is already kept for
  /// the source is updated in place (its alert log stays) when what the calendar gives has
  /// changed since, a new key is added, and a row of the source whose key the calendar no
  /// longer holds is deleted.
  ///
  /// An update replaces what the calendar says (title, start, zone, place, coordinate, note,
  /// travel and the series) and keeps what the person chose in chulbal
  /// (``Appointment/keepingLocal(_:of:occurrences:)``). An event the person removed from chulbal
  /// (``delete(ids:now:)``) is left out while the calendar holds it.
  ///
  /// A calendar that is a source (`source add`) has the reading recorded in the same
  /// transaction, as has each of `failures`: the path of a source that could not be read, and
  /// why.
  ///
  /// - Parameter now: the writer's clock, which a series' cached start is worked out from.
  public func importCalendars(
    _ batches: [CalendarBatch], now: Date, failures: [(path: String, error: String)] = []
  ) throws(StoreError) -> ImportCounts {
    try writeAppointments { () throws(StoreError) -> ImportCounts in
      try writeImport(batches, now: now, failures: failures)
    }
  }

  /// ``importCalendars(_:now:failures:)`` inside the caller's transaction, so that a sync
  /// writes its cache and its tokens in the same one.
  func writeImport(
    _ batches: [CalendarBatch], now: Date, failures: [(path: String, error: String)]
  ) throws(StoreError) -> ImportCounts {
    var counts = ImportCounts()
    for batch in batches {
      let changes = try changes(batch)
      for (appointment, digest) in changes.updated {
        try updateImportedRow(appointment, digest: digest, now: now)
      }
      for (key, appointment, digest) in changes.added {
        let stored = try insertRow(appointment, createdAt: now)
        try database.rows(
          "UPDATE appointment SET source = ?, source_uid = ?, source_recurrence = ?, "
            + "source_digest = ? WHERE id = ?",
          [
            .text(batch.source), .text(key.uid), .text(key.instance), .integer(digest),
            .integer(stored.id),
          ])
      }
      for id in changes.removed {
        try noteTrips(ofRow: id)
        try database.rows("DELETE FROM appointment WHERE id = ?", [.integer(id)])
      }
      for key in changes.unhidden {
        try database.rows(
          "DELETE FROM hidden_event WHERE source = ? AND uid = ? AND instance = ?",
          [.text(batch.source), .text(key.uid), .text(key.instance)])
      }
      counts.add(changes.counts)
      try recordReading(of: batch.source, at: now, error: nil, skipped: batch.skipped)
    }
    for failure in failures {
      try recordReading(of: failure.path, at: now, error: failure.error)
    }
    return counts
  }

  private func updateImportedRow(_ appointment: Appointment, digest: Int, now: Date)
    throws(StoreError)
  {
    var stored = appointment
    var local: LocalFields = []
    if let kept = try self.appointment(id: appointment.id) {
      noteTrips(of: kept)
      (stored, local) = appointment.keepingLocal(
        try localFields(of: appointment.id), of: kept,
        occurrences: try localOccurrences(of: appointment.id))
      // A provider's trip stays while the calendar's change leaves its question as it was.
      stored = stored.keepingRouteTrip(of: kept)
    }
    stored = try updateRow(stored, now: now)
    try database.rows(
      "UPDATE appointment SET source_digest = ? WHERE id = ?",
      [.integer(digest), .integer(stored.id)])
    try writeLocalFields(local, of: stored.id)
  }

  /// Records the fields of appointment `id` the person set over its calendar.
  func writeLocalFields(_ local: LocalFields, of id: Int) throws(StoreError) {
    guard keepsLocalChanges else { return }
    try database.rows(
      "UPDATE appointment SET local_fields = ? WHERE id = ? AND source IS NOT NULL",
      [.integer(local.rawValue), .integer(id)])
  }
}
