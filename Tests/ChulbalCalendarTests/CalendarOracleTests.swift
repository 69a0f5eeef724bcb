import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalendar

/// The starts chulbal derives from each good fixture (its reader, then ``RecurrenceSet`` with
/// rule, first start, EXDATEs and moved instances) equal those Python's `icalendar` and
/// `recurring-ical-events` find, for 60 days from 15 February 2027: across New York's change
/// (14 March) and Europe's (28 March).
@Suite struct CalendarOracleTests {
  static let from = 1_802_649_600  // 2027-02-15T00:00:00Z
  static let to = from + 60 * 86_400

  static let fixtures = [
    "good/google.ics", "good/outlook.ics", "good/apple.ics", "good/recurring.ics",
    "good/dst-new-york.ics", "good/custom-zone.ics", "good/vdir", "good/google-korean.ics",
    "good/exchange-korean.ics",
  ]

  @Test(arguments: fixtures)
  func chulbalsStartsEqualRecurringICalEvents(_ fixture: String) throws {
    try compare(path: Fixtures.path(fixture))
  }

  @Test func anExportsStartsEqualRecurringICalEventsToo() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/export.ics"
    let text = try ICalendarWriter.text(
      [ICalendarWriterTests.dinner, ICalendarWriterTests.call, ICalendarWriterTests.lunch],
      stamp: ICalendarWriterTests.stamp)
    try #require(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    try compare(path: path)
  }

  /// Only the hourly rule is refused, and its occurrences are the only ones left out.
  @Test func theRuleChulbalRefusesIsTheOnlyOneLeftOut() throws {
    let events = try ICalendarFile.read(path: Fixtures.path("good/recurring.ics")).events
    let refused = events.filter {
      if case .refused? = $0.rule { return true }
      return false
    }
    #expect(refused.map(\.uid) == ["hourly-standup@example.com"])
  }

  func compare(path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let events = try ICalendarFile.read(path: path).events
    let ours = try CalendarOccurrences.starts(
      of: events, from: Date(timeIntervalSince1970: TimeInterval(Self.from)),
      to: Date(timeIntervalSince1970: TimeInterval(Self.to)), floatingTimeZone: "Asia/Seoul"
    ).map { RecurringEventsOracle.Start(uid: $0.uid, start: Int($0.start.timeIntervalSince1970)) }
    // chulbal keeps no series for a rule it refuses (FREQ=HOURLY), and no cancelled event:
    // the oracle's starts of those events are set aside, and the test above checks which the
    // refused rules are.
    let refused = Set(events.filter { CalendarImport.skip($0, email: nil) != nil }.map(\.uid))
    let theirs = try RecurringEventsOracle.starts(
      .init(paths: [path], from: Self.from, to: Self.to, floatingTimeZone: "Asia/Seoul")
    ).filter { !refused.contains($0.uid) }
    #expect(Set(ours) == Set(theirs), sourceLocation: sourceLocation)
    #expect(ours.count == theirs.count, sourceLocation: sourceLocation)
    #expect(!ours.isEmpty, sourceLocation: sourceLocation)
    let missing = Set(theirs).subtracting(ours).sorted { $0.start < $1.start }
    let extra = Set(ours).subtracting(theirs).sorted { $0.start < $1.start }
    #expect(
      missing.isEmpty && extra.isEmpty, "missing \(missing), extra \(extra)",
      sourceLocation: sourceLocation)
  }
}
