import ChulbalCalDAV
import Foundation
import Synchronization

/// A CalDAV server in memory that records every request made of it: the double for testing
/// what the sync decides to ask (``CalendarPull``, ``ServerSync``) without a network. What it
/// answers follows RFC 6578 as the real client's tests check against Radicale: a token per
/// change, changes since a token, a token it may forget.
final class RecordingCalendarServer: CalendarServer, Sendable {
  struct Calendar {
    var displayName: String?
    /// href → (ETag, data).
    var resources: [String: (etag: String, data: Data)] = [:]
    /// Each change in order: the token it made and the href changed or removed.
    var history: [(token: Int, href: String)] = []
  }

  struct State {
    var calendars: [URL: Calendar] = [:]
    var token = 1
    var version = 0
    /// Whether the server gives sync tokens at all.
    var givesTokens = true
    /// Whether `changes` refuses every token as expired.
    var forgetsTokens = false
    /// Thrown by every request while set.
    var failure: DAVError?
    /// The requests made, as `method calendar-name [detail]`.
    var calls: [String] = []
  }

  private let state = Mutex(State())
  let home = URL(string: "https://dav.example.org/alice/")!

  /// A server with these calendars (by last URL segment) and display names.
  init(calendars: [(segment: String, displayName: String?)]) {
    state.withLock { state in
      for (segment, name) in calendars {
        state.calendars[home.appendingPathComponent(segment + "/")] = Calendar(displayName: name)
      }
    }
  }

  func url(_ segment: String) -> URL { home.appendingPathComponent(segment + "/") }

  /// Puts (or replaces) a resource, as another client would.
  func put(_ text: String, named name: String, in segment: String) {
    state.withLock { state in
      let url = url(segment)
      state.version += 1
      state.token += 1
      let href = "/alice/\(segment)/\(name)"
      state.calendars[url]?.resources[href] = ("\"v\(state.version)\"", Data(text.utf8))
      state.calendars[url]?.history.append((state.token, href))
    }
  }

  /// Deletes a resource, as another client would.
  func delete(named name: String, in segment: String) {
    state.withLock { state in
      let url = url(segment)
      state.token += 1
      let href = "/alice/\(segment)/\(name)"
      state.calendars[url]?.resources[href] = nil
      state.calendars[url]?.history.append((state.token, href))
    }
  }

  func set(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }

  /// The requests made since the last call, and forgets them.
  func takeCalls() -> [String] {
    state.withLock { state in
      defer { state.calls = [] }
      return state.calls
    }
  }

  private func record(_ call: String, _ url: URL? = nil) throws(DAVError) -> State {
    let result: Result<State, DAVError> = state.withLock { state in
      state.calls.append(call + (url.map { " " + $0.lastPathComponent } ?? ""))
      if let failure = state.failure { return .failure(failure) }
      return .success(state)
    }
    return try result.get()
  }

  private func calendarOf(_ url: URL, _ state: State) throws(DAVError) -> Calendar {
    guard let calendar = state.calendars[url] else { throw .notFound(url: url.absoluteString) }
    return calendar
  }

  func discoverCalendars() throws(DAVError) -> [DAVCalendar] {
    let state = try record("discover")
    return state.calendars.keys.sorted { $0.absoluteString < $1.absoluteString }.map {
      DAVCalendar(url: $0, displayName: state.calendars[$0]?.displayName)
    }
  }

  func calendar(at url: URL) throws(DAVError) -> DAVCalendar {
    let state = try record("calendar", url)
    let calendar = try calendarOf(url, state)
    return DAVCalendar(
      url: url, displayName: calendar.displayName,
      syncToken: state.givesTokens ? "t\(state.token)" : nil,
      ctag: "c\(calendar.history.last?.token ?? 0)")
  }

  func events(in url: URL, from start: Date) throws(DAVError) -> [DAVDocument] {
    let calendar = try calendarOf(url, try record("events", url))
    return calendar.resources.keys.sorted().map {
      DAVDocument(
        href: $0, etag: calendar.resources[$0]!.etag, data: calendar.resources[$0]!.data)
    }
  }

  func etags(in url: URL, from start: Date) throws(DAVError) -> [DAVResource] {
    let calendar = try calendarOf(url, try record("etags", url))
    return calendar.resources.keys.sorted().map {
      DAVResource(href: $0, etag: calendar.resources[$0]!.etag)
    }
  }

  func documents(_ hrefs: [String], in url: URL) throws(DAVError) -> [DAVDocument] {
    let names = hrefs.map { String($0.split(separator: "/").last ?? "") }
    let calendar = try calendarOf(
      url, try record("documents \(url.lastPathComponent) \(names.joined(separator: ","))"))
    return hrefs.compactMap { href in
      calendar.resources[href].map { DAVDocument(href: href, etag: $0.etag, data: $0.data) }
    }
  }

  func changes(in url: URL, since token: String) throws(DAVError) -> DAVChanges {
    let state = try record("changes", url)
    let calendar = try calendarOf(url, state)
    guard state.givesTokens, !state.forgetsTokens, let since = Int(token.dropFirst()) else {
      throw .syncTokenExpired(url: url.absoluteString)
    }
    let touched = Set(calendar.history.filter { $0.token > since }.map(\.href))
    return DAVChanges(
      syncToken: "t\(state.token)",
      changed: touched.sorted().compactMap { href in
        calendar.resources[href].map { DAVResource(href: href, etag: $0.etag) }
      },
      removed: touched.sorted().filter { calendar.resources[$0] == nil })
  }

  func makeCalendar(at url: URL, displayName: String) throws(DAVError) {
    _ = try record("mkcalendar", url)
    state.withLock { $0.calendars[url] = Calendar(displayName: displayName) }
  }

  func put(_ data: Data, at href: String, replacing etag: String?) throws(DAVError) -> String? {
    _ = try record("put \(href)")
    return nil
  }

  func delete(_ href: String, etag: String?) throws(DAVError) {
    _ = try record("delete \(href)")
  }

  /// A CalDAV server serves no feeds here: the feed tests use a real HTTP server.
  func feed(at url: URL, known: FeedVersion) throws(DAVError) -> FeedAnswer {
    _ = try record("get", url)
    throw .notFound(url: url.absoluteString)
  }
}

/// One event of a calendar as a CalDAV resource holds it.
func davEvent(uid: String, title: String, start: String, location: String? = nil) -> String {
  [
    "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//chulbal tests//EN", "BEGIN:VEVENT", "UID:\(uid)",
    "DTSTAMP:20261101T000000Z", "DTSTART:\(start)", "DURATION:PT1H", "SUMMARY:\(title)",
  ].joined(separator: "\r\n") + (location.map { "\r\nLOCATION:\($0)" } ?? "")
    + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
}
