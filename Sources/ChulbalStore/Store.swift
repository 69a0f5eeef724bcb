import ChulbalCore
import Foundation

/// The appointment database: appointments, saved places, settings and the alert log.
///
/// One SQLite file in WAL mode, so a reader never waits for a writer; every command's writes
/// are one `BEGIN IMMEDIATE` transaction. A file that is not chulbal's, is damaged, or comes
/// from a newer schema is refused before anything is written to it.
public final class Store {
  /// The schema this build reads and writes (`PRAGMA user_version`).
  public static let schemaVersion = 1
  /// `PRAGMA application_id`: 'CHLB'.
  static let applicationID = 0x4348_4C42

  public var path: String { database.path }
  private let database: Database

  private init(database: Database) {
    self.database = database
  }

  /// The database file: `CHULBAL_DB`, else `$XDG_DATA_HOME/chulbal/chulbal.db`, else
  /// `~/.local/share/chulbal/chulbal.db`.
  public static func defaultPath(environment: [String: String]) -> String {
    if let path = environment["CHULBAL_DB"], !path.isEmpty { return path }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return data + "/chulbal/chulbal.db"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + "/.local/share/chulbal/chulbal.db"
  }

  /// Opens the store at `path`.
  ///
  /// - Parameter create: make the folder (0700) and file (0600) when missing; without it a
  ///   missing file gives nil, so reading commands never create anything.
  /// - Throws: `StoreError` when the file is not chulbal's, is damaged, is newer, or cannot
  ///   be opened. Nothing is written in any of those cases.
  public static func open(path: String, create: Bool) throws(StoreError) -> Store? {
    let exists = FileManager.default.fileExists(atPath: path)
    if !exists {
      guard create else { return nil }
      try createFile(path)
    }
    let database = try Database(path: path, create: false)
    let applicationID = try database.scalar("PRAGMA application_id").int ?? 0
    let version = try database.scalar("PRAGMA user_version").int ?? 0
    let objects = try database.scalar("SELECT count(*) FROM sqlite_master").int ?? 0
    if applicationID == Self.applicationID {
      guard version <= schemaVersion else {
        throw .newerVersion(path: path, found: version, supported: schemaVersion)
      }
    } else if applicationID != 0 || version != 0 || objects != 0 {
      throw .notChulbal(path: path)
    }
    if version < schemaVersion {
      try database.execute("PRAGMA journal_mode=WAL")
      try database.writeTransaction { () throws(StoreError) in
        // Another process may have migrated while this one waited for the lock.
        let current = try database.scalar("PRAGMA user_version").int ?? 0
        for migration in Schema.migrations.dropFirst(current) {
          try database.execute(migration)
        }
        try database.execute(
          "PRAGMA application_id=\(Self.applicationID); PRAGMA user_version=\(schemaVersion)")
      }
    }
    try database.execute("PRAGMA foreign_keys=ON")
    return Store(database: database)
  }

