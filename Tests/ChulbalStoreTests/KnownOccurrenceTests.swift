import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalStore

/// A series' occurrences of the coming weeks, worked out by the writer and read from the
/// file. Times worked out by hand: `출근` is every Tuesday at 09:00 in New York from
/// 2027-03-02, which is 14:00Z until daylight time starts on Sunday 2027-03-14, 13:00Z after.
@Suite struct KnownOccurrenceTests {
  static func commute(_ rule: String = "FREQ=WEEKLY;BYDAY=TU") throws -> Appointment {
    var series = sample("출근", start: instant("2027-03-02T14:00:00Z").timeIntervalSince1970)
    series.timeZone = "America/New_York"
    series.repetition = Repetition(
      rule: try RecurrenceRule.parse(rule),
      firstStart: WallTime(year: 2027, month: 3, day: 2, hour: 9, minute: 0))
    return series
  }

  /// When the series is written: Monday 2027-03-01.
  static let written = instant("2027-03-01T12:00:00Z")

  static func count(_ path: String) throws -> Int? {
    try Database(path: path, create: false).scalar("SELECT count(*) FROM series_occurrence").int
  }

  /// Moves one known start by a minute, past the store: a reader that shows the moved minute
  /// took the start from the file, not from libical.
  static func nudge(_ path: String, _ start: String) throws {
    try Database(path: path, create: false).execute(
      "UPDATE series_occurrence SET start_at = start_at + 60 "
        + "WHERE start_at = \(Int(instant(start).timeIntervalSince1970))")
  }

