import ChulbalCore
import FoundationEssentials

/// A calendar chulbal re-reads (`source add`): a file, a vdir folder, the calendars of a
/// CalDAV account or a read-only iCalendar feed, and how its last reading went.
public struct CalendarSource: Equatable, Sendable {
  public enum Kind: String, Sendable {
    case file, folder, caldav, feed

    /// Whether it is on a server, brought in by `sync` rather than `import --sources`.
    public var isServer: Bool { self == .caldav || self == .feed }
  }

  public var name: String
  /// An absolute path, or for ``Kind/caldav`` the account's URL and for ``Kind/feed`` the
  /// feed's (without credentials): the `source` of the appointments read from it.
  public var path: String
  public var kind: Kind
  public var addedAt: Date
  /// When it was last read well.
  public var lastReadAt: Date?
  /// Why the last reading failed; nil when it went well or there has been none. A failed
  /// reading leaves ``lastReadAt`` at the last good one.
  public var lastError: String?
  /// Appointments from it after the last good reading.
  public var eventCount: Int?
  /// Events its last good reading left out (all-day, cancelled, unreadable, …); nil before
  /// schema 8 or a reading since.
  public var skippedCount: Int?
  /// CalDAV: the user to sign in as; nil to take the user from `~/.netrc`.
  public var user: String?
  /// CalDAV: what `/bin/sh -c` runs to print the password on its first line; nil for
  /// `~/.netrc`. The password itself is never kept.
  public var passwordCommand: String?
  /// CalDAV: a PEM file of certificate authorities to trust instead of the system's.
  public var caFile: String?
  /// CalDAV: the calendar the departures are put in (`--departures`), or nil.
  public var departuresURL: String?
  /// Where the trips to its appointments start (`--from`), unless ``OriginRule`` finds an
  /// earlier step; nil for the default place.
  public var origin: Origin?

  public init(
    name: String, path: String, kind: Kind, addedAt: Date, lastReadAt: Date? = nil,
    lastError: String? = nil, eventCount: Int? = nil, user: String? = nil,
    passwordCommand: String? = nil, caFile: String? = nil, departuresURL: String? = nil,
    origin: Origin? = nil
  ) {
    self.name = name
    self.path = path
    self.kind = kind
    self.addedAt = addedAt
    self.lastReadAt = lastReadAt
    self.lastError = lastError
    self.eventCount = eventCount
    self.user = user
    self.passwordCommand = passwordCommand
    self.caFile = caFile
    self.departuresURL = departuresURL
    self.origin = origin
  }
}

/// Calendar sources (schema 5; CalDAV accounts from schema 6, feeds from schema 8).
extension Store {
  private static let fileSourceColumns = [
    "name", "path", "kind", "added_at", "last_read_at", "last_error", "event_count",
  ]
  private static let serverColumns = ["user_name", "password_command", "ca_file", "departures_url"]

  /// Whether the file keeps CalDAV sources (schema 6 on).
  var keepsServers: Bool { schema >= 6 }

  /// Whether the file keeps how many events a reading left out (schema 8 on).
  var keepsSkips: Bool { schema >= 8 }

  /// Every source, by name; none in a file older than schema 5.
  public func sources() throws(StoreError) -> [CalendarSource] {
    guard keepsSources else { return [] }
    let columns = Row.Columns(
      Self.fileSourceColumns + (keepsServers ? Self.serverColumns : [])
        + (keepsSkips ? ["skipped_count"] : [])
        + (keepsOrigins ? ["origin_name", "origin_lat", "origin_lng"] : []))
    return try database.rows(
      "SELECT \(columns.list) FROM source ORDER BY name"
    ).map { values throws(StoreError) in
      var row = Row(values, columns: columns, label: "캘린더", path: path)
      let name = try row.text("name")
      row.label = "캘린더 '\(name)'"
      let kindText = try row.text("kind")
      guard let kind = CalendarSource.Kind(rawValue: kindText) else {
        throw row.damaged("kind", "잘못된 값 '\(kindText)'")
      }
      var source = CalendarSource(
        name: name, path: try row.text("path"), kind: kind,
        addedAt: Date(timeIntervalSince1970: TimeInterval(try row.integer("added_at"))),
        lastReadAt: try row.optionalInteger("last_read_at").map {
          Date(timeIntervalSince1970: TimeInterval($0))
        },
        lastError: try row.optionalText("last_error"),
        eventCount: try row.optionalInteger("event_count"))
      if keepsServers {
        source.user = try row.optionalText("user_name")
        source.passwordCommand = try row.optionalText("password_command")
        source.caFile = try row.optionalText("ca_file")
        source.departuresURL = try row.optionalText("departures_url")
      }
      if keepsSkips { source.skippedCount = try row.optionalInteger("skipped_count") }
      if keepsOrigins,
        let coordinate = try row.coordinate(
          latitude: Row.Column(name: "origin_lat", position: columns.names.count - 2),
          longitude: Row.Column(name: "origin_lng", position: columns.names.count - 1))
      {
        source.origin = Origin(
          name: try row.optionalText("origin_name"), coordinate: coordinate, reason: .source)
      }
      return source
    }
  }

