import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChulbalStore

/// Series in a real SQLite file: one row each, a cached start that readers work past without
/// writing, and writers that move it on. Times worked out by hand: 2026-12-01 is a Tuesday,
/// and 19:00 in Seoul is 10:00Z.
@Suite struct SeriesStoreTests {
  /// `저녁 운동` every Tuesday at 19:00 in Seoul from 2026-12-01.
  static func weekly(_ rule: String = "FREQ=WEEKLY;BYDAY=TU") throws -> Appointment {
    var series = sample("저녁 운동", start: instant("2026-12-01T10:00:00Z").timeIntervalSince1970)
    series.repetition = Repetition(
      rule: try RecurrenceRule.parse(rule),
      firstStart: WallTime(year: 2026, month: 12, day: 1, hour: 19, minute: 0))
    return series
  }

  static let before = instant("2026-11-30T00:00:00Z")

  /// The row as the file holds it, read past the store.
  static func stored(_ path: String, _ column: String) throws -> SQLValue {
    try Database(path: path, create: false).scalar("SELECT \(column) FROM appointment")
  }

  @Test func aSeriesIsOneRowWhoseCachedStartReadersWorkPastWithoutWriting() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    let added = try store.insert(Self.weekly(), createdAt: Self.before)
    #expect(added.start == instant("2026-12-01T10:00:00Z"))
    #expect(try store.appointmentCount == 1)
    #expect(try Self.stored(path, "repeat_rule") == .text("FREQ=WEEKLY;BYDAY=TU"))
    #expect(try Self.stored(path, "repeat_first") == .text("2026-12-01T19:00:00"))
    #expect(try Self.stored(path, "repeat_last_at") == .null)

    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    let later = instant("2026-12-05T00:00:00Z")
    let next = try #require(try reader.next(after: later))
    #expect(next.start == instant("2026-12-08T10:00:00Z"))
    #expect(next.repetition?.rule.text == "FREQ=WEEKLY;BYDAY=TU")
    #expect(try reader.upcoming(after: later).map(\.start) == [instant("2026-12-08T10:00:00Z")])
    #expect(try reader.past(atOrBefore: later).isEmpty)
    // The reader wrote nothing: the cache is where the writer left it.
    #expect(try Self.stored(path, "start_at") == .integer(1_796_119_200))

