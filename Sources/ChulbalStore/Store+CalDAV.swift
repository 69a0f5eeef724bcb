import ChulbalCore
import FoundationEssentials

/// A calendar of a CalDAV source, and where its last sync left off.
public struct SourceCalendar: Equatable, Sendable {
  /// Absolute, ending in `/`.
  public var url: String
  public var displayName: String?
  /// The sync token (RFC 6578) the last sync was given; nil when the server gives none.
  public var syncToken: String?
  public var ctag: String?
  /// The last good sync; nil before the first.
  public var syncedAt: Date?

  public init(
    url: String, displayName: String? = nil, syncToken: String? = nil, ctag: String? = nil,
    syncedAt: Date? = nil
  ) {
    self.url = url
    self.displayName = displayName
    self.syncToken = syncToken
    self.ctag = ctag
    self.syncedAt = syncedAt
  }
}

/// One resource of a CalDAV calendar as last fetched.
public struct CachedResource: Equatable, Sendable {
  /// The calendar's URL.
  public var calendar: String
  public var href: String
  public var etag: String
  /// The iCalendar resource.
  public var data: Data

  public init(calendar: String, href: String, etag: String, data: Data) {
    self.calendar = calendar
    self.href = href
    self.etag = etag
    self.data = data
  }
}

/// What one sync changes of one calendar's row and cached resources.
public struct CalendarUpdate: Sendable {
  /// The calendar as the sync left it; a nil display name keeps the one kept.
  public var calendar: SourceCalendar
  /// Whether ``stored`` is every resource of the calendar, so the others go.
  public var replacesAll: Bool
  /// Resources added or changed.
  public var stored: [CachedResource]
  /// The hrefs of resources gone.
  public var removed: [String]

  public init(
    calendar: SourceCalendar, replacesAll: Bool, stored: [CachedResource], removed: [String]
  ) {
    self.calendar = calendar
    self.replacesAll = replacesAll
    self.stored = stored
    self.removed = removed
  }
}

/// CalDAV sources (schema 6): their calendars and the cache of what was fetched, written with
/// the appointments made of it in one transaction.
extension Store {
  /// The calendars of the source named `name`, by URL.
  public func sourceCalendars(_ name: String) throws(StoreError) -> [SourceCalendar] {
    guard keepsServers else { return [] }
    let columns = Row.Columns(["url", "display_name", "sync_token", "ctag", "synced_at"])
    return try database.rows(
      "SELECT \(columns.list) FROM source_calendar WHERE source = ? ORDER BY url", [.text(name)]
    ).map { values throws(StoreError) in
      let row = Row(values, columns: columns, label: "캘린더 '\(name)'의 서버 캘린더", path: path)
      return SourceCalendar(
        url: try row.text("url"), displayName: try row.optionalText("display_name"),
        syncToken: try row.optionalText("sync_token"), ctag: try row.optionalText("ctag"),
        syncedAt: try row.optionalInteger("synced_at").map {
          Date(timeIntervalSince1970: TimeInterval($0))
        })
    }
  }

  /// The ETag of each cached resource of the source named `name`, by calendar URL and href:
  /// what a sync compares, without reading the resources' data.
  public func cachedETags(_ name: String) throws(StoreError) -> [String: [String: String]] {
    guard keepsServers else { return [:] }
    var result: [String: [String: String]] = [:]
    for row in try database.rows(
      "SELECT calendar, href, etag FROM source_resource WHERE source = ?", [.text(name)])
    {
      guard case .text(let calendar) = row[0], case .text(let href) = row[1],
        case .text(let etag) = row[2]
      else {
        throw .damaged(path: path, reason: "캘린더 '\(name)'의 저장된 일정에 글자가 아닌 주소나 ETag가 있습니다")
      }
      result[calendar, default: [:]][href] = etag
    }
    return result
  }

  /// Every cached resource of the source named `name`, by calendar and href.
  public func cachedResources(_ name: String) throws(StoreError) -> [CachedResource] {
    guard keepsServers else { return [] }
    return try database.rows(
      """
      SELECT calendar, href, etag, data FROM source_resource WHERE source = ?
      ORDER BY calendar, href
      """, [.text(name)]
    ).map { row throws(StoreError) in
      guard case .text(let calendar) = row[0], case .text(let href) = row[1],
        case .text(let etag) = row[2]
      else {
        throw .damaged(path: path, reason: "캘린더 '\(name)'의 저장된 일정에 글자가 아닌 주소나 ETag가 있습니다")
      }
      let data: Data
      switch row[3] {
      case .blob(let bytes): data = Data(bytes)
      case .text(let text): data = Data(text.utf8)
      default:
        throw .damaged(path: path, reason: "캘린더 '\(name)'의 저장된 일정 '\(href)'에 내용이 없습니다")
      }
      return CachedResource(calendar: calendar, href: href, etag: etag, data: data)
    }
  }