  /// Keeps a new source; false when its name or path is kept already.
  public func addSource(_ source: CalendarSource) throws(StoreError) -> Bool {
    try database.writeTransaction { () throws(StoreError) -> Bool in try insertSource(source) }
  }

  /// Inserts `source`'s row, inside the caller's transaction; false when its name or path is
  /// kept already.
  func insertSource(_ source: CalendarSource) throws(StoreError) -> Bool {
    try database.rows(
      """
      INSERT OR IGNORE INTO source (name, path, kind, added_at, user_name, password_command,
        ca_file, departures_url)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """,
      [
        .text(source.name), .text(source.path), .text(source.kind.rawValue),
        .integer(Self.seconds(source.addedAt)), SQLValue(source.user),
        SQLValue(source.passwordCommand), SQLValue(source.caFile),
        SQLValue(source.departuresURL),
      ])
    guard database.changes > 0 else { return false }
    if keepsOrigins, let origin = source.origin {
      try database.rows(
        "UPDATE source SET origin_name = ?, origin_lat = ?, origin_lng = ? WHERE name = ?",
        [
          SQLValue(origin.name), .real(origin.coordinate.latitude),
          .real(origin.coordinate.longitude), .text(source.name),
        ])
    }
    return true
  }

  /// How many appointments came from `path`.
  public func importedCount(source path: String) throws(StoreError) -> Int {
    guard keepsSources else { return 0 }
    return try database.scalar(
      "SELECT count(*) FROM appointment WHERE source = ?", [.text(path)]
    ).int ?? 0
  }

  /// Forgets the source named `name`, and with `appointments` the appointments read from it,
  /// in one transaction.
  ///
  /// - Returns: how many appointments were deleted, or nil when there is no such source.
  public func removeSource(named name: String, appointments: Bool) throws(StoreError) -> Int? {
    guard keepsSources else { return nil }
    return try writeAppointments { () throws(StoreError) -> Int? in
      guard
        case .text(let path) = try database.scalar(
          "SELECT path FROM source WHERE name = ?", [.text(name)])
      else { return nil }
      var deleted = 0
      if appointments {
        for appointment in try appointmentRows(
          "WHERE source = ?", [.text(path)], order: "start_at, id")
        {
          noteTrips(of: appointment)
        }
        try database.rows("DELETE FROM appointment WHERE source = ?", [.text(path)])
        deleted = database.changes
      }
      if keepsLocalChanges {
        try database.rows("DELETE FROM hidden_event WHERE source = ?", [.text(path)])
      }
      try database.rows("DELETE FROM source WHERE name = ?", [.text(name)])
      return deleted
    }
  }

  /// Records a reading of the calendar at `path` in its source, if it is one: the error of a
  /// failed one, which leaves the time of the last good reading as it was; or the time of a
  /// good one, how many appointments it now gives, and how many events it left out (nil
  /// leaves that as it was).
  func recordReading(of path: String, at now: Date, error: String?, skipped: Int? = nil)
    throws(StoreError)
  {
    if let error {
      try database.rows(
        "UPDATE source SET last_error = ? WHERE path = ?", [.text(error), .text(path)])
    } else {
      if let skipped, keepsSkips {
        try database.rows(
          "UPDATE source SET skipped_count = ? WHERE path = ?", [.integer(skipped), .text(path)])
      }
      try database.rows(
        """
        UPDATE source SET last_read_at = ?1, last_error = NULL,
          event_count = (SELECT count(*) FROM appointment WHERE source = ?2)
        WHERE path = ?2
        """, [.integer(Self.seconds(now)), .text(path)])
    }
  }
}

extension Row {
  /// An integer, or nil for NULL.
  func optionalInteger(_ column: Column) throws(StoreError) -> Int? {
    if case .null = self[column] { return nil }
    return try integer(column)
  }
}
