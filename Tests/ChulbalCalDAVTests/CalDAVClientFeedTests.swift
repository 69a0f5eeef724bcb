import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalDAV

/// A feed's GET through the real client, against ``ScriptedServer``: the body decides whether
/// it is iCalendar, the validators come back as the version, and a 304 is no change.
@Suite struct CalDAVClientFeedTests {
  struct Body: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let bytes: [UInt8]
    let isICalendar: Bool
  }

  @Test(arguments: [
    Body(testDescription: "plain", bytes: Array("BEGIN:VCALENDAR\r\n".utf8), isICalendar: true),
    Body(
      testDescription: "a byte-order mark, blank lines, lower case",
      bytes: [0xEF, 0xBB, 0xBF] + Array("\r\n\r\nbegin:vcalendar\r\n".utf8), isICalendar: true),
    Body(testDescription: "an HTML page", bytes: Array("<!DOCTYPE html>".utf8), isICalendar: false),
    Body(testDescription: "nothing", bytes: [], isICalendar: false),
    Body(testDescription: "an event alone", bytes: Array("BEGIN:VEVENT".utf8), isICalendar: false),
  ])
  func theBodyDecidesWhetherAnAnswerIsICalendar(_ body: Body) {
    #expect(CalDAVClient.isICalendar(Data(body.bytes)) == body.isICalendar)
  }

  static let feed = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"

  /// A feed served as `text/plain` behind a redirect on the same origin is read, with its
  /// version; asked again with that version, it is a 304.
  @Test func aFeedIsReadWithItsVersionAndA304IsNoChange() throws {
    let folder = TemporaryFolder()
    let server = try ScriptedServer(
      [
        "/old.ics": .redirect("/basic.ics"),
        "/basic.ics": .init(
          status: 200,
          headers: ["ETag": "W/\"7\"", "Last-Modified": "Tue, 01 Dec 2026 00:00:00 GMT"],
          body: Self.feed, contentType: "text/plain"),
      ], in: folder)
    let url = server.url.appendingPathComponent("old.ics")
    let client = try CalDAVClient(account: DAVAccount(url: url))
    let version = FeedVersion(etag: "W/\"7\"", lastModified: "Tue, 01 Dec 2026 00:00:00 GMT")
    #expect(
      try client.feed(at: url, known: FeedVersion())
        == .calendar(Data(Self.feed.utf8), version: version))
    #expect(try client.feed(at: url, known: version) == .notModified)
    #expect(try server.requests().last?.ifNoneMatch == "W/\"7\"")
  }

  /// A redirect to another origin is refused as for CalDAV, by the session's origin rule:
  /// libcurl follows it without credentials, and what the stranger answered is not read.
  @Test func aFeedRedirectedToAnotherOriginIsRefused() throws {
    let folder = TemporaryFolder()
    let other = try ScriptedServer(
      ["/basic.ics": .init(status: 200, body: Self.feed, contentType: "text/calendar")], in: folder)
    let server = try ScriptedServer(
      ["/basic.ics": .redirect(other.origin + "/basic.ics")], in: folder)
    let url = server.url.appendingPathComponent("basic.ics")
    let client = try CalDAVClient(account: DAVAccount(url: url))
    let refused = DAVError.foreignOrigin(
      url: other.origin + "/basic.ics", origin: other.origin, allowed: server.origin)
    #expect(throws: refused) { try client.feed(at: url, known: FeedVersion()) }
    #expect(try other.requests().map(\.authorization) == [nil])
  }
}
