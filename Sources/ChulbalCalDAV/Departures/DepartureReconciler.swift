import ChulbalCore
import FoundationEssentials

/// Brings a departures calendar to the departures wanted, touching only events chulbal put there
/// (those it has records of); an event whose digest is unchanged costs no request.
public enum DepartureReconciler {
  /// Puts new events (`If-None-Match: *`) and changed ones (`If-Match` their recorded ETag),
  /// several at once (``CalendarServer/put(_:)``), then those to put over, and deletes those no
  /// longer wanted; records in another calendar (the source's departures calendar changed) are
  /// deleted first.
  ///
  /// A 412 means the server holds a version chulbal does not know (a put it failed to record, or a
  /// phone's change). The event derives from the store, so it is put over that version (deleted,
  /// then put anew) rather than merged; likewise an event recorded without an ETag. A 404 on a
  /// delete means it is done.
  ///
  /// A refusal with a status of its own is left for the next push; any other failure stops the work
  /// (puts under way finish). The result says exactly what the server has, for the caller to
  /// record.
  ///
  /// - Parameters:
  ///   - desired: the departures the calendar should hold; a repeated UID is left out.
  ///   - records: what chulbal put earlier, for this calendar's source.
  ///   - calendar: the departures calendar's URL.
  public static func reconcile(
    _ desired: [DepartureEvent], records: [DepartureRecord], calendar: URL,
    server: some CalendarServer
  ) -> DepartureReconciliation {
    let folder = collectionPath(calendar)
    var result = DepartureReconciliation()
    var recorded: [String: DepartureRecord] = [:]
    var elsewhere: [DepartureRecord] = []
    for record in records {
      if record.href.hasPrefix(folder) && recorded[record.uid] == nil {
        recorded[record.uid] = record
      } else {
        elsewhere.append(record)
      }
    }
    var wanted = Set<String>()
    /// Runs one event's requests. The first refusal with a status of the server's own (400, 507) is
    /// kept as the failure and the work goes on; anything else (no connection, sign-in refused,
    /// calendar gone) would fail every request, and stops it.
    func each(_ body: () throws(DAVError) -> Void) throws(DAVError) {
      do throws(DAVError) {
        try body()
      } catch .status(let code, let method, let url) {
        result.failure = result.failure ?? .status(code, method: method, url: url)
      }
    }
    func delete(_ record: DepartureRecord) throws(DAVError) {
      try each { () throws(DAVError) in
        try deleteGone(record.href, server: server)
        result.removed.append(record.uid)
        result.deleted += 1
      }
    }
    do throws(DAVError) {
      for record in elsewhere { try delete(record) }
      var puts: [Put] = []
      var over: [(put: Put, refused: Bool)] = []
      for event in desired where wanted.insert(event.uid).inserted {
        let record = recorded[event.uid]
        guard record?.digest != event.digest else { continue }
        let put = Put(event: event, record: record, href: record?.href ?? folder + event.fileName)
        // A recorded event the server gave no ETag for cannot be named by `If-Match`.
        if let record, record.etag == nil {
          over.append((put, false))
        } else {
          puts.append(put)
        }
      }
      let answers = server.put(
        puts.map { DAVWrite(Data($0.event.text.utf8), at: $0.href, replacing: $0.record?.etag) })
      // Every put the server took is kept before any failure is thrown.
      var stop: DAVError?
      for (put, answer) in zip(puts, answers) {
        switch answer {
        case .success(let etag)?: note(put, etag: etag, overwritten: false, in: &result)
        case .failure(.preconditionFailed)?: over.append((put, true))
        case .failure(.status(let code, let method, let url))?:
          result.failure = result.failure ?? .status(code, method: method, url: url)
        case .failure(let error)?: stop = stop ?? error
        case nil: break
        }
      }
      if let stop { throw stop }
      for (put, refused) in over {
        try each { () throws(DAVError) in
          let etag = try putOver(Data(put.event.text.utf8), at: put.href, server: server)
          note(put, etag: etag, overwritten: refused, in: &result)
        }
      }
      for record in recorded.values.sorted(by: { $0.uid < $1.uid })
      where !wanted.contains(record.uid) {
        try delete(record)
      }
    } catch {
      result.failure = result.failure ?? error
    }
    // A departure moved here from another calendar is deleted there and put here: its record
    // is the new one.
    let written = Set(result.written.map(\.uid))
    result.removed.removeAll { written.contains($0) }
    return result
  }

  /// One event to put, over its record when it has one.
  private struct Put {
    var event: DepartureEvent
    var record: DepartureRecord?
    var href: String
  }

  /// Counts a put the server took and keeps its record.
  private static func note(
    _ put: Put, etag: String?, overwritten: Bool, in result: inout DepartureReconciliation
  ) {
    if put.record == nil { result.created += 1 } else { result.updated += 1 }
    if overwritten { result.overwritten += 1 }
    result.written.append(
      DepartureRecord(uid: put.event.uid, href: put.href, etag: etag, digest: put.event.digest))
  }

  /// The calendar's path, percent-encoded as the server names it, ending in `/`: what the
  /// hrefs of the events put in it begin with.
  static func collectionPath(_ calendar: URL) -> String {
    let path = calendar.path(percentEncoded: true)
    return path.hasSuffix("/") ? path : path + "/"
  }

  /// Deletes whatever version is at `href`, then puts `data` there as new.
  private static func putOver(_ data: Data, at href: String, server: some CalendarServer)
    throws(DAVError) -> String?
  {
    try deleteGone(href, server: server)
    return try server.put(data, at: href, replacing: nil)
  }

  /// Deletes `href` whatever its version; one already gone is deleted.
  private static func deleteGone(_ href: String, server: some CalendarServer) throws(DAVError) {
    do throws(DAVError) {
      try server.delete(href, etag: nil)
    } catch .notFound {
      // Gone already: what was wanted.
    }
  }
}