  private static func createFile(_ path: String) throws(StoreError) {
    let folder = (path as NSString).deletingLastPathComponent
    do {
      if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
        try FileManager.default.createDirectory(
          atPath: folder, withIntermediateDirectories: true,
          attributes: [.posixPermissions: 0o700])
      }
    } catch {
      throw .cannotOpen(path: path, reason: "폴더 '\(folder)'를 만들 수 없습니다")
    }
    // Created here, 0600 and empty, so SQLite (and its -wal/-shm files, which copy the main
    // file's mode) never exist with looser permissions.
    let descriptor = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
    if descriptor < 0 && errno != EEXIST {
      throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
    }
    if descriptor >= 0 { close(descriptor) }
  }

  /// `ok`, or SQLite's list of problems.
  public func integrityCheck() throws(StoreError) -> String {
    try database.rows("PRAGMA integrity_check").compactMap { $0.first?.string }
      .joined(separator: "\n")
  }

  // MARK: Appointments

  private static let appointmentColumns = """
    id, title, start_at, time_zone, place, lat, lng, origin_name, origin_lat, origin_lng, mode,
    travel_seconds, travel_estimated, buffer_seconds, prep_seconds, alerts, note
    """

  /// Departure before flooring; good enough to order by, exact ties broken by id.
  private static let departureOrder = "(start_at - travel_seconds - buffer_seconds), id"

  private func appointments(_ condition: String, _ values: [SQLValue] = [], order: String)
    throws(StoreError) -> [Appointment]
  {
    try database.rows(
      "SELECT \(Self.appointmentColumns) FROM appointment \(condition) ORDER BY \(order)", values
    ).map(Self.appointment)
  }

  /// Appointments that have not started, soonest departure first.
  public func upcoming(after now: Date) throws(StoreError) -> [Appointment] {
    try appointments(
      "WHERE start_at > ?", [.integer(Self.seconds(now))], order: Self.departureOrder)
  }

  /// Appointments that have started, most recent first.
  public func past(atOrBefore now: Date) throws(StoreError) -> [Appointment] {
    try appointments(
      "WHERE start_at <= ?", [.integer(Self.seconds(now))], order: "start_at DESC, id")
  }

  /// Every appointment, by start.
  public func all() throws(StoreError) -> [Appointment] {
    try appointments("", order: "start_at, id")
  }

  /// The appointment whose departure comes next among those not yet started.
  public func next(after now: Date) throws(StoreError) -> Appointment? {
    try appointments(
      "WHERE start_at > ?", [.integer(Self.seconds(now))], order: Self.departureOrder + " LIMIT 1"
    ).first
  }

  public func appointment(id: Int) throws(StoreError) -> Appointment? {
    try appointments("WHERE id = ?", [.integer(id)], order: "id").first
  }

  /// Appointments whose title starts with `prefix` (exactly, case and all).
  public func appointments(titlePrefix prefix: String) throws(StoreError) -> [Appointment] {
    try appointments(
      "WHERE substr(title, 1, length(?1)) = ?1", [.text(prefix)], order: "start_at, id")
  }

  public var appointmentCount: Int {
    get throws(StoreError) { try database.scalar("SELECT count(*) FROM appointment").int ?? 0 }
  }

  /// Stores a new appointment and returns it with its id.
  public func insert(_ appointment: Appointment) throws(StoreError) -> Appointment {
    try database.writeTransaction { () throws(StoreError) in
      try database.rows(
        """
        INSERT INTO appointment (title, start_at, time_zone, place, lat, lng, origin_name,
          origin_lat, origin_lng, mode, travel_seconds, travel_estimated, buffer_seconds,
          prep_seconds, alerts, note, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, strftime('%s','now'))
        """, Self.values(appointment))
      var stored = appointment
      stored.id = try database.scalar("SELECT last_insert_rowid()").int ?? 0
      return stored
    }
  }

  /// Replaces a stored appointment's fields.
  public func update(_ appointment: Appointment) throws(StoreError) {
    try database.writeTransaction { () throws(StoreError) in
      try database.rows(
        """
        UPDATE appointment SET title = ?, start_at = ?, time_zone = ?, place = ?, lat = ?,
          lng = ?, origin_name = ?, origin_lat = ?, origin_lng = ?, mode = ?, travel_seconds = ?,
          travel_estimated = ?, buffer_seconds = ?, prep_seconds = ?, alerts = ?, note = ?
        WHERE id = ?
        """, Self.values(appointment) + [.integer(appointment.id)])
    }
  }

  /// Deletes appointments (and their alert log) in one transaction; returns how many went.
  public func delete(ids: [Int]) throws(StoreError) -> Int {
    try database.writeTransaction { () throws(StoreError) in
      var deleted = 0
      for id in ids {
        try database.rows("DELETE FROM appointment WHERE id = ?", [.integer(id)])
        deleted += database.changes
      }
      return deleted
    }
  }

  private static func seconds(_ date: Date) -> Int {
    Int(date.timeIntervalSince1970.rounded(.down))
  }

  private static func values(_ a: Appointment) -> [SQLValue] {
    [
      .text(a.title), .integer(seconds(a.start)), .text(a.timeZone), SQLValue(a.place),
      SQLValue(a.coordinate?.latitude), SQLValue(a.coordinate?.longitude),
      SQLValue(a.origin?.name), SQLValue(a.origin?.coordinate.latitude),
      SQLValue(a.origin?.coordinate.longitude), .text(a.mode.rawValue),
      .integer(a.travelSeconds), .integer(a.travelEstimated ? 1 : 0), .integer(a.bufferSeconds),
      .integer(a.prepSeconds), .text(a.alertLeads.map(String.init).joined(separator: ",")),
      SQLValue(a.note),
    ]
  }

  private static func appointment(_ row: [SQLValue]) -> Appointment {
    func coordinate(_ lat: SQLValue, _ lng: SQLValue) -> Coordinate? {
      guard let latitude = lat.double, let longitude = lng.double else { return nil }
      return Coordinate(latitude: latitude, longitude: longitude)
    }
    let origin = coordinate(row[8], row[9]).map { Origin(name: row[7].string, coordinate: $0) }
    return Appointment(
      id: row[0].int ?? 0, title: row[1].string ?? "",
      start: Date(timeIntervalSince1970: TimeInterval(row[2].int ?? 0)),
      timeZone: row[3].string ?? "UTC", place: row[4].string,
      coordinate: coordinate(row[5], row[6]),
      origin: origin, mode: TravelMode(rawValue: row[10].string ?? "") ?? .transit,
      travelSeconds: row[11].int ?? 0, travelEstimated: row[12].int == 1,
      bufferSeconds: row[13].int ?? 0, prepSeconds: row[14].int ?? 0,
      alertLeads: (row[15].string ?? "").split(separator: ",").compactMap { Int($0) },
      note: row[16].string)
  }

  // MARK: Places

  public func places() throws(StoreError) -> [SavedPlace] {
    try database.rows("SELECT name, lat, lng, is_default FROM place ORDER BY name").map {
      SavedPlace(
        name: $0[0].string ?? "",
        coordinate: Coordinate(latitude: $0[1].double ?? 0, longitude: $0[2].double ?? 0),
        isDefault: $0[3].int == 1)
    }
  }

  public func place(named name: String) throws(StoreError) -> SavedPlace? {
    try places().first { $0.name == name }
  }

  public func defaultPlace() throws(StoreError) -> SavedPlace? {
    try places().first { $0.isDefault }
  }

  /// Adds a place; with `isDefault`, it replaces the old default in the same transaction.
  /// Returns false, writing nothing, when the name is taken.
  public func addPlace(_ place: SavedPlace) throws(StoreError) -> Bool {
    try database.writeTransaction { () throws(StoreError) in
      let taken =
        try database.scalar(
          "SELECT count(*) FROM place WHERE name = ?", [.text(place.name)]
        ).int ?? 0
      guard taken == 0 else { return false }
      if place.isDefault { try database.execute("UPDATE place SET is_default = 0") }
      try database.rows(
        "INSERT INTO place (name, lat, lng, is_default) VALUES (?, ?, ?, ?)",
        [
          .text(place.name), .real(place.coordinate.latitude), .real(place.coordinate.longitude),
          .integer(place.isDefault ? 1 : 0),
        ])
      return true
    }
  }

  /// Removes a place; returns whether it existed.
  public func removePlace(named name: String) throws(StoreError) -> Bool {
    try database.writeTransaction { () throws(StoreError) in
      try database.rows("DELETE FROM place WHERE name = ?", [.text(name)])
      return database.changes > 0
    }
  }

  // MARK: Settings

  /// The stored settings over the defaults.
  ///
  /// - Throws: `StoreError.damaged` naming the setting when a stored value does not read back
  ///   (every value was checked when it was set, so only a damaged file has one).
  public func settings() throws(StoreError) -> Settings {
    var settings = Settings.defaults
    for row in try database.rows("SELECT key, value FROM setting ORDER BY key") {
      // A key this version does not know is left for the version that wrote it.
      guard let name = row[0].string, let key = Settings.Key(rawValue: name) else { continue }
      guard let value = row[1].string else {
        throw .damaged(path: path, reason: "setting '\(name)': no text value")
      }
      do {
        try settings.set(key, from: value)
      } catch {
        throw .damaged(path: path, reason: "setting '\(name)': '\(value)'")
      }
    }
    return settings
  }

  /// Stores the value `settings` holds for `key`, in its normal form.
  public func save(_ key: Settings.Key, of settings: Settings) throws(StoreError) {
    try database.writeTransaction { () throws(StoreError) in
      try database.rows(
        "INSERT INTO setting (key, value) VALUES (?, ?) "
          + "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [.text(key.rawValue), .text(settings.text(key))])
    }
  }
}
