import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalDAV

/// What the client does with servers that mean harm (issue 34): hrefs on other origins, a
/// redirect that moves discovery elsewhere, thousands of hrefs, slow answers, compressed
/// bombs. Each test starts the servers it needs (``ScriptedServer``, Python's http.server)
/// and reads back what they were sent.
@Suite struct CalDAVClientHostileTests {
  static func multistatus(_ responses: String...) -> String {
    #"<?xml version="1.0" encoding="utf-8"?><multistatus xmlns="DAV:" "#
      + #"xmlns:C="urn:ietf:params:xml:ns:caldav">"# + responses.joined() + "</multistatus>"
  }

  static func response(_ href: String, _ properties: String) -> String {
    "<response><href>\(href)</href><propstat><prop>\(properties)</prop>"
      + "<status>HTTP/1.1 200 OK</status></propstat></response>"
  }

  static let calendar =
    "<resourcetype><collection/><C:calendar/></resourcetype><displayname>회사</displayname>"

  static func principal(_ href: String) -> String {
    "<current-user-principal><href>\(href)</href></current-user-principal>"
  }

  static func homes(_ hrefs: [String]) -> String {
    "<C:calendar-home-set>" + hrefs.map { "<href>\($0)</href>" }.joined()
      + "</C:calendar-home-set>"
  }

  func client(_ url: URL, timeout: TimeInterval = 15, budget: TimeInterval = 60) throws
    -> CalDAVClient
  {
    try CalDAVClient(
      account: DAVAccount(
        url: url, user: "u", password: "secret", timeout: timeout, budget: budget))
  }

  /// Where the account's server names something on another server, for each thing it can
  /// name: the other server hears nothing, with or without a password, then or in a later
  /// sync, and the error names the other origin.
  @Test(arguments: ["principal", "home", "calendar"])
  func nothingGoesToAnotherOriginTheServerNames(_ what: String) throws {
    let folder = TemporaryFolder()
    let other = try ScriptedServer(
      [:], otherwise: .init(body: Self.multistatus(Self.response("/cal/", Self.calendar))),
      in: folder)
    let foreign = other.origin + "/\(what)/"
    let root: String
    switch what {
    case "principal": root = Self.principal(foreign)
    case "home": root = Self.homes([foreign])
    default: root = Self.homes(["/home/"])
    }
    let server = try ScriptedServer(
      [
        "/": .init(body: Self.multistatus(Self.response("/", root))),
        "/home/": .init(body: Self.multistatus(Self.response(foreign, Self.calendar))),
      ], in: folder)
    let refusal = DAVError.foreignOrigin(
      url: foreign, origin: other.origin, allowed: server.origin)
    #expect(throws: refusal) { try client(server.url).discoverCalendars() }
    // A calendar kept from before, on the other server, is not synced there either.
    #expect(throws: refusal) { try client(server.url).calendar(at: URL(string: foreign)!) }
    #expect(try other.requests() == [])
    #expect("\(refusal)".hasPrefix("서버가 다른 곳(\(other.origin))을 가리켰지만 따라가지 않습니다 ("))
  }

  struct OriginCase: Sendable, CustomTestStringConvertible {
    var first: String
    var second: String
    var same: Bool
    var testDescription: String { "\(first) \(same ? "=" : "≠") \(second)" }
  }

  @Test(arguments: [
    OriginCase(first: "https://dav.example/", second: "http://dav.example:443/", same: false),
    OriginCase(first: "https://dav.example/", second: "https://dav.example:443/x", same: true),
    OriginCase(first: "http://DAV.example/a/", second: "http://dav.example:80/b/", same: true),
    OriginCase(first: "http://dav.example/", second: "http://dav.example:8080/", same: false),
    OriginCase(first: "https://dav.example/", second: "https://p01.dav.example/", same: false),
  ])
  func anOriginIsTheSchemeTheHostAndThePort(_ origins: OriginCase) throws {
    let first = try #require(Origin(URL(string: origins.first)!))
    let second = try #require(Origin(URL(string: origins.second)!))
    #expect((first == second) == origins.same)
  }

