import ChulbalCalDAV
import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// The departures calendar pushed from a real SQLite file to a server in memory that records
/// each request: which departures go (two weeks ahead, none past), what an edit, a removal
/// and the passing of time send, what the records hold after a failure, and how the calendar
/// is found or made. Times by hand: Monday 2026-11-30 14:00 in Seoul is 05:00Z.
@Suite(.tags(.oracle)) struct DepartureCalendarSyncTests {
  static let now = mondayAfternoon
  static let folder = "/alice/chulbal-departures/"
  static let calendar = URL(string: "http://127.0.0.1:5232/alice/chulbal-departures/")!
  static let foreign = folder + "mine.ics"
  typealias Request = MemoryCalendarServer.Request

  /// A store with source `cloud`, and a server with the departures calendar holding one event
  /// of the person's own.
  static func setUp() throws -> (TemporaryFolder, Store, MemoryCalendarServer) {
    let temporary = TemporaryFolder()
    let store = try Store.openOrCreate(path: temporary.path + "/c.db", expander: .libical)
    #expect(
      try store.addSource(
        CalendarSource(name: "cloud", path: "/cloud", kind: .file, addedAt: now)))
    let server = MemoryCalendarServer()
    server.addCalendar(path: folder, displayName: "출발")
    server.seed("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", at: foreign)
    return (temporary, store, server)
  }

  static func appointment(
    _ title: String, start: String, travel: Int = 35 * 60, buffer: Int = 10 * 60
  ) -> Appointment {
    Appointment(
      title: title, start: instant(start), timeZone: "Asia/Seoul", place: "강남역",
      mode: .transit, travelSeconds: travel, bufferSeconds: buffer,
      alertLeads: [30 * 60, 10 * 60, 0])
  }

  /// `주간 회의` every Monday at 09:00 in Seoul from 2026-12-07, 20 minutes' walk away.
  static func weekly() throws -> Appointment {
    var series = appointment(
      "주간 회의", start: "2026-12-07T09:00:00+09:00", travel: 20 * 60, buffer: 0)
    series.repetition = Repetition(
      rule: try RecurrenceRule.parse("FREQ=WEEKLY;BYDAY=MO"),
      firstStart: WallTime(year: 2026, month: 12, day: 7, hour: 9, minute: 0))
    return series
  }

  static func push(
    _ store: Store, _ server: MemoryCalendarServer, at now: Date = now
  ) throws -> [Int] {
    let counts = try DepartureCalendarSync.push(
      store: store, server: server, source: "cloud", calendar: calendar, now: now)
    return [counts.created, counts.updated, counts.deleted]
  }

  /// What the server holds of chulbal's, as Python's icalendar reads it, by UID.
  static func pushed(_ server: MemoryCalendarServer) throws -> [String: EventOracle.Event] {
    let texts = server.resources(inCalendar: folder).filter { $0.key != foreign }
      .map { String(decoding: $0.value.data, as: UTF8.self) }
    return Dictionary(
      uniqueKeysWithValues: try EventOracle.events(texts).map { ($0.uid, $0) })
  }

  @Test func departuresOfTwoWeeksArePushedThenEditedRemovedAndLeftBehindByTime() throws {
    let (temporary, store, server) = try Self.setUp()
    defer { _ = temporary }
    let dinner = try store.insert(
      Self.appointment("저녁 약속", start: "2026-12-02T19:00:00+09:00"), createdAt: Self.now)
    // Beyond the two weeks; and one whose departure (13:55) has passed, not yet started.
    _ = try store.insert(
      Self.appointment("먼 약속", start: "2026-12-28T19:00:00+09:00"), createdAt: Self.now)
    _ = try store.insert(
      Self.appointment("곧 약속", start: "2026-11-30T14:40:00+09:00"), createdAt: Self.now)
    let series = try store.insert(Self.weekly(), createdAt: Self.now)

    #expect(try Self.push(store, server) == [3, 0, 0])
    let first = try Self.pushed(server)
    let dinnerUID = "departure-\(dinner.id)@chulbal"
    let mondays = ["2026-12-07T09:00:00+09:00", "2026-12-14T09:00:00+09:00"].map {
      "departure-\(series.id)-\(Int(instant($0).timeIntervalSince1970))@chulbal"
    }
    #expect(first.keys.sorted() == ([dinnerUID] + mondays).sorted())
    #expect(first[dinnerUID]?.summary == "출발: 저녁 약속")
    #expect(
      first[dinnerUID]?.start == Int(instant("2026-12-02T18:15:00+09:00").timeIntervalSince1970))
    #expect(first[dinnerUID]?.alarms.map(\.trigger) == [-1800, -600, 0])
    #expect(
      first[dinnerUID]?.description?.hasPrefix("약속 오후 7:00 · 이동 35분 + 여유 10분\nhttps://") == true)
    #expect(
      first[mondays[1]]?.start == Int(instant("2026-12-14T08:40:00+09:00").timeIntervalSince1970))
    let records = try store.departurePushes(source: "cloud")
    #expect(records.map(\.uid) == ([dinnerUID] + mondays).sorted())
    #expect(records.allSatisfy { server.resources[$0.href]?.etag == $0.etag })

    // Nothing changed: nothing asked.
    server.clearRequests()
    #expect(try Self.push(store, server) == [0, 0, 0])
    #expect(server.requests.isEmpty)

    // The dinner moves half an hour: one put over the version recorded.
    var moved = dinner
    moved.start = instant("2026-12-02T19:30:00+09:00")
    try store.update(moved, now: Self.now)
    let href = Self.folder + "departure-\(dinner.id).ics"
    let etag = try #require(records.first { $0.uid == dinnerUID }?.etag)
    #expect(try Self.push(store, server) == [0, 1, 0])
    #expect(server.requests == [Request("PUT", href, "If-Match: \(etag)")])
    #expect(
      try Self.pushed(server)[dinnerUID]?.start
        == Int(instant("2026-12-02T18:45:00+09:00").timeIntervalSince1970))

    // Removed: deleted.
    server.clearRequests()
    #expect(try store.delete(ids: [dinner.id], now: Self.now) == 1)
    #expect(try Self.push(store, server) == [0, 0, 1])
    #expect(server.requests == [Request("DELETE", href)])

    // A week on, the first Monday's departure has passed and a third Monday comes in.
    server.clearRequests()
    let later = instant("2026-12-07T10:00:00+09:00")
    #expect(try Self.push(store, server, at: later) == [1, 0, 1])
    let third =
      "departure-\(series.id)-\(Int(instant("2026-12-21T09:00:00+09:00").timeIntervalSince1970))@chulbal"
    #expect(try Self.pushed(server).keys.sorted() == [mondays[1], third].sorted())
    #expect(try store.departurePushes(source: "cloud").map(\.uid) == [mondays[1], third].sorted())

    // The person's own event was never asked about.
    #expect(server.resources[Self.foreign] != nil)
    #expect(server.requests.allSatisfy { $0.path != Self.foreign })
  }

  /// A moved occurrence keeps its name (the start its rule gives it): one put, in place.
  @Test func aMovedOccurrenceIsUpdatedInPlace() throws {
    let (temporary, store, server) = try Self.setUp()
    defer { _ = temporary }
    var series = try store.insert(Self.weekly(), createdAt: Self.now)
    #expect(try Self.push(store, server) == [2, 0, 0])
    let hrefs = server.resources(inCalendar: Self.folder).keys.filter { $0 != Self.foreign }
    server.clearRequests()
    series.repetition?.overrides = [
      WallTime(year: 2026, month: 12, day: 7, hour: 9, minute: 0): instant(
        "2026-12-07T10:00:00+09:00")
    ]
    try store.update(series, now: Self.now)
    #expect(try Self.push(store, server) == [0, 1, 0])
    let uid =
      "departure-\(series.id)-\(Int(instant("2026-12-07T09:00:00+09:00").timeIntervalSince1970))@chulbal"
    #expect(server.requests.map(\.method) == ["PUT"])
    #expect(server.requests.first?.path == Self.folder + uid.prefix { $0 != "@" } + ".ics")
    #expect(
      try Self.pushed(server)[uid]?.start
        == Int(instant("2026-12-07T09:40:00+09:00").timeIntervalSince1970))
    #expect(
      server.resources(inCalendar: Self.folder).keys.filter { $0 != Self.foreign }.sorted()
        == hrefs.sorted())
  }

  /// A push stopped by the server half-way records what the server took, throws, and the
  /// next push finishes.
  @Test func aFailureHalfWayRecordsWhatTheServerTook() throws {
    let (temporary, store, server) = try Self.setUp()
    defer { _ = temporary }
    let first = try store.insert(
      Self.appointment("하나", start: "2026-12-02T19:00:00+09:00"), createdAt: Self.now)
    let second = try store.insert(
      Self.appointment("둘", start: "2026-12-03T19:00:00+09:00"), createdAt: Self.now)
    let down = DAVError.unreachable(url: Self.calendar.absoluteString, reason: "refused")
    server.fail("PUT", Self.folder + "departure-\(second.id).ics", with: down)
    #expect(throws: down) { try Self.push(store, server) }
    #expect(
      try store.departurePushes(source: "cloud").map(\.uid) == ["departure-\(first.id)@chulbal"])
    #expect(try Self.push(store, server) == [1, 0, 0])
    #expect(try store.departurePushes(source: "cloud").count == 2)
  }

  @Test func removingTheSourceForgetsItsRecords() throws {
    let (temporary, store, server) = try Self.setUp()
    defer { _ = temporary }
    _ = try store.insert(
      Self.appointment("하나", start: "2026-12-02T19:00:00+09:00"), createdAt: Self.now)
    #expect(try Self.push(store, server) == [1, 0, 0])
    #expect(try store.removeSource(named: "cloud", appointments: false) == 0)
    #expect(try store.departurePushes(source: "cloud").isEmpty)
  }

  struct CalendarCase: Sendable, CustomTestStringConvertible {
    let name: String
    let existing: [(path: String, displayName: String?)]
    let url: String
    let made: Bool
    var testDescription: String { "\(name) → \(url)" }
  }

  static let calendarCases: [CalendarCase] = [
    CalendarCase(
      name: "출발", existing: [("/alice/work/", "Work"), ("/alice/x1/", "출발")],
      url: "http://127.0.0.1:5232/alice/x1/", made: false),
    CalendarCase(
      name: "trips", existing: [("/alice/work/", "Work"), ("/alice/trips/", nil)],
      url: "http://127.0.0.1:5232/alice/trips/", made: false),
    CalendarCase(
      name: "출발", existing: [("/alice/work/", "Work")],
      url: "http://127.0.0.1:5232/alice/chulbal-departures/", made: true),
    CalendarCase(
      name: "출발 (회사)", existing: [("/alice/work/", "Work"), ("/alice/chulbal-departures/", "출발")],
      url: "http://127.0.0.1:5232/alice/chulbal-departures-2/", made: true),
    CalendarCase(
      name: "My Trips!", existing: [("/alice/work/", "Work")],
      url: "http://127.0.0.1:5232/alice/my-trips/", made: true),
  ]

  @Test(arguments: calendarCases)
  func theCalendarIsFoundByNameOrMadeBesideTheOthers(_ example: CalendarCase) throws {
    let server = MemoryCalendarServer()
    for calendar in example.existing {
      server.addCalendar(path: calendar.path, displayName: calendar.displayName)
    }
    let calendars = try server.discoverCalendars()
    server.clearRequests()
    let url = try DepartureCalendarSync.calendarURL(
      named: example.name, among: calendars, server: server)
    #expect(url.absoluteString == example.url)
    if example.made {
      #expect(server.requests == [Request("MKCALENDAR", URL(string: example.url)!.path + "/")])
      #expect(server.calendars[URL(string: example.url)!.path + "/"]?.displayName == example.name)
    } else {
      #expect(server.requests.isEmpty)
    }
  }
}

