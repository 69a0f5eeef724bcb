import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalDAV

/// The client against a real Radicale (contrib/caldav-session.sh), each test in calendars of
/// its own; what a test puts on the server or checks there goes through the `curl` program.
@Suite struct CalDAVClientRadicaleTests {
  let server: CalDAVTestServer
  let client: CalDAVClient

  init() throws {
    server = try CalDAVTestServer.fromEnvironment()
    client = try CalDAVClient(
      account: DAVAccount(url: server.url, user: server.user, password: server.password))
  }

  /// 2026-12-10T00:00:00Z.
  static let from = Date(timeIntervalSince1970: 1_796_860_800)

  /// A collection's path as the server's hrefs give it, ending in `/` (`URL.path` drops it).
  func folder(_ collection: URL) -> String { collection.path + "/" }

  /// One VEVENT, times in UTC as `YYYYMMDDTHHMMSSZ`.
  static func event(
    _ uid: String, start: String, end: String, rule: String? = nil, summary: String = "약속"
  ) -> String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//chulbal tests//EN", "BEGIN:VEVENT",
      "UID:\(uid)", "DTSTAMP:20261101T000000Z", "DTSTART:\(start)", "DTEND:\(end)",
      "SUMMARY:\(summary)",
    ]
    if let rule { lines.append("RRULE:\(rule)") }
    lines += ["END:VEVENT", "END:VCALENDAR"]
    return lines.joined(separator: "\r\n") + "\r\n"
  }

  @Test func discoveryFromTheServersRootFindsEachCalendarWithItsName() throws {
    let work = try server.makeCalendar(displayName: "회사 \(UUID().uuidString)")
    let home = try server.makeCalendar(displayName: "집 & 가족")
    let tasks = try server.makeCalendar(displayName: "할 일", components: ["VTODO"])
    let calendars = try client.discoverCalendars()
    let byURL = Dictionary(calendars.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
    #expect(byURL[work]?.displayName?.hasPrefix("회사 ") == true)
    #expect(byURL[home]?.displayName == "집 & 가족")
    #expect(byURL[home]?.syncToken?.isEmpty == false)
    #expect(byURL[home]?.ctag?.isEmpty == false)
    #expect(byURL[tasks] == nil)
    #expect(!calendars.contains { $0.url == server.home })
  }

  @Test func discoveryFromACalendarsOwnURLGivesThatCalendarAlone() throws {
    let calendar = try server.makeCalendar(displayName: "출근")
    let own = try CalDAVClient(
      account: DAVAccount(url: calendar, user: server.user, password: server.password))
    let found = try own.discoverCalendars()
    #expect(found.map(\.url) == [calendar])
    #expect(found.first?.displayName == "출근")
  }

  @Test func discoveryFromAPathTheServerDoesNotKnowGoesThroughTheWellKnownURL() throws {
    let calendar = try server.makeCalendar(displayName: "우회")
    let lost = server.url.appendingPathComponent("nothing-\(UUID().uuidString)/")
    let client = try CalDAVClient(
      account: DAVAccount(url: lost, user: server.user, password: server.password))
    #expect(try client.discoverCalendars().contains { $0.url == calendar })
    #expect(server.requests(under: "/.well-known/caldav") != [])
  }

  @Test func eventsLeaveOutWhatEndedBeforeTheStartAndKeepASeriesStillGoing() throws {
    let calendar = try server.makeCalendar()
    let events = [
      ("past.ics", Self.event("past", start: "20261201T100000Z", end: "20261201T110000Z")),
      ("future.ics", Self.event("future", start: "20261220T100000Z", end: "20261220T110000Z")),
      (
        "weekly.ics",
        Self.event(
          "weekly", start: "20261101T090000Z", end: "20261101T100000Z", rule: "FREQ=WEEKLY")
      ),
      (
        "ended-series.ics",
        Self.event(
          "ended", start: "20261101T090000Z", end: "20261101T100000Z", rule: "FREQ=DAILY;COUNT=3")
      ),
    ]
    var etags: [String: String] = [:]
    for (name, text) in events {
      etags[folder(calendar) + name] = try server.put(
        text, at: calendar.appendingPathComponent(name))
    }
    let found = try client.events(in: calendar, from: Self.from)
    #expect(
      Set(found.map(\.href)) == [folder(calendar) + "future.ics", folder(calendar) + "weekly.ics"])
    for document in found {
      #expect(document.etag == etags[document.href])
      let uid = document.href.hasSuffix("future.ics") ? "UID:future" : "UID:weekly"
      #expect(String(decoding: document.data, as: UTF8.self).contains(uid))
    }
  }

  @Test func etagsAndDocumentsGiveWhatIsOnTheServer() throws {
    let calendar = try server.makeCalendar()
    var etags: [String: String] = [:]
    for index in 1...3 {
      let text = Self.event("e\(index)", start: "20261220T100000Z", end: "20261220T110000Z")
      etags[folder(calendar) + "e\(index).ics"] = try server.put(
        text, at: calendar.appendingPathComponent("e\(index).ics"))
    }
    let resources = try client.etags(in: calendar, from: Self.from)
    #expect(Set(resources) == Set(etags.map { DAVResource(href: $0.key, etag: $0.value) }))

    let wanted = [
      folder(calendar) + "e1.ics", folder(calendar) + "e3.ics", folder(calendar) + "gone.ics",
    ]
    let documents = try client.documents(wanted, in: calendar)
    #expect(
      documents.map(\.href).sorted() == [folder(calendar) + "e1.ics", folder(calendar) + "e3.ics"])
    for document in documents {
      #expect(document.etag == etags[document.href])
      let name = document.href.split(separator: "/").last!.dropLast(4)
      let lines = String(decoding: document.data, as: UTF8.self).split(whereSeparator: \.isNewline)
      #expect(lines.contains("UID:\(name)"))
    }
  }

  @Test func documentsAskForAHundredAtATime() throws {
    let calendar = try server.makeCalendar()
    let hrefs = (0..<150).map { folder(calendar) + "missing-\($0).ics" }
    try server.put(
      Self.event("only", start: "20261220T100000Z", end: "20261220T110000Z"),
      at: calendar.appendingPathComponent("missing-7.ics"))
    let documents = try client.documents(hrefs, in: calendar)
    #expect(documents.map(\.href) == [folder(calendar) + "missing-7.ics"])
    #expect(server.requests(under: folder(calendar)).filter { $0.hasPrefix("REPORT") }.count == 2)
  }

  @Test func changesSinceATokenAreTheAdditionTheChangeAndTheDeletion() throws {
    let calendar = try server.makeCalendar()
    let kept = calendar.appendingPathComponent("kept.ics")
    let changed = calendar.appendingPathComponent("changed.ics")
    let deleted = calendar.appendingPathComponent("deleted.ics")
    for url in [kept, changed, deleted] {
      try server.put(
        Self.event(url.lastPathComponent, start: "20261220T100000Z", end: "20261220T110000Z"),
        at: url)
    }
    let token = try #require(try client.calendar(at: calendar).syncToken)

    let added = calendar.appendingPathComponent("added.ics")
    let addedETag = try server.put(
      Self.event("added", start: "20261221T100000Z", end: "20261221T110000Z"), at: added)
    let changedETag = try server.put(
      Self.event("changed.ics", start: "20261222T100000Z", end: "20261222T110000Z"), at: changed)
    try server.delete(deleted)

    let changes = try client.changes(in: calendar, since: token)
    #expect(
      Set(changes.changed) == [
        DAVResource(href: added.path, etag: addedETag),
        DAVResource(href: changed.path, etag: changedETag),
      ])
    #expect(changes.removed == [deleted.path])
    #expect(changes.syncToken != token)
    #expect(try client.calendar(at: calendar).syncToken == changes.syncToken)

    let none = try client.changes(in: calendar, since: changes.syncToken)
    #expect(none.changed.isEmpty && none.removed.isEmpty)
  }

  @Test func aTokenTheServerNeverGaveHasExpired() throws {
    let calendar = try server.makeCalendar()
    #expect(throws: DAVError.syncTokenExpired(url: calendar.absoluteString)) {
      try client.changes(in: calendar, since: "http://radicale.org/ns/sync/made-up")
    }
  }

  @Test func putNewThenStaleThenDelete() throws {
    let calendar = try server.makeCalendar()
    let url = calendar.appendingPathComponent("departure.ics")
    let first = Self.event("departure", start: "20261220T100000Z", end: "20261220T101000Z")
    let etag = try #require(try client.put(Data(first.utf8), at: url.path, replacing: nil))
    let stored = try server.curl("GET", url)
    #expect(stored.status == 200 && stored.header("ETag") == etag)
    #expect(stored.text.contains("UID:departure"))

    #expect(throws: DAVError.preconditionFailed(url: url.absoluteString)) {
      try client.put(Data(first.utf8), at: url.path, replacing: nil)
    }
    let second = Self.event(
      "departure", start: "20261220T110000Z", end: "20261220T111000Z", summary: "바뀜")
    let newETag = try #require(try client.put(Data(second.utf8), at: url.path, replacing: etag))
    #expect(newETag != etag)
    #expect(throws: DAVError.preconditionFailed(url: url.absoluteString)) {
      try client.put(Data(first.utf8), at: url.path, replacing: etag)
    }
    #expect(throws: DAVError.preconditionFailed(url: url.absoluteString)) {
      try client.delete(url.path, etag: etag)
    }
    #expect(try server.curl("GET", url).text.contains("SUMMARY:바뀜"))

    try client.delete(url.path, etag: newETag)
    #expect(try server.curl("GET", url).status == 404)
    try client.delete(url.path, etag: nil)
  }

  /// Several puts at once, more than ``CalDAVClient/parallelPuts``: each resource is stored
  /// as given with the ETag its put gave, and one the server refuses (412: it exists already)
  /// is that put's own failure, the others done.
  @Test func severalPutsAtOnceEachGetTheirOwnAnswer() throws {
    let calendar = try server.makeCalendar()
    let taken = folder(calendar) + "taken.ics"
    let before = try server.put(
      Self.event("taken", start: "20261220T100000Z", end: "20261220T101000Z"),
      at: calendar.appendingPathComponent("taken.ics"))
    var writes = (0..<9).map { number in
      DAVWrite(
        Data(
          Self.event(
            "put-\(number)", start: "20261221T1\(number)0000Z", end: "20261221T1\(number)3000Z"
          ).utf8), at: folder(calendar) + "put-\(number).ics", replacing: nil)
    }
    writes.insert(
      DAVWrite(
        Data(Self.event("taken", start: "20261222T100000Z", end: "20261222T101000Z").utf8),
        at: taken, replacing: nil), at: 4)
    let results = client.put(writes)
    #expect(results.count == writes.count)
    for (number, result) in results.enumerated() where number != 4 {
      let answer = try #require(result)
      let etag = try #require(try answer.get())
      let uid = "put-\(number < 4 ? number : number - 1)"
      let stored = try server.curl("GET", calendar.appendingPathComponent(uid + ".ics"))
      #expect(stored.header("ETag") == etag)
      #expect(stored.text.contains("UID:\(uid)\r\n"))
    }
    guard case .failure(.preconditionFailed)? = results[4] else {
      Issue.record("the put over a resource there gave \(String(describing: results[4]))")
      return
    }
    let kept = try server.curl("GET", calendar.appendingPathComponent("taken.ics"))
    #expect(kept.header("ETag") == before)
  }

  /// A refused sign-in would meet every put alike: no put begins after the first is
  /// refused, so no more are made than were under way at once.
  @Test func putsStopAtAFailureEveryPutWouldMeet() throws {
    let calendar = try server.makeCalendar()
    let wrong = try CalDAVClient(
      account: DAVAccount(url: server.url, user: server.user, password: "wrong"))
    let writes = (0..<12).map { number in
      DAVWrite(
        Data(Self.event("no-\(number)", start: "20261221T100000Z", end: "20261221T103000Z").utf8),
        at: folder(calendar) + "no-\(number).ics", replacing: nil)
    }
    let results = wrong.put(writes)
    #expect(results.count == writes.count)
    let made = results.compactMap { $0 }
    #expect((1...CalDAVClient.parallelPuts).contains(made.count))
    for result in made {
      guard case .failure(.unauthorized) = result else {
        Issue.record("a put with a wrong password gave \(result)")
        continue
      }
    }
    for write in writes {
      let name = String(write.href.dropFirst(folder(calendar).count))
      #expect(try server.curl("GET", calendar.appendingPathComponent(name)).status == 404)
    }
  }

  @Test func makeCalendarMakesOneForEventsWithItsName() throws {
    let url = server.home.appendingPathComponent("made-\(UUID().uuidString)", isDirectory: true)
    try client.makeCalendar(at: url, displayName: "출발 <알림>")
    let answer = try server.curl(
      "PROPFIND", url, headers: ["Depth: 0"],
      body: Data(
        #"<propfind xmlns="DAV:"><prop><resourcetype/><displayname/><supported-calendar-component-set xmlns="urn:ietf:params:xml:ns:caldav"/></prop></propfind>"#
          .utf8))
    #expect(answer.status == 207)
    #expect(answer.text.contains("<displayname>출발 &lt;알림&gt;</displayname>"))
    #expect(answer.text.contains(#"<C:comp name="VEVENT" />"#))
    #expect(!answer.text.contains("VTODO"))
    #expect(answer.text.contains("<C:calendar />"))
  }

  @Test func aWrongPasswordIsUnauthorized() throws {
    let wrong = try CalDAVClient(
      account: DAVAccount(url: server.url, user: server.user, password: "wrong"))
    #expect(throws: DAVError.unauthorized(url: server.url.absoluteString)) {
      try wrong.discoverCalendars()
    }
  }
}
