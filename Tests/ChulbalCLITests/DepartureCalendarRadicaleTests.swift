import ChulbalCalDAV
import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// The departures calendar on a real Radicale (`contrib/caldav-session.sh`) through the real
/// client, read back with `curl` and Python's icalendar: made by MKCALENDAR and found again,
/// filled with the departures of a real SQLite file, moved after an edit with the right
/// triggers, emptied of what was removed, and the person's own event in it never touched.
@Suite(.tags(.oracle)) struct DepartureCalendarRadicaleTests {
  static let now = mondayAfternoon

  /// Every event of the calendar, by UID, read with curl (Radicale answers a GET of a
  /// calendar with all of it as one iCalendar object) and Python's icalendar.
  static func readBack(_ radicale: CalDAVTestServer, _ calendar: URL) throws -> [String:
    EventOracle.Event]
  {
    let answer = try radicale.curl("GET", calendar)
    #expect(answer.status == 200)
    return Dictionary(
      uniqueKeysWithValues: try EventOracle.events([answer.text]).map { ($0.uid, $0) })
  }

  static func counts(_ counts: (created: Int, updated: Int, deleted: Int)) -> [Int] {
    [counts.created, counts.updated, counts.deleted]
  }

  static func seconds(_ text: String) -> Int { Int(instant(text).timeIntervalSince1970) }

  @Test func departuresArePushedToRadicaleAndMovedAfterAnEdit() throws {
    let radicale = try CalDAVTestServer.fromEnvironment()
    let client = try CalDAVClient(
      account: DAVAccount(url: radicale.url, user: radicale.user, password: radicale.password))
    _ = try radicale.makeCalendar(displayName: "개인")

    // Made when missing, beside the person's calendars; found by its name afterwards.
    let name = "departures-\(UUID().uuidString.prefix(8).lowercased())"
    let calendar = try DepartureCalendarSync.calendarURL(
      named: name, among: try client.discoverCalendars(), server: client)
    #expect(calendar == radicale.home.appendingPathComponent(name, isDirectory: true))
    let again = try DepartureCalendarSync.calendarURL(
      named: name, among: try client.discoverCalendars(), server: client)
    #expect(again == calendar)
    #expect(
      radicale.requests(under: calendar.path).filter { $0.hasPrefix("MKCALENDAR") }.count == 1)
    let found = try client.discoverCalendars().first { $0.url == calendar }
    #expect(found?.displayName == name)

    let mine = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//test//test//EN\r
      BEGIN:VEVENT\r
      UID:mine@example.org\r
      DTSTAMP:20261130T000000Z\r
      DTSTART:20261203T010000Z\r
      SUMMARY:내 일정\r
      END:VEVENT\r
      END:VCALENDAR\r

      """
    let mineURL = calendar.appendingPathComponent("mine.ics")
    let mineTag = try radicale.put(mine, at: mineURL)
    let mineRequests = radicale.requests(under: mineURL.path).count

    let temporary = TemporaryFolder()
    let store = try Store.openOrCreate(path: temporary.path + "/c.db", expander: .libical)
    #expect(
      try store.addSource(
        CalendarSource(
          name: "cloud", path: radicale.url.absoluteString, kind: .file, addedAt: Self.now)))
    var dinner = try store.insert(
      Appointment(
        title: "저녁 약속", start: instant("2026-12-02T19:00:00+09:00"), timeZone: "Asia/Seoul",
        place: "강남역 11번 출구", coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276),
        mode: .transit, travelSeconds: 35 * 60, bufferSeconds: 10 * 60,
        alertLeads: [30 * 60, 10 * 60, 0]), createdAt: Self.now)
    var weekly = Appointment(
      title: "주간 회의", start: instant("2026-12-07T09:00:00+09:00"), timeZone: "Asia/Seoul",
      mode: .walk, travelSeconds: 20 * 60, bufferSeconds: 0, alertLeads: [0])
    weekly.repetition = Repetition(
      rule: try RecurrenceRule.parse("FREQ=WEEKLY;BYDAY=MO"),
      firstStart: WallTime(year: 2026, month: 12, day: 7, hour: 9, minute: 0))
    let series = try store.insert(weekly, createdAt: Self.now)

    let pushed = try DepartureCalendarSync.push(
      store: store, server: client, source: "cloud", calendar: calendar, now: Self.now)
    #expect(Self.counts(pushed) == [3, 0, 0])
    let dinnerUID = "departure-\(dinner.id)@chulbal"
    let mondays = ["2026-12-07T09:00:00+09:00", "2026-12-14T09:00:00+09:00"].map {
      "departure-\(series.id)-\(Self.seconds($0))@chulbal"
    }
    let first = try Self.readBack(radicale, calendar)
    #expect(first.keys.sorted() == ([dinnerUID, "mine@example.org"] + mondays).sorted())
    let event = try #require(first[dinnerUID])
    #expect(event.summary == "출발: 저녁 약속")
    #expect(event.start == Self.seconds("2026-12-02T18:15:00+09:00"))
    #expect(event.end == Self.seconds("2026-12-02T19:00:00+09:00"))
    #expect(event.location == "강남역 11번 출구")
    #expect(event.alarms.map(\.trigger) == [-1800, -600, 0])
    #expect(event.description?.hasPrefix("약속 오후 7:00 · 이동 35분 + 여유 10분\nhttps://") == true)
    #expect(first[mondays[0]]?.start == Self.seconds("2026-12-07T08:40:00+09:00"))
    #expect(first[mondays[0]]?.alarms.map(\.trigger) == [0])

    // Pushed again unchanged: no request reaches the calendar.
    let before = radicale.requests(under: calendar.path).count
    let unchanged = try DepartureCalendarSync.push(
      store: store, server: client, source: "cloud", calendar: calendar, now: Self.now)
    #expect(Self.counts(unchanged) == [0, 0, 0])
    #expect(radicale.requests(under: calendar.path).count == before)

    // The dinner moves to 19:30 and alerts 15 minutes before and at departure.
    dinner.start = instant("2026-12-02T19:30:00+09:00")
    dinner.alertLeads = [15 * 60, 0]
    try store.update(dinner, now: Self.now)
    let edited = try DepartureCalendarSync.push(
      store: store, server: client, source: "cloud", calendar: calendar, now: Self.now)
    #expect(Self.counts(edited) == [0, 1, 0])
    #expect(
      radicale.requests(under: calendar.path).dropFirst(before)
        == ["PUT \(calendar.appendingPathComponent("departure-\(dinner.id).ics").path)"])
    let moved = try #require(try Self.readBack(radicale, calendar)[dinnerUID])
    #expect(moved.start == Self.seconds("2026-12-02T18:45:00+09:00"))
    #expect(moved.end == Self.seconds("2026-12-02T19:30:00+09:00"))
    #expect(moved.alarms.map(\.trigger) == [-900, 0])
    #expect(moved.description?.hasPrefix("약속 오후 7:30 · ") == true)

    // The series removed: its two departures go; the person's event stays as it was.
    #expect(try store.delete(ids: [series.id], now: Self.now) == 1)
    let removed = try DepartureCalendarSync.push(
      store: store, server: client, source: "cloud", calendar: calendar, now: Self.now)
    #expect(Self.counts(removed) == [0, 0, 2])
    #expect(try Self.readBack(radicale, calendar).keys.sorted() == [dinnerUID, "mine@example.org"])
    let stillMine = try radicale.curl("GET", mineURL)
    #expect(stillMine.header("ETag") == mineTag)
    #expect(
      Array(radicale.requests(under: mineURL.path).dropFirst(mineRequests))
        == ["GET \(mineURL.path)"])
    #expect(try store.departurePushes(source: "cloud").map(\.uid) == [dinnerUID])
  }

  /// Records lost after a push (a store that could not be written): the next push finds its
  /// events there (412), puts each over itself, and leaves no second copy.
  @Test func eventsPutButNotRecordedArePutOverNotDoubled() throws {
    let radicale = try CalDAVTestServer.fromEnvironment()
    let client = try CalDAVClient(
      account: DAVAccount(url: radicale.url, user: radicale.user, password: radicale.password))
    let calendar = try radicale.makeCalendar(displayName: "출발")
    let temporary = TemporaryFolder()
    let store = try Store.openOrCreate(path: temporary.path + "/c.db", expander: .libical)
    #expect(
      try store.addSource(
        CalendarSource(name: "cloud", path: "/cloud", kind: .file, addedAt: Self.now)))
    let dinner = try store.insert(
      Appointment(
        title: "저녁 약속", start: instant("2026-12-02T19:00:00+09:00"), timeZone: "Asia/Seoul",
        mode: .transit, travelSeconds: 35 * 60, bufferSeconds: 10 * 60, alertLeads: [0]),
      createdAt: Self.now)
    try DepartureCalendarSync.push(
      store: store, server: client, source: "cloud", calendar: calendar, now: Self.now)
    try store.recordDeparturePushes(
      source: "cloud", written: [], removed: ["departure-\(dinner.id)@chulbal"])
    let before = radicale.requests(under: calendar.path).count
    let again = try DepartureCalendarSync.push(
      store: store, server: client, source: "cloud", calendar: calendar, now: Self.now)
    #expect(Self.counts(again) == [1, 0, 0])
    let href = calendar.appendingPathComponent("departure-\(dinner.id).ics").path
    #expect(
      Array(radicale.requests(under: calendar.path).dropFirst(before))
        == ["PUT \(href)", "DELETE \(href)", "PUT \(href)"])
    #expect(
      try Self.readBack(radicale, calendar).keys.sorted() == ["departure-\(dinner.id)@chulbal"])
    let record = try #require(try store.departurePushes(source: "cloud").first)
    #expect(
      try radicale.curl("GET", calendar.appendingPathComponent("departure-\(dinner.id).ics"))
        .header("ETag") == record.etag)
  }
}
