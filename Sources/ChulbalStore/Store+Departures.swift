import ChulbalCore
import FoundationEssentials

/// The records of the departures calendar (schema 6): what is on the server, so that a push
/// puts only what changed and deletes only what chulbal put there.
extension Store {
  private static let pushColumns = Row.Columns(["uid", "href", "etag", "digest"])

  /// Whether the file keeps departure records (schema 6 on).
  var keepsDeparturePushes: Bool { schema >= 6 }

  /// Every event put in the departures calendar of the source named `source`, by UID; none
  /// in a file older than schema 6.
  public func departurePushes(source: String) throws(StoreError) -> [DepartureRecord] {
    guard keepsDeparturePushes else { return [] }
    return try database.rows(
      "SELECT \(Self.pushColumns.list) FROM departure_push WHERE source = ? ORDER BY uid",
      [.text(source)]
    ).map { values throws(StoreError) in
      var row = Row(values, columns: Self.pushColumns, label: "출발 캘린더 기록", path: path)
      let uid = try row.text("uid")
      row.label = "출발 캘린더 기록 '\(uid)'"
      return DepartureRecord(
        uid: uid, href: try row.text("href"), etag: try row.optionalText("etag"),
        digest: try row.integer("digest"))
    }
  }

  /// Records what one push did, in one transaction: `removed` (UIDs) are forgotten first,
  /// then `written` are kept, each in place of any record with its UID.
  ///
  /// - Throws: `StoreError` when there is no source named `source` (the foreign key), which
  ///   leaves every record as it was.
  public func recordDeparturePushes(
    source: String, written: [DepartureRecord], removed: [String]
  ) throws(StoreError) {
    guard !written.isEmpty || !removed.isEmpty else { return }
    try database.writeTransaction { () throws(StoreError) in
      for uid in removed {
        try database.rows(
          "DELETE FROM departure_push WHERE source = ? AND uid = ?", [.text(source), .text(uid)])
      }
      for push in written {
        try database.rows(
          """
          INSERT INTO departure_push (source, uid, href, etag, digest) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (source, uid) DO UPDATE SET href = excluded.href, etag = excluded.etag,
              digest = excluded.digest
          """,
          [
            .text(source), .text(push.uid), .text(push.href), push.etag.map { .text($0) } ?? .null,
            .integer(push.digest),
          ])
      }
    }
  }
}