  /// RFC 6764 §5: `/.well-known/caldav` redirects to the context path, and the hrefs in the
  /// answer are relative to where it came from, not to the URL asked.
  @Test func hrefsAfterAWellKnownRedirectAreReadAgainstWhereTheAnswerCameFrom() throws {
    let folder = TemporaryFolder()
    let server = try ScriptedServer(
      [
        "/.well-known/caldav": .redirect("/dav/"),
        "/dav/": .init(body: Self.multistatus(Self.response("/dav/", Self.principal("me/")))),
        "/dav/me/": .init(body: Self.multistatus(Self.response("/dav/me/", Self.homes(["home/"])))),
        "/dav/me/home/": .init(
          body: Self.multistatus(Self.response("/dav/me/home/work/", Self.calendar))),
      ], in: folder)
    let found = try client(server.url).discoverCalendars()
    #expect(
      found == [
        DAVCalendar(url: server.url.appendingPathComponent("dav/me/home/work/"), displayName: "회사")
      ])
    #expect(try server.requests().allSatisfy { $0.authorization != nil })
  }

  /// A well-known redirect to another origin: libcurl sent no password there (its rule), and
  /// chulbal does not take the answer an unsigned-in request got elsewhere.
  @Test func aWellKnownRedirectToAnotherOriginIsRefusedByName() throws {
    let folder = TemporaryFolder()
    let other = try ScriptedServer(
      ["/dav/": .init(body: Self.multistatus(Self.response("/dav/", Self.principal("/me/"))))],
      in: folder)
    let server = try ScriptedServer(
      ["/.well-known/caldav": .redirect(other.origin + "/dav/")], in: folder)
    #expect(
      throws: DAVError.foreignOrigin(
        url: other.origin + "/dav/", origin: other.origin, allowed: server.origin)
    ) {
      try client(server.url).discoverCalendars()
    }
    #expect(try other.requests().map(\.authorization) == [nil])
  }

  /// A redirect to `file://` is not followed, and the error names where the server sent the
  /// request, not the address the person gave.
  @Test func aRedirectToAFileIsRefusedNamingWhereItLed() throws {
    let folder = TemporaryFolder()
    let server = try ScriptedServer(
      ["/.well-known/caldav": .redirect("file:///etc/passwd")], in: folder)
    #expect(
      throws: DAVError.redirectedAway(
        url: server.url.absoluteString + ".well-known/caldav", to: "file:///etc/passwd")
    ) {
      try client(server.url).discoverCalendars()
    }
  }

  /// 2,000 homes would be 2,001 PROPFINDs: discovery stops at the first answer.
  @Test func aServerThatNamesThousandsOfHomesIsRefusedAfterOneRequest() throws {
    let folder = TemporaryFolder()
    let server = try ScriptedServer(
      [
        "/": .init(
          body: Self.multistatus(Self.response("/", Self.homes((0..<2000).map { "/h/\($0)/" }))))
      ],
      otherwise: .init(body: Self.multistatus()), in: folder)
    let started = ContinuousClock.now
    #expect(
      throws: DAVError.tooManyHrefs(
        url: server.url.absoluteString, count: 2000, limit: CalDAVClient.hrefLimit)
    ) {
      try client(server.url).discoverCalendars()
    }
    let requests = try server.requests()
    #expect(requests.count == 1, "\(requests.count) requests in \(ContinuousClock.now - started)")
  }

  /// Four calendars whose every answer takes a second: a first sync of them all would take
  /// eight; a budget of three stops it, well before the eight.
  @Test func aSyncThatOutlastsItsBudgetStops() throws {
    let folder = TemporaryFolder()
    let calendars = (1...4).map { "/home/\($0)/" }
    let server = try ScriptedServer(
      [
        "/": .init(body: Self.multistatus(Self.response("/", Self.homes(["/home/"])))),
        "/home/": .init(
          body: Self.multistatus(calendars.map { Self.response($0, Self.calendar) }.joined())),
      ], otherwise: .init(body: Self.multistatus(Self.response("/x/", Self.calendar)), delay: 1),
      in: folder)
    let started = ContinuousClock.now
    let client = try client(server.url, budget: 3)
    #expect {
      for calendar in try client.discoverCalendars() {
        _ = try CalendarPull.pull(
          CalendarCheckpoint(
            url: calendar.url, syncToken: nil, ctag: nil, synced: false, etags: [:]),
          from: client, start: Date(timeIntervalSince1970: 0))
      }
    } throws: { error in
      guard case .budgetSpent(_, 3) = error as? DAVError else { return false }
      return "\(error)".hasPrefix("동기화가 3초 안에 끝나지 않아 멈췄습니다 (")
    }
    let elapsed = ContinuousClock.now - started
    #expect(elapsed < .seconds(6), "\(elapsed)")
  }

  /// 600,000 empty elements are 2.4 MB of XML and a few KB of gzip; libxml2 would build a
  /// node for each.
  @Test func anAnswerWithTooManyElementsIsRefused() throws {
    let folder = TemporaryFolder()
    let server = try ScriptedServer(
      [
        "/cal/": .init(
          body: #"<multistatus xmlns="DAV:">"#, repeated: "<a/>", repeatCount: 600_000,
          tail: "</multistatus>", gzip: true)
      ], in: folder)
    let calendar = server.url.appendingPathComponent("cal/")
    #expect(
      throws: DAVError.malformedResponse(
        url: calendar.absoluteString, reason: "태그가 \(LibXML.tagLimit)개를 넘는 XML")
    ) {
      try client(server.url).calendar(at: calendar)
    }
  }

  /// 200 MiB of spaces in 200 KB of gzip: the limit counts what libcurl hands over decoded.
  @Test func aCompressedAnswerIsLimitedByItsDecodedSize() throws {
    let folder = TemporaryFolder()
    let server = try ScriptedServer(
      [
        "/cal/": .init(
          body: #"<multistatus xmlns="DAV:">"#, repeated: String(repeating: " ", count: 1024),
          repeatCount: 200 * 1024, tail: "</multistatus>", gzip: true)
      ], in: folder)
    let calendar = server.url.appendingPathComponent("cal/")
    #expect(
      throws: DAVError.malformedResponse(
        url: calendar.absoluteString, reason: "\(CurlSession.responseLimit >> 20) MiB보다 큰 답")
    ) {
      try client(server.url).calendar(at: calendar)
    }
  }
}
