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
    #expect(details == ["SEARCH appointment USING INDEX appointment_departure (<expr>>?)"])
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
}
