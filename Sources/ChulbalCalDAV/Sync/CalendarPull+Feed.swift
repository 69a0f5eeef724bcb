import FoundationEssentials

/// A read-only feed brought up to date as a calendar of one resource: the feed itself, its
/// href the feed's URL, its ETag the feed's, and the calendar's CTag its `Last-Modified`.
extension CalendarPull {
  /// Asks `server` for the feed at `checkpoint`'s URL, naming the cached version (one GET).
  ///
  /// - Throws: the server's ``DAVError``, including ``DAVError/notICalendar(url:contentType:)``;
  ///   nothing is decided then.
  public static func feed(
    _ checkpoint: CalendarCheckpoint, from server: any CalendarServer
  ) throws(DAVError) -> CalendarPull {
    let etag = checkpoint.etags[checkpoint.url.absoluteString]
    let known =
      checkpoint.synced
      ? FeedVersion(etag: etag?.isEmpty == false ? etag : nil, lastModified: checkpoint.ctag)
      : FeedVersion()
    return feed(
      checkpoint.url, answer: try server.feed(at: checkpoint.url, known: known), known: known)
  }

  /// What a feed's answer changes: nothing for a 304, which keeps `known`; otherwise the one
  /// resource, replaced whole.
  public static func feed(_ url: URL, answer: FeedAnswer, known: FeedVersion) -> CalendarPull {
    switch answer {
    case .notModified:
      return CalendarPull(
        calendar: DAVCalendar(url: url, ctag: known.lastModified), method: .unchanged,
        fetched: [], removed: [])
    case .calendar(let data, let version):
      // The cache's ETag column holds text: "" for a feed that gave none.
      return CalendarPull(
        calendar: DAVCalendar(url: url, ctag: version.lastModified), method: .everything,
        fetched: [DAVDocument(href: url.absoluteString, etag: version.etag ?? "", data: data)],
        removed: [])
    }
  }
}
