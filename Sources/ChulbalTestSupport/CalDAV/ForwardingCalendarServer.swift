import ChulbalCalDAV
import Foundation

/// A test double that hands every request to another server, ``inner``, but those it
/// implements itself: a double that watches or breaks one request writes that one alone.
public protocol ForwardingCalendarServer: CalendarServer {
  associatedtype Inner: CalendarServer
  var inner: Inner { get }
}

extension ForwardingCalendarServer {
  public func discoverCalendars() throws(DAVError) -> [DAVCalendar] {
    try inner.discoverCalendars()
  }
  public func calendar(at url: URL) throws(DAVError) -> DAVCalendar {
    try inner.calendar(at: url)
  }
  public func events(in calendar: URL, from start: Date) throws(DAVError) -> [DAVDocument] {
    try inner.events(in: calendar, from: start)
  }
  public func etags(in calendar: URL, from start: Date) throws(DAVError) -> [DAVResource] {
    try inner.etags(in: calendar, from: start)
  }
  public func documents(_ hrefs: [String], in calendar: URL) throws(DAVError) -> [DAVDocument] {
    try inner.documents(hrefs, in: calendar)
  }
  public func changes(in calendar: URL, since token: String) throws(DAVError) -> DAVChanges {
    try inner.changes(in: calendar, since: token)
  }
  public func makeCalendar(at url: URL, displayName: String) throws(DAVError) {
    try inner.makeCalendar(at: url, displayName: displayName)
  }
  public func put(_ data: Data, at href: String, replacing etag: String?) throws(DAVError)
    -> String?
  {
    try inner.put(data, at: href, replacing: etag)
  }
  public func put(_ writes: [DAVWrite]) -> [Result<String?, DAVError>?] { inner.put(writes) }
  public func delete(_ href: String, etag: String?) throws(DAVError) {
    try inner.delete(href, etag: etag)
  }
  public func feed(at url: URL, known: FeedVersion) throws(DAVError) -> FeedAnswer {
    try inner.feed(at: url, known: known)
  }
}
