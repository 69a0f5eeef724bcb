import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCore

@Suite struct KoreanDateFormatTests {
  /// The zones compared, with how many UTC-offset transitions the zone data gives each in
  /// 2026–2027.
  static let zones: [(name: String, transitions: Int)] = [
    ("Asia/Seoul", 0), ("UTC", 0), ("America/New_York", 4), ("Europe/London", 4),
    ("Australia/Lord_Howe", 4), ("Asia/Kathmandu", 0),
  ]

  static func referenceFormatter(_ pattern: KoreanDateFormat.Pattern, _ zone: Zone)
    -> DateFormatter
  {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "ko_KR")
    formatter.timeZone = TimeZone(identifier: zone.identifier)
    formatter.dateFormat = pattern.rawValue
    return formatter
  }

  /// Every instant to compare in one zone: pseudo-random ones over 1990–2060 (a third of them
  /// in 2026–2027), and around every UTC-offset transition of 2026–2027, minute by minute
  /// through the transition day and at the transition's own edges.
  static func instants(zone: Zone, count: Int, seed: UInt64) -> [Date] {
    var random = SeededRandom(seed: seed)
    var instants: [Date] = []
    for index in 0..<count {
      let range: ClosedRange<Double> =
        index % 3 == 0 ? 1_767_225_600...1_830_297_600 : 631_152_000...2_871_763_200
      instants.append(Date(timeIntervalSince1970: Double.random(in: range, using: &random)))
    }
    var cursor = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00Z
    let end = Date(timeIntervalSince1970: 1_830_297_600)  // 2028-01-01T00:00Z
    let foundationZone = TimeZone(identifier: zone.identifier)!
    while let transition = foundationZone.nextDaylightSavingTimeTransition(after: cursor),
      transition < end
    {
      for minute in -720...720 {
        instants.append(transition.addingTimeInterval(TimeInterval(minute * 60)))
      }
      for delta in [-1, -0.001, 0, 0.001, 0.5, 1] {
        instants.append(transition.addingTimeInterval(delta))
      }
      cursor = transition
    }
    return instants
  }

  @Test(arguments: zones)
  func matchesDateFormatterByteForByte(zoneName: String, transitions: Int) throws {
    let zone = try #require(Zone(identifier: zoneName))
    let ours = KoreanDateFormat(timeZone: zone)
    let instants = Self.instants(zone: zone, count: 17_000, seed: 0xC4B1)
    // Each transition adds 1441 minutes and 6 edges; fewer would mean the comparison below
    // silently skipped the transitions it is meant to cover.
    #expect(instants.count == 17_000 + transitions * 1447)
    for pattern in KoreanDateFormat.Pattern.allCases {
      let reference = Self.referenceFormatter(pattern, zone)
      var mismatches: [String] = []
      for instant in instants {
        let expected = reference.string(from: instant)
        let actual = ours.string(instant, pattern)
        if Array(expected.utf8) != Array(actual.utf8) && mismatches.count < 5 {
          mismatches.append("\(instant.timeIntervalSince1970): '\(actual)' ≠ '\(expected)'")
        }
      }
      #expect(mismatches.isEmpty, "\(zoneName) \(pattern.rawValue): \(mismatches)")
    }
  }

  /// `isSameDay` says what DateFormatter's dates say, for instants around every transition.
  @Test(arguments: zones)
  func sameDayAgreesWithDateFormatter(zoneName: String, transitions: Int) throws {
    let zone = try #require(Zone(identifier: zoneName))
    let ours = KoreanDateFormat(timeZone: zone)
    let reference = Self.referenceFormatter(.date, zone)
    let instants = Self.instants(zone: zone, count: 2_000, seed: 0x5A4E)
    var mismatches: [String] = []
    for (first, second) in zip(instants, instants.dropFirst(7)) {
      let expected = reference.string(from: first) == reference.string(from: second)
      if ours.isSameDay(first, second) != expected && mismatches.count < 5 {
        mismatches.append("\(first.timeIntervalSince1970), \(second.timeIntervalSince1970)")
      }
    }
    #expect(mismatches.isEmpty, "\(zoneName): \(mismatches)")
  }

  struct TransitionCase: Sendable, CustomTestStringConvertible {
    let zone: String
    /// The instant the offset changes, in UTC.
    let at: String
    let before: String
    let beforeOffset: Int
    let after: String
    let afterOffset: Int
    var testDescription: String { "\(zone) \(at)" }
  }

  /// Every transition of 2026–2027 in three zones, with the wall clock just before and at it;
  /// the expectations were computed with Python's zoneinfo, not by the code under test.
  @Test(arguments: [
    TransitionCase(
      zone: "America/New_York", at: "2026-03-08T07:00:00Z",
      before: "2026-03-08T01:59:59-05:00", beforeOffset: -18000,
      after: "2026-03-08T03:00:00-04:00", afterOffset: -14400),
    TransitionCase(
      zone: "America/New_York", at: "2026-11-01T06:00:00Z",
      before: "2026-11-01T01:59:59-04:00", beforeOffset: -14400,
      after: "2026-11-01T01:00:00-05:00", afterOffset: -18000),
    TransitionCase(
      zone: "America/New_York", at: "2027-03-14T07:00:00Z",
      before: "2027-03-14T01:59:59-05:00", beforeOffset: -18000,
      after: "2027-03-14T03:00:00-04:00", afterOffset: -14400),
    TransitionCase(
      zone: "America/New_York", at: "2027-11-07T06:00:00Z",
      before: "2027-11-07T01:59:59-04:00", beforeOffset: -14400,
      after: "2027-11-07T01:00:00-05:00", afterOffset: -18000),
    TransitionCase(
      zone: "Europe/London", at: "2026-03-29T01:00:00Z",
      before: "2026-03-29T00:59:59Z", beforeOffset: 0,
      after: "2026-03-29T02:00:00+01:00", afterOffset: 3600),
    TransitionCase(
      zone: "Europe/London", at: "2026-10-25T01:00:00Z",
      before: "2026-10-25T01:59:59+01:00", beforeOffset: 3600,
      after: "2026-10-25T01:00:00Z", afterOffset: 0),
    TransitionCase(
      zone: "Europe/London", at: "2027-03-28T01:00:00Z",
      before: "2027-03-28T00:59:59Z", beforeOffset: 0,
      after: "2027-03-28T02:00:00+01:00", afterOffset: 3600),
    TransitionCase(
      zone: "Europe/London", at: "2027-10-31T01:00:00Z",
      before: "2027-10-31T01:59:59+01:00", beforeOffset: 3600,
      after: "2027-10-31T01:00:00Z", afterOffset: 0),
    TransitionCase(
      zone: "Australia/Lord_Howe", at: "2026-04-04T15:00:00Z",
      before: "2026-04-05T01:59:59+11:00", beforeOffset: 39600,
      after: "2026-04-05T01:30:00+10:30", afterOffset: 37800),
    TransitionCase(
      zone: "Australia/Lord_Howe", at: "2026-10-03T15:30:00Z",
      before: "2026-10-04T01:59:59+10:30", beforeOffset: 37800,
      after: "2026-10-04T02:30:00+11:00", afterOffset: 39600),
    TransitionCase(
      zone: "Australia/Lord_Howe", at: "2027-04-03T15:00:00Z",
      before: "2027-04-04T01:59:59+11:00", beforeOffset: 39600,
      after: "2027-04-04T01:30:00+10:30", afterOffset: 37800),
    TransitionCase(
      zone: "Australia/Lord_Howe", at: "2027-10-02T15:30:00Z",
      before: "2027-10-03T01:59:59+10:30", beforeOffset: 37800,
      after: "2027-10-03T02:30:00+11:00", afterOffset: 39600),
  ])
  func offsetsChangeExactlyAtTransitions(_ example: TransitionCase) throws {
    let format = KoreanDateFormat(timeZone: try #require(Zone(identifier: example.zone)))
    let transition = instant(example.at)
    // Instants are floored to the whole second: a millisecond before is still the old offset.
    for delta in [-1, -0.001] {
      let date = transition.addingTimeInterval(delta)
      #expect(format.iso8601(date) == example.before, "\(delta)")
      #expect(format.offset(at: date) == example.beforeOffset, "\(delta)")
    }
    for delta in [0, 0.5] {
      let date = transition.addingTimeInterval(delta)
      #expect(format.iso8601(date) == example.after, "\(delta)")
      #expect(format.offset(at: date) == example.afterOffset, "\(delta)")
    }
  }

  @Test func examplesReadAsKoreansWriteThem() throws {
    let seoul = try #require(Zone(identifier: "Asia/Seoul"))
    let format = KoreanDateFormat(timeZone: seoul)
    let evening = Date(timeIntervalSince1970: 1_764_583_200 + 365 * 86_400)  // 2026-12-01 19:00
    #expect(format.full(evening) == "12월 1일 (화) 오후 7:00")
    #expect(format.date(evening) == "2026년 12월 1일 (화)")
    #expect(format.time(evening.addingTimeInterval(-12 * 3600 - 55 * 60)) == "오전 6:05")
    #expect(format.time(evening.addingTimeInterval(-7 * 3600)) == "오후 12:00")
    #expect(format.time(evening.addingTimeInterval(5 * 3600)) == "오전 12:00")
    #expect(format.iso8601(evening) == "2026-12-01T19:00:00+09:00")
  }

  @Test func isoOffsetsIncludeHalfAndQuarterHours() throws {
    let instant = Date(timeIntervalSince1970: 1_782_900_000)  // 2026-07-01T10:00Z
    let cases = [
      ("Asia/Kathmandu", "2026-07-01T15:45:00+05:45"), ("UTC", "2026-07-01T10:00:00Z"),
      ("America/New_York", "2026-07-01T06:00:00-04:00"),
      ("Australia/Lord_Howe", "2026-07-01T20:30:00+10:30"),
    ]
    for (name, expected) in cases {
      let zone = try #require(Zone(identifier: name))
      #expect(KoreanDateFormat(timeZone: zone).iso8601(instant) == expected)
    }
  }

  /// Far from now, where the zone file's first and last rules answer, the text is still
  /// DateFormatter's (it is not before 1583, where ICU's calendar turns Julian).
  @Test func instantsFarFromNowReadAsDateFormatterReadsThem() throws {
    let zone = try #require(Zone(identifier: "Asia/Seoul"))
    let format = KoreanDateFormat(timeZone: zone)
    for seconds in [-2_500_000_000.0, 7_500_000_000.0] {
      let instant = Date(timeIntervalSince1970: seconds)
      for pattern in KoreanDateFormat.Pattern.allCases {
        let expected = Self.referenceFormatter(pattern, zone).string(from: instant)
        #expect(format.string(instant, pattern) == expected)
      }
    }
  }

  @Test func safeToShareAcrossTasks() async throws {
    let zone = try #require(Zone(identifier: "America/New_York"))
    let format = KoreanDateFormat(timeZone: zone)
    let results = await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          let reference = Self.referenceFormatter(.full, zone)
          var random = SeededRandom(seed: UInt64(task))
          return (0..<2000).allSatisfy { _ in
            let instant = Date(
              timeIntervalSince1970: Double.random(in: 0...4_000_000_000, using: &random))
            return format.full(instant) == reference.string(from: instant)
          }
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results == Array(repeating: true, count: 8))
  }

  struct DurationCase: Sendable, CustomTestStringConvertible {
    let seconds: Int
    let precision: KoreanDuration.Precision
    let expected: String
    var testDescription: String { "\(seconds)s → \(expected)" }
  }

  @Test(arguments: [
    DurationCase(seconds: 3900, precision: .minutes, expected: "1시간 5분"),
    DurationCase(seconds: 3600, precision: .minutes, expected: "1시간"),
    DurationCase(seconds: 2100, precision: .minutes, expected: "35분"),
    DurationCase(seconds: 59, precision: .minutes, expected: "0분"),
    DurationCase(seconds: 133, precision: .seconds, expected: "2분 13초"),
    DurationCase(seconds: 754, precision: .seconds, expected: "12분 34초"),
    DurationCase(seconds: 45, precision: .seconds, expected: "45초"),
    DurationCase(seconds: 120, precision: .seconds, expected: "2분"),
    DurationCase(seconds: 3900, precision: .seconds, expected: "1시간 5분"),
    DurationCase(seconds: -180, precision: .minutes, expected: "3분"),
    DurationCase(seconds: 90_000, precision: .minutes, expected: "1일 1시간"),
    DurationCase(seconds: 146_940, precision: .minutes, expected: "1일 16시간 49분"),
    DurationCase(seconds: 86_400, precision: .minutes, expected: "1일"),
    DurationCase(seconds: 86_460, precision: .seconds, expected: "1일 1분"),
    DurationCase(seconds: 172_799, precision: .minutes, expected: "1일 23시간 59분"),
    DurationCase(seconds: 48 * 3600 + 59, precision: .minutes, expected: "2일"),
    DurationCase(seconds: 76 * 3600 + 55 * 60, precision: .seconds, expected: "3일 4시간"),
    DurationCase(seconds: 0, precision: .seconds, expected: "0초"),
    DurationCase(seconds: 577, precision: .fixedSeconds, expected: "09:37"),
    DurationCase(seconds: 45, precision: .fixedSeconds, expected: "00:45"),
    DurationCase(seconds: 3599, precision: .fixedSeconds, expected: "59:59"),
    DurationCase(seconds: 3900, precision: .fixedSeconds, expected: "1시간 5분"),
    DurationCase(seconds: 36_000 + 1, precision: .minutes, expected: "10시간"),
    // A negative length is shown as its size, the most negative one too, whose size no `Int`
    // holds: the longest text there is.
    DurationCase(seconds: -3900, precision: .minutes, expected: "1시간 5분"),
    DurationCase(seconds: Int.min, precision: .seconds, expected: "106751991167300일 15시간"),
  ])
  func durations(_ example: DurationCase) {
    #expect(
      KoreanDuration.text(seconds: example.seconds, precision: example.precision)
        == example.expected)
  }
}
