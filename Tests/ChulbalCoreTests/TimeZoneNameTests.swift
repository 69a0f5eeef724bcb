import ChulbalSystem
import Foundation
import Testing

@testable import ChulbalCore

@Suite struct TimeZoneNameTests {
  struct Rule: Sendable, CustomTestStringConvertible {
    let text: String
    let offset: Int
    let daylight: Bool
    let identifier: String?
    var testDescription: String { "'\(text)'" }
  }

  /// POSIX counts west of UTC (`TZ=UTC+9 date +%z` prints `-0900`).
  @Test(arguments: [
    Rule(text: "UTC+9", offset: -9 * 3600, daylight: false, identifier: "Etc/GMT+9"),
    Rule(text: "UTC-9", offset: 9 * 3600, daylight: false, identifier: "Etc/GMT-9"),
    Rule(text: "<+09>-9", offset: 9 * 3600, daylight: false, identifier: "Etc/GMT-9"),
    Rule(text: "<-0330>3:30", offset: -12_600, daylight: false, identifier: nil),
    Rule(text: "UTC0", offset: 0, daylight: false, identifier: "UTC"),
    Rule(text: "EST5EDT", offset: -5 * 3600, daylight: true, identifier: nil),
    Rule(text: "EST5EDT,M3.2.0,M11.1.0", offset: -5 * 3600, daylight: true, identifier: nil),
    Rule(text: "CET-1CEST,M3.5.0,M10.5.0/3", offset: 3600, daylight: true, identifier: nil),
    Rule(
      text: "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", offset: 45_900, daylight: true,
      identifier: nil),
    Rule(text: "XYZ+14:59", offset: -53_940, daylight: false, identifier: nil),
    Rule(text: "ABC-13", offset: 13 * 3600, daylight: false, identifier: "Etc/GMT-13"),
  ])
  func rulesReadAsTheCLibraryReadsThem(_ example: Rule) throws {
    let rule = try #require(POSIXTimeZoneRule(example.text))
    #expect(rule.standardOffsetSeconds == example.offset)
    #expect(rule.hasDaylightSaving == example.daylight)
    #expect(rule.fixedZoneIdentifier == example.identifier)
  }

  @Test(arguments: ["Foo/Bar", "Asia/Seoul", "UT+9", "UTC", "", "<+9>-9", "UTC+25", "EST5EDT,"])
  func otherTextIsNoRule(text: String) {
    #expect(POSIXTimeZoneRule(text) == nil)
  }

  @Test func ianaNamesExcludeTheOffsetsFoundationAlsoReads() {
    for name in ["Asia/Seoul", "UTC", "Etc/GMT-9", "EST5EDT", "America/New_York", "GMT+0"] {
      #expect(Zone(identifier: name) != nil, "\(name)")
    }
    for name in ["GMT+9", "UTC+9", "GMT+14:59", "GMT-0330", "Mars/Olympus", ""] {
      #expect(Zone(identifier: name) == nil, "\(name)")
    }
  }

  @Test func offsetsAreQuarterHoursFromMinusTwelveToPlusFourteen() {
    #expect(UTCOffset.isValid(-12 * 3600))
    #expect(UTCOffset.isValid(14 * 3600))
    #expect(UTCOffset.isValid(-(9 * 3600 + 30 * 60)))
    #expect(UTCOffset.isValid(12 * 3600 + 45 * 60))
    #expect(!UTCOffset.isValid(14 * 3600 + 15 * 60))
    #expect(!UTCOffset.isValid(-(12 * 3600 + 15 * 60)))
    #expect(!UTCOffset.isValid(9 * 3600 + 10 * 60))
  }
}