  /// Keeps a new CalDAV source with its calendars, what its first sync fetched and the
  /// appointments made of it, in one transaction.
  ///
  /// - Returns: what the import did, or nil when the source's name or URL is kept already
  ///   (nothing is written then).
  public func addServerSource(
    _ source: CalendarSource, updates: [CalendarUpdate], batch: CalendarBatch, now: Date
  ) throws(StoreError) -> ImportCounts? {
    try writeAppointments { () throws(StoreError) -> ImportCounts? in
      guard try insertSource(source) else { return nil }
      for update in updates {
        try database.rows(
          "INSERT INTO source_calendar (source, url, display_name) VALUES (?, ?, ?)",
          [
            .text(source.name), .text(update.calendar.url),
            SQLValue(update.calendar.displayName),
          ])
      }
      try write(updates, of: source.name, now: now)
      return try writeImport([batch], now: now, failures: [])
    }
  }

  /// Keeps what a sync of the source named `name` brought: each calendar's token and cache,
  /// and the appointments made of the whole cache (`batch`; nil when nothing changed, which
  /// records the sync alone), in one transaction.
  ///
  /// - Parameter expecting: the calendars as they were read before the sync. Another sync
  ///   that finished meanwhile changed them, and this one then writes nothing: its changes
  ///   are counted from a cache that is no longer there.
  /// - Returns: what the import did, or nil when another sync finished first or the source
  ///   has been removed meanwhile.
  public func saveSync(
    of name: String, expecting: [SourceCalendar], updates: [CalendarUpdate],
    batch: CalendarBatch?, now: Date
  ) throws(StoreError) -> ImportCounts? {
    try writeAppointments { () throws(StoreError) -> ImportCounts? in
      guard
        case .text(let key) = try database.scalar(
          "SELECT path FROM source WHERE name = ?", [.text(name)])
      else { return nil }
      guard try sourceCalendars(name) == expecting else { return nil }
      try write(updates, of: name, now: now)
      guard let batch else {
        try recordReading(of: key, at: now, error: nil)
        return ImportCounts(unchanged: try importedCount(source: key))
      }
      return try writeImport([batch], now: now, failures: [])
    }
  }

  /// Records a sync of the source at `key` (its URL) that failed, and why; its appointments
  /// and cache stay as they were.
  public func recordSyncFailure(of key: String, error: String, now: Date) throws(StoreError) {
    try database.writeTransaction { () throws(StoreError) in
      try recordReading(of: key, at: now, error: error)
    }
  }

  /// Writes each calendar's new token, CTag and sync time, and its cached resources.
  private func write(_ updates: [CalendarUpdate], of name: String, now: Date)
    throws(StoreError)
  {
    for update in updates {
      let calendar = update.calendar
      try database.rows(
        """
        UPDATE source_calendar SET display_name = coalesce(?, display_name), sync_token = ?,
          ctag = ?, synced_at = ?
        WHERE source = ? AND url = ?
        """,
        [
          SQLValue(calendar.displayName), SQLValue(calendar.syncToken), SQLValue(calendar.ctag),
          .integer(Self.seconds(now)), .text(name), .text(calendar.url),
        ])
      if update.replacesAll {
        try database.rows(
          "DELETE FROM source_resource WHERE source = ? AND calendar = ?",
          [.text(name), .text(calendar.url)])
      }
      for href in update.removed {
        try database.rows(
          "DELETE FROM source_resource WHERE source = ? AND calendar = ? AND href = ?",
          [.text(name), .text(calendar.url), .text(href)])
      }
      for resource in update.stored {
        try database.rows(
          """
          INSERT INTO source_resource (source, calendar, href, etag, data) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (source, calendar, href) DO UPDATE
            SET etag = excluded.etag, data = excluded.data
          """,
          [
            .text(name), .text(calendar.url), .text(resource.href), .text(resource.etag),
            .blob(Array(resource.data)),
          ])
      }
    }
  }
}