/// A departures calendar's segment taken by another client between listing the calendars and
/// making one (two machines adding theirs at once): the next free segment is made.
@Suite struct DepartureCalendarSegmentRaceTests {
  /// Refuses MKCALENDAR with `status` for every URL in `taken`, as a server does for a
  /// collection that is there already, and makes the others.
  final class RacingServer: ForwardingCalendarServer, Sendable {
    let inner: RecordingCalendarServer
    let taken: Set<String>
    let status: Int

    init(_ inner: RecordingCalendarServer, taken: Set<String>, status: Int) {
      self.inner = inner
      self.taken = taken
      self.status = status
    }

    func makeCalendar(at url: URL, displayName: String) throws(DAVError) {
      if taken.contains(url.lastPathComponent) {
        throw .status(status, method: "MKCALENDAR", url: url.absoluteString)
      }
      try inner.makeCalendar(at: url, displayName: displayName)
    }
  }

  @Test(arguments: [405, 409])
  func aSegmentTakenMeanwhileIsPassedOver(_ status: Int) throws {
    let recording = RecordingCalendarServer(calendars: [("work", "업무")])
    let calendars = try recording.discoverCalendars()
    let server = RacingServer(recording, taken: ["chulbal-departures"], status: status)
    let url = try DepartureCalendarSync.calendarURL(
      named: "출발", among: calendars, server: server)
    #expect(url == recording.url("chulbal-departures-2"))
    #expect(try recording.calendar(at: url).displayName == "출발")
  }

  /// Not for ever: after four segments refused, the refusal is said.
  @Test func fourRefusalsAreSaid() throws {
    let recording = RecordingCalendarServer(calendars: [("work", "업무")])
    let calendars = try recording.discoverCalendars()
    let server = RacingServer(
      recording,
      taken: [
        "chulbal-departures", "chulbal-departures-2", "chulbal-departures-3",
        "chulbal-departures-4", "chulbal-departures-5",
      ],
      status: 409)
    #expect(throws: DAVError.self) {
      try DepartureCalendarSync.calendarURL(named: "출발", among: calendars, server: server)
    }
    #expect(
      try recording.discoverCalendars().map(\.url.lastPathComponent) == ["work"])
  }
}