    #expect(try store.advanceSeries(now: later) == 1)
    #expect(try Self.stored(path, "start_at") == .integer(1_796_724_000))
    #expect(try store.advanceSeries(now: later) == 0)
  }

  /// The series' next occurrence goes in its place among one-offs, by departure.
  @Test func upcomingPutsAStaleSeriesAmongTheOneOffsByDeparture() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    _ = try store.insert(Self.weekly(), createdAt: Self.before)
    _ = try store.insert(
      sample("먼저", start: instant("2026-12-07T10:00:00Z").timeIntervalSince1970),
      createdAt: Self.before)
    _ = try store.insert(
      sample("나중", start: instant("2026-12-09T10:00:00Z").timeIntervalSince1970),
      createdAt: Self.before)
    let later = instant("2026-12-05T00:00:00Z")
    #expect(try store.upcoming(after: later).map(\.title) == ["먼저", "저녁 운동", "나중"])
    #expect(try store.next(after: instant("2026-12-07T12:00:00Z"))?.title == "저녁 운동")
  }

  @Test func exceptionsAndOverridesAreKeptAndGoWithTheSeries() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    var series = try Self.weekly()
    series.repetition?.exceptions = [WallTime(year: 2026, month: 12, day: 8, hour: 19, minute: 0)]
    series.repetition?.overrides = [
      WallTime(year: 2026, month: 12, day: 15, hour: 19, minute: 0): instant(
        "2026-12-15T11:00:00Z")
    ]
    let added = try store.insert(series, createdAt: Self.before)
    let read = try #require(try store.appointment(id: added.id))
    #expect(read.repetition == series.repetition)
    #expect(
      try store.next(after: instant("2026-12-02T00:00:00Z"))?.start
        == instant("2026-12-15T11:00:00Z"))
    // The watch's window holds every occurrence, each once.
    let starts = try store.upcoming(
      after: instant("2026-11-30T00:00:00Z"), departingBefore: instant("2026-12-23T00:00:00Z")
    ).map(\.start)
    #expect(
      starts == [
        instant("2026-12-01T10:00:00Z"), instant("2026-12-15T11:00:00Z"),
        instant("2026-12-22T10:00:00Z"),
      ])
    #expect(try store.delete(ids: [added.id], now: instant("2026-12-02T00:00:00Z")) == 1)
    let database = try Database(path: path, create: false)
    #expect(try database.scalar("SELECT count(*) FROM repeat_exception").int == 0)
    #expect(try database.scalar("SELECT count(*) FROM repeat_override").int == 0)
  }

  /// The watch's query takes an occurrence by its departure, as it takes a one-off: one that
  /// starts after the bound but leaves before it is in (45 minutes of travel and buffer).
  @Test(arguments: [
    ("2026-12-02T09:15:01Z", ["2026-12-01T10:00:00Z", "2026-12-02T10:00:00Z"]),
    ("2026-12-02T09:15:00Z", ["2026-12-01T10:00:00Z"]),
  ])
  func theWatchTakesAnOccurrenceByItsDeparture(bound: String, starts: [String]) throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    _ = try store.insert(Self.weekly("FREQ=DAILY"), createdAt: Self.before)
    let found = try store.upcoming(after: Self.before, departingBefore: instant(bound))
    #expect(found.map(\.start) == starts.map(instant))
  }

  /// A counted series ends: it is upcoming until its last occurrence, then past, as its last.
  @Test func aSeriesThatHasEndedIsPast() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    _ = try store.insert(Self.weekly("FREQ=WEEKLY;BYDAY=TU;COUNT=2"), createdAt: Self.before)
    let between = instant("2026-12-03T00:00:00Z")
    #expect(try store.next(after: between)?.start == instant("2026-12-08T10:00:00Z"))
    let after = instant("2026-12-09T00:00:00Z")
    #expect(try store.next(after: after) == nil)
    #expect(try store.past(atOrBefore: after).map(\.start) == [instant("2026-12-08T10:00:00Z")])
    #expect(try store.advanceSeries(now: after) == 1)
    #expect(try store.advanceSeries(now: after) == 0)
    #expect(try store.all().map(\.start) == [instant("2026-12-08T10:00:00Z")])
  }

  /// The past list is by start, latest first, and an ended series whose cache still holds
  /// its first occurrence (no writer since) takes its place by its last: after a one-off that
  /// came between the two, not before it.
  @Test func anEndedSeriesIsPastInThePlaceOfItsLastStart() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    _ = try store.insert(Self.weekly("FREQ=WEEKLY;BYDAY=TU;COUNT=2"), createdAt: Self.before)
    let between = sample("사이", start: instant("2026-12-04T10:00:00Z").timeIntervalSince1970)
    let earlier = sample("먼저", start: instant("2026-11-30T10:00:00Z").timeIntervalSince1970)
    _ = try store.insert(between, createdAt: Self.before)
    _ = try store.insert(earlier, createdAt: Self.before)
    let after = instant("2026-12-09T00:00:00Z")
    let past = try store.past(atOrBefore: after)
    #expect(past.map(\.title) == ["저녁 운동", "사이", "먼저"])
    #expect(past.first?.start == instant("2026-12-08T10:00:00Z"))
  }

  /// A version-3 file with appointments and alerts is read as it is, and the first writer
  /// brings it to the current version with everything kept.
  @Test func aVersion3FileIsReadAsItIsAndMigratedByTheFirstWriter() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/v3.db"
    let old = try olderFile(
      path, version: 3,
      extra: """
        INSERT INTO alert_log (appointment_id, lead_seconds, due_at, kind, outcome, backend,
        recorded_at)
        VALUES (1, 0, 1799999400, 'leave', 'delivered', 'libnotify', 1799999401);
        """)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reader.all().map(\.title) == ["저녁"])
    #expect(try reader.next(after: Date(timeIntervalSince1970: 1_700_000_000))?.title == "저녁")
    #expect(try old.scalar("PRAGMA user_version").int == 3)
    let writer = try Store.openOrCreate(path: path, expander: .libical)
    #expect(try old.scalar("PRAGMA user_version").int == Store.schemaVersion)
    #expect(try Store.columns(old) == Schema.columns(version: Store.schemaVersion))
    #expect(try writer.all().map(\.repetition) == [nil])
    let log = try writer.alertLog(since: Date(timeIntervalSince1970: 0))
    #expect(log.map(\.id.due) == [Date(timeIntervalSince1970: 1_799_999_400)])
    #expect(log.map(\.outcome) == [.delivered(backend: "libnotify")])
  }

  /// The watch over the real file: a daily series with two occurrences in the window has
  /// each occurrence's alerts shown once, across a restart, and the log holds one row each.
  @Test func eachOccurrencesAlertsAreShownOnceAcrossARestart() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    _ = try store.insert(Self.weekly("FREQ=DAILY"), createdAt: Self.before)
    let shown = Mutex<[String]>([])
    func watcher() -> Watcher {
      recordingWatcher { summary in shown.withLock { $0.append(summary) } }
    }
    let occurrences = try store.upcoming(
      after: instant("2026-12-01T00:00:00Z"), departingBefore: instant("2026-12-02T12:00:00Z"))
    #expect(
      occurrences.map(\.start) == [
        instant("2026-12-01T10:00:00Z"), instant("2026-12-02T10:00:00Z"),
      ]
    )
    let times = occurrences.flatMap { $0.plan.alerts.map(\.at) }
    var first = watcher()
    for time in times.prefix(4) { _ = try first.tick(now: time, journal: store) }
    // Restarted: every alert time again, from the start; nothing is shown twice.
    var second = watcher()
    let reopened = try Store.openOrCreate(path: path, expander: .libical)
    for time in times { _ = try second.tick(now: time, journal: reopened) }
    let each = ["30분 뒤 출발 · 저녁 운동", "준비하세요 · 5분 뒤 출발 · 저녁 운동", "지금 출발하세요 · 저녁 운동"]
    #expect(shown.withLock { $0 } == each + each)
    #expect(try store.database.scalar("SELECT count(*) FROM alert_log").int == 6)
  }

  /// The watch ticking every minute across three days of a daily series whose second
  /// occurrence is skipped and whose third is moved from 19:00 to 21:00: each kept
  /// occurrence's alerts come once, at its own times (35 minutes' travel and 10 minutes'
  /// buffer: out at 18:15, or 20:15 when moved), and the skipped one's never.
  @Test func aSkippedOccurrenceIsNeverAlertedAndAMovedOneOnlyAtItsNewTime() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    var series = try Self.weekly("FREQ=DAILY")
    series.repetition?.exceptions = [WallTime(year: 2026, month: 12, day: 2, hour: 19, minute: 0)]
    series.repetition?.overrides = [
      WallTime(year: 2026, month: 12, day: 3, hour: 19, minute: 0): instant("2026-12-03T12:00:00Z")
    ]
    _ = try store.insert(series, createdAt: Self.before)
    let shown = Mutex<[String]>([])
    var watcher = recordingWatcher { summary in shown.withLock { $0.append(summary) } }
    var seen: [String] = []
    for day in ["2026-12-01", "2026-12-02", "2026-12-03"] {
      // 17:00 to 21:59 in Seoul.
      for minute in 0..<300 {
        let now = instant("\(day)T08:00:00Z").addingTimeInterval(TimeInterval(minute * 60))
        let before = shown.withLock { $0.count }
        _ = try watcher.tick(now: now, journal: store)
        for summary in shown.withLock({ $0[before...] }) {
          seen.append("\(now.formatted(.iso8601)) \(summary)")
        }
      }
    }
    #expect(
      seen == [
        "2026-12-01T08:45:00Z 30분 뒤 출발 · 저녁 운동", "2026-12-01T09:10:00Z 준비하세요 · 5분 뒤 출발 · 저녁 운동",
        "2026-12-01T09:15:00Z 지금 출발하세요 · 저녁 운동", "2026-12-03T10:45:00Z 30분 뒤 출발 · 저녁 운동",
        "2026-12-03T11:10:00Z 준비하세요 · 5분 뒤 출발 · 저녁 운동", "2026-12-03T11:15:00Z 지금 출발하세요 · 저녁 운동",
      ])
  }

  /// A series in Los Angeles at 19:00, written on the evening of 31 December 2200, whose next
  /// occurrence (2201-01-02T03:00Z) is past the years the file keeps: the writer keeps the
  /// series' last start in range (it ends with the years the store keeps) rather than write
  /// a start every later reader refuses as damage.
  @Test func aWriterNeverCachesAStartPastTheYearsTheFileKeeps() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    var series = sample("저녁 운동", start: instant("2201-01-01T03:00:00Z").timeIntervalSince1970)
    series.timeZone = "America/Los_Angeles"
    series.repetition = Repetition(
      rule: try RecurrenceRule.parse("FREQ=DAILY"),
      firstStart: WallTime(year: 2200, month: 12, day: 30, hour: 19, minute: 0))
    let late = instant("2201-01-01T04:00:00Z")
    _ = try store.insert(series, createdAt: instant("2200-12-30T00:00:00Z"))
    try store.advanceSeries(now: late)
    _ = try store.insert(sample("점심"), createdAt: late)
    let reopened = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try reopened.all().count == 2)
    #expect(try reopened.upcoming(after: late).isEmpty)
    var again = series
    again.id = 1
    _ = try store.update(again, now: late)
    #expect(try reopened.all().count == 2)
  }

  @Test(arguments: [
    ("repeat_rule = 'FREQ=HOURLY'", "약속 #1, repeat_rule: 읽을 수 없는 반복 규칙 'FREQ=HOURLY'"),
    (
      "repeat_first = '2026-13-01T19:00:00'",
      "약속 #1, repeat_first: 잘못된 시각 '2026-13-01T19:00:00' (예: 2026-12-01T09:00:00)"
    ),
    ("repeat_first = NULL", "약속 #1, repeat_first: 값이 없습니다 (NULL)"),
  ])
  func aDamagedSeriesIsRefusedByName(change: String, reason: String) throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    _ = try store.insert(Self.weekly(), createdAt: Self.before)
    try Database(path: path, create: false).execute("UPDATE appointment SET \(change)")
    #expect(throws: StoreError.damaged(path: path, reason: reason)) {
      _ = try Store.open(path: path, access: .reading, expander: .libical)?.all()
    }
  }
}
