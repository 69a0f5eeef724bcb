import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// `next` reads the departure index from now on, not the whole table (issue 12), and still
/// finds the right appointment around the bound the index is read from.
@Suite struct DepartureIndexTests {
  let folder = TemporaryFolder()

  @Test func nextSearchesTheDepartureIndex() throws {
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    try store.insert(
      (0..<50).map { sample("약속 \($0)", start: 1_796_119_200 + Double($0) * 3600) },
      createdAt: added)
    let query = try store.nextQuery(after: Date(timeIntervalSince1970: 1_796_119_200))
    let plan = try store.database.rows("EXPLAIN QUERY PLAN " + query.sql, query.values)
    let details = plan.compactMap { $0.last?.string }
    #expect(details == ["SEARCH appointment USING INDEX appointment_departure (departure_at>?)"])
  }

  /// The series' own queries read `appointment_series`, which holds the series alone, and
  /// sort nothing: never the whole table, whose one-offs they pass over.
  @Test(arguments: [
    (Store.staleCondition, "SEARCH appointment USING INDEX appointment_series (start_at<?)"),
    (Store.endedCondition, "SEARCH appointment USING INDEX appointment_series (start_at<?)"),
    (Store.liveCondition, "SCAN appointment USING INDEX appointment_series"),
  ])
  func seriesQueriesReadTheSeriesIndex(condition: String, plan expected: String) throws {
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    try store.insert(
      (0..<50).map { sample("약속 \($0)", start: 1_796_119_200 + Double($0) * 3600) },
      createdAt: added)
    let query = store.seriesQuery(condition, at: Date(timeIntervalSince1970: 1_796_119_200))
    let plan = try store.database.rows("EXPLAIN QUERY PLAN " + query.sql, query.values)
    #expect(plan.compactMap { $0.last?.string } == [expected])
  }

  /// Departures a long way before their starts, and starts just either side of now: `next` is
  /// the soonest departure of those not started, as it was before the index.
  @Test func nextIsTheSoonestDepartureOfThoseNotStarted() throws {
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    let now = 1_796_119_200.0
    let week = Double(DurationExpression.maximumSeconds)
    func row(_ title: String, start: Double, travel: Int, buffer: Int) -> Appointment {
      Appointment(
        title: title, start: Date(timeIntervalSince1970: start), timeZone: "Asia/Seoul",
        mode: .walk, travelSeconds: travel, bufferSeconds: buffer, alertLeads: [0])
    }
    try store.insert(
      [
        row("시작함", start: now, travel: 60, buffer: 0),
        row("가장 먼 출발", start: now + 1, travel: Int(week), buffer: Int(week)),
        row("가까운 약속", start: now + 3600, travel: 600, buffer: 0),
        row("지난 출발", start: now - 1, travel: Int(week), buffer: Int(week)),
      ], createdAt: added)
    let next = try store.next(after: Date(timeIntervalSince1970: now))
    #expect(next?.title == "가장 먼 출발")
    let upcoming = try store.upcoming(after: Date(timeIntervalSince1970: now)).map(\.title)
    #expect(upcoming == ["가장 먼 출발", "가까운 약속"])
  }

  /// Two appointments that leave in the same minute are in the order of the rule's floored
  /// departure, then id, as every screen shows them: not by the seconds the rule floors
  /// away, which would put the later-added one first.
  @Test func appointmentsLeavingInOneMinuteAreInTheOrderOfTheFlooredDeparture() throws {
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    let now = 1_796_119_200.0
    // Departures (start − travel − 600 s buffer) 50 and 10 seconds past one minute, the later
    // one added first.
    let first = try store.insert(
      sample("먼저 넣은 약속", start: now + 3600 + 50, travel: 600), createdAt: added)
    let second = try store.insert(
      sample("나중에 넣은 약속", start: now + 3600 + 10, travel: 600), createdAt: added)
    #expect(first.plan.departure == second.plan.departure)
    let after = Date(timeIntervalSince1970: now)
    #expect(try store.next(after: after)?.title == "먼저 넣은 약속")
    #expect(try store.upcoming(after: after).map(\.title) == ["먼저 넣은 약속", "나중에 넣은 약속"])
    let stored = try store.database.rows("SELECT id, departure_at FROM appointment ORDER BY id")
    #expect(
      stored == [
        [.integer(first.id), .integer(1_796_121_600)],
        [.integer(second.id), .integer(1_796_121_600)],
      ])
    // The watch's bound is the rule's departure too: both leave before ten seconds past the
    // minute, though neither would before flooring.
    let bound = Date(timeIntervalSince1970: 1_796_121_610)
    #expect(
      try store.upcoming(after: after, departingBefore: bound).map(\.title) == [
        "먼저 넣은 약속", "나중에 넣은 약속",
      ])
  }

  /// A version-9 file is read as it is, and the first writer gives every row the departure
  /// the rule gives it: floored to the minute, or the start itself with no travel or buffer.
  /// A row whose start is not an integer, which only damage makes, gets none and is named
  /// by the next reader.
  @Test func aVersion9FileGetsTheRulesDeparturesFromTheFirstWriter() throws {
    let path = folder.path + "/v9.db"
    let old = try olderFile(
      path, version: 9,
      extra: """
        INSERT INTO appointment (title, start_at, time_zone, mode, travel_seconds,
          travel_estimated, buffer_seconds, prep_seconds, alerts, created_at)
        VALUES ('점심', 1800000050, 'Asia/Seoul', 'walk', 600, 0, 300, 0, '0', 1),
          ('타이머', 1800000030, 'Asia/Seoul', 'walk', 0, 0, 0, 0, '0', 1);
        """)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    let before = Date(timeIntervalSince1970: 1_799_990_000)
    #expect(try reader.next(after: before)?.title == "점심")
    _ = try Store.openOrCreate(path: path, expander: .libical)
    #expect(try old.scalar("PRAGMA user_version").int == Store.schemaVersion)
    #expect(
      try old.rows("SELECT id, departure_at FROM appointment ORDER BY id") == [
        [.integer(1), .integer(1_799_999_400)],
        [.integer(2), .integer(1_799_999_100)],
        [.integer(3), .integer(1_800_000_030)],
      ])
    let writer = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(try writer.upcoming(after: before).map(\.title) == ["점심", "저녁", "타이머"])
  }

  /// A row of a version-9 file whose start only damage could have made is left without a
  /// departure by the migration, and a reader refuses it instead of passing over it.
  @Test func aMigratedRowWithoutADepartureIsNamedByTheReader() throws {
    let path = folder.path + "/v9.db"
    _ = try olderFile(
      path, version: 9,
      extra: """
        INSERT INTO appointment (title, start_at, time_zone, mode, travel_seconds,
          travel_estimated, buffer_seconds, prep_seconds, alerts, created_at)
        VALUES ('망가진 약속', 'soon', 'Asia/Seoul', 'walk', 600, 0, 0, 0, '0', 1);
        """)
    let writer = try Store.openOrCreate(path: path, expander: .libical)
    #expect(throws: StoreError.self) {
      try writer.next(after: Date(timeIntervalSince1970: 1_799_990_000))
    }
  }
}