  @Test func aWriterKnowsSixWeeksAndReadersTakeThemFromTheFile() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    _ = try store.insert(Self.commute(), createdAt: Self.written)
    // 2027-02-27 to 2027-04-12: the Tuesdays 3-02, 3-09, 3-16, 3-23, 3-30 and 4-06.
    #expect(try Self.count(path) == 6)
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    let from = instant("2027-03-08T00:00:00Z")
    let to = instant("2027-03-22T00:00:00Z")
    #expect(
      try reader.occurrences(from: from, to: to).map(\.start) == [
        instant("2027-03-09T14:00:00Z"), instant("2027-03-16T13:00:00Z"),
      ])
    try Self.nudge(path, "2027-03-16T13:00:00Z")
    #expect(
      try reader.occurrences(from: from, to: to).map(\.start) == [
        instant("2027-03-09T14:00:00Z"), instant("2027-03-16T13:01:00Z"),
      ])
    // Past what it knows, libical still answers.
    #expect(
      try reader.occurrences(
        from: instant("2027-05-01T00:00:00Z"), to: instant("2027-05-08T00:00:00Z")
      ).map(\.start) == [instant("2027-05-04T13:00:00Z")])
  }

  /// `next` a week after the last writer, and the watch's plan, read the file too; a reader
  /// whose clock is past what the series knows works it out.
  @Test func nextAndTheWatchsPlanReadTheFileWhileItKnows() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    _ = try store.insert(Self.commute(), createdAt: Self.written)
    try Self.nudge(path, "2027-03-16T13:00:00Z")
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    let weekLater = instant("2027-03-10T00:00:00Z")
    #expect(try reader.next(after: weekLater)?.start == instant("2027-03-16T13:01:00Z"))
    #expect(
      try reader.upcoming(after: weekLater, departingBefore: instant("2027-03-17T00:00:00Z"))
        .map(\.start) == [instant("2027-03-16T13:01:00Z")])
    let muchLater = instant("2027-05-01T00:00:00Z")
    #expect(try reader.next(after: muchLater)?.start == instant("2027-05-04T13:00:00Z"))
  }

  /// Among stale series, `next` is the one that departs first, not the one that starts
  /// first: 09:30 with an hour's travel leaves before 09:00 with ten minutes'.
  @Test func nextTakesTheKnownSeriesThatDepartsFirst() throws {
    let folder = TemporaryFolder()
    let store = try Store.openOrCreate(path: folder.path + "/c.db", expander: .libical)
    var near = try Self.commute("FREQ=DAILY")
    near.title = "가까운 곳"
    near.travelSeconds = 600
    var far = try Self.commute("FREQ=DAILY")
    far.title = "먼 곳"
    far.travelSeconds = 3600
    far.repetition?.firstStart = WallTime(year: 2027, month: 3, day: 2, hour: 9, minute: 30)
    far.start = instant("2027-03-02T14:30:00Z")
    _ = try store.insert(near, createdAt: Self.written)
    _ = try store.insert(far, createdAt: Self.written)
    let next = try store.next(after: instant("2027-03-05T00:00:00Z"))
    #expect(next?.title == "먼 곳")
    #expect(next?.start == instant("2027-03-05T14:30:00Z"))
  }

  /// A skipped occurrence is not known, a moved one is known at its new start; a series made
  /// a one-off knows nothing.
  @Test func theKnownStartsFollowExceptionsOverridesAndEdits() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    var series = try store.insert(Self.commute(), createdAt: Self.written)
    series.repetition?.exceptions = [WallTime(year: 2027, month: 3, day: 9, hour: 9, minute: 0)]
    series.repetition?.overrides = [
      WallTime(year: 2027, month: 3, day: 16, hour: 9, minute: 0): instant(
        "2027-03-17T13:30:00Z")
    ]
    try store.update(series, now: Self.written)
    let starts = try store.occurrences(
      from: instant("2027-03-08T00:00:00Z"), to: instant("2027-03-24T00:00:00Z")
    ).map(\.start)
    #expect(starts == [instant("2027-03-17T13:30:00Z"), instant("2027-03-23T13:00:00Z")])
    series.repetition = nil
    try store.update(series, now: Self.written)
    #expect(try Self.count(path) == 0)
  }

  /// Each writer works out again a series that knows less than five weeks ahead.
  @Test func writersKeepSixWeeksKnown() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    _ = try store.insert(Self.commute("FREQ=DAILY"), createdAt: Self.written)
    // 2027-02-27T12:00Z to 2027-04-12T12:00Z: every day from the first, 3-02, to 4-11.
    #expect(try Self.count(path) == 41)
    let knownUntil = { try SeriesStoreTests.stored(path, "repeat_known_until").int }
    #expect(try knownUntil() == Int(Self.written.timeIntervalSince1970) + 42 * 86_400)
    // Six days on, it still knows more than five weeks: only its cached start moves on.
    let sixDays = Self.written.addingTimeInterval(6 * 86_400)
    #expect(try store.advanceSeries(now: sixDays) == 1)
    #expect(try knownUntil() == Int(Self.written.timeIntervalSince1970) + 42 * 86_400)
    // Eight days on, it knows only 34 days ahead: worked out again from then.
    let eightDays = Self.written.addingTimeInterval(8 * 86_400)
    #expect(try store.advanceSeries(now: eightDays) == 1)
    #expect(try knownUntil() == Int(eightDays.timeIntervalSince1970) + 42 * 86_400)
    // 2027-03-07T12:00Z to 2027-04-20T12:00Z: 3-07 to 4-19.
    #expect(try Self.count(path) == 44)
    #expect(try store.advanceSeries(now: eightDays) == 0)
  }

  /// A version-6 file's series know nothing: readers work them out, and the first writer
  /// makes them known.
  @Test func aVersion6FilesSeriesAreMadeKnownByTheFirstWriter() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/v6.db"
    _ = try olderFile(
      path, version: 6,
      extra: """
        UPDATE appointment SET repeat_rule = 'FREQ=DAILY', repeat_first = '2027-03-02T09:00:00',
          time_zone = 'America/New_York', start_at = 1803996000;
        """)
    let day = (from: instant("2027-03-16T00:00:00Z"), to: instant("2027-03-17T00:00:00Z"))
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    #expect(
      try reader.occurrences(from: day.from, to: day.to).map(\.start) == [
        instant("2027-03-16T13:00:00Z")
      ])
    let writer = try Store.openOrCreate(path: path, expander: .libical)
    #expect(try writer.advanceSeries(now: Self.written) == 1)
    #expect(try Self.count(path) == 41)
    try Self.nudge(path, "2027-03-16T13:00:00Z")
    #expect(
      try writer.occurrences(from: day.from, to: day.to).map(\.start) == [
        instant("2027-03-16T13:01:00Z")
      ])
  }

  /// A known start that is not a time cannot be written, which a reader's range query would
  /// otherwise pass over (text sorts after every integer).
  @Test func aKnownStartThatIsNotATimeCannotBeWritten() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    _ = try store.insert(Self.commute(), createdAt: Self.written)
    let database = try Database(path: path, create: false)
    let tuesday = Int(instant("2027-03-09T14:00:00Z").timeIntervalSince1970)
    #expect(throws: StoreError.self) {
      try database.execute(
        "UPDATE series_occurrence SET start_at = 'x' WHERE start_at = \(tuesday)")
    }
    #expect(
      try database.scalar("SELECT count(*) FROM series_occurrence WHERE start_at = \(tuesday)")
        .int == 1)
  }
  /// A span's occurrences come by start, then number, whether a series' starts were read from
  /// the file or worked out by libical, with the one-offs among them; a reader that stops
  /// gets no more. Three appointments start at one instant, in an order unlike the one they
  /// are gathered in (known starts, then worked-out ones, then one-offs).
  @Test func aSpanMixesKnownAndWorkedOutStartsWithOneOffsByStartThenNumber() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/c.db"
    let store = try Store.openOrCreate(path: path, expander: .libical)
    // #1 a one-off at 09:00 New York on Tuesday 3-09; #2 every Tuesday at 09:00 New York,
    // known; #3 every Monday and Tuesday at 09:00 New York from 3-08, its knowledge taken
    // away as a file migrated from schema 6 has none.
    _ = try store.insert(
      sample("점심", start: instant("2027-03-09T14:00:00Z").timeIntervalSince1970),
      createdAt: Self.written)
    _ = try store.insert(Self.commute(), createdAt: Self.written)
    var walk = try Self.commute("FREQ=WEEKLY;BYDAY=MO,TU")
    walk.title = "산책"
    walk.start = instant("2027-03-08T14:00:00Z")
    walk.repetition?.firstStart = WallTime(year: 2027, month: 3, day: 8, hour: 9, minute: 0)
    _ = try store.insert(walk, createdAt: Self.written)
    try Database(path: path, create: false).execute(
      "UPDATE appointment SET repeat_known_from = NULL, repeat_known_until = NULL WHERE id = 3")
    // #2's start of 3-16 moved by a minute in the file alone: shown only if read from it.
    try Self.nudge(path, "2027-03-16T13:00:00Z")
    let reader = try #require(try Store.open(path: path, access: .reading, expander: .libical))
    let from = instant("2027-03-08T00:00:00Z")
    let to = instant("2027-03-17T00:00:00Z")
    // Daylight time starts in New York on 2027-03-14: 09:00 is 14:00Z before, 13:00Z after.
    let expected: [(Int, Date)] = [
      (3, instant("2027-03-08T14:00:00Z")), (1, instant("2027-03-09T14:00:00Z")),
      (2, instant("2027-03-09T14:00:00Z")), (3, instant("2027-03-09T14:00:00Z")),
      (3, instant("2027-03-15T13:00:00Z")), (3, instant("2027-03-16T13:00:00Z")),
      (2, instant("2027-03-16T13:01:00Z")),
    ]
    let found = try reader.occurrences(from: from, to: to)
    #expect(found.map(\.id) == expected.map(\.0))
    #expect(found.map(\.start) == expected.map(\.1))
    #expect(found.map(\.title) == ["산책", "점심", "출근", "산책", "산책", "산책", "출근"])
    var handed: [Int] = []
    try reader.forEach(.starting(from: from, before: to)) { occurrence in
      handed.append(occurrence.id)
      return handed.count < 2
    }
    #expect(handed == [3, 1])
  }
}
