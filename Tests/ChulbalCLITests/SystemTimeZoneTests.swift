import ChulbalCore
import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `TZ` read the way the C library reads it, checked against the C library itself.
@Suite struct SystemTimeZoneTests {
  struct Accepted: Sendable, CustomTestStringConvertible {
    let tz: String
    /// The IANA name chulbal stores.
    let identifier: String
    var testDescription: String { "TZ='\(tz)'" }
  }

  static let accepted: [Accepted] = [
    // POSIX offsets count west: UTC+9 is nine hours behind UTC.
    Accepted(tz: "UTC+9", identifier: "Etc/GMT+9"),
    Accepted(tz: "UTC-9", identifier: "Etc/GMT-9"),
    Accepted(tz: "KST-9", identifier: "Etc/GMT-9"),
    Accepted(tz: "<+09>-9", identifier: "Etc/GMT-9"),
    Accepted(tz: "<-03>3", identifier: "Etc/GMT+3"),
    Accepted(tz: "UTC0", identifier: "UTC"),
    Accepted(tz: "", identifier: "GMT"),
    Accepted(tz: "Asia/Seoul", identifier: "Asia/Seoul"),
    Accepted(tz: ":Asia/Seoul", identifier: "Asia/Seoul"),
    Accepted(tz: "posix/Asia/Seoul", identifier: "Asia/Seoul"),
    Accepted(tz: "EST5EDT", identifier: "EST5EDT"),
    Accepted(tz: "America/New_York", identifier: "America/New_York"),
    Accepted(tz: "/usr/share/zoneinfo/America/New_York", identifier: "America/New_York"),
    Accepted(tz: ":/usr/share/zoneinfo/Asia/Kathmandu", identifier: "Asia/Kathmandu"),
    Accepted(tz: "/usr/share/zoneinfo/Etc/GMT+12", identifier: "Etc/GMT+12"),
  ]

  /// Winter and summer on both sides of the equator, and a year with other rules.
  static let instants = [1_768_435_200, 1_784_073_600, 646_790_400]

  @Test(arguments: accepted)
  func acceptedValuesAreStoredByNameAndAgreeWithTheCLibrary(_ example: Accepted) throws {
    let zone = try Environment.systemTimeZone(["TZ": example.tz]).get()
    #expect(zone.identifier == example.identifier)
    for second in Self.instants {
      let expected = try Self.cLibraryOffset(tz: example.tz, at: second)
      #expect(Self.text(zone.offset(atSecond: second)) == expected, "at \(second)")
    }
  }

  @Test func aLinkOutsideTheDatabaseIsNamedByItsTarget() throws {
    let folder = NSTemporaryDirectory() + "chulbal-tz-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let link = folder + "/localtime"
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: "/usr/share/zoneinfo/Asia/Seoul")
    for tz in [link, ":" + link] {
      #expect(try Environment.systemTimeZone(["TZ": tz]).get().identifier == "Asia/Seoul")
      #expect(try Self.cLibraryOffset(tz: tz, at: Self.instants[0]) == "+0900")
    }
    // Unset TZ, or ':' alone, read the site-wide zone, here the link.
    let database = ZoneDatabase(variables: [:], localTime: link)
    for variables in [[:], ["TZ": ":"]] {
      let zone = try Environment.systemTimeZone(variables, database: database).get()
      #expect(zone.identifier == "Asia/Seoul")
    }
    // A copy has no name to find.
    let copy = folder + "/copy"
    try FileManager.default.copyItem(atPath: "/usr/share/zoneinfo/Asia/Seoul", toPath: copy)
    let refused = Environment.systemTimeZone(["TZ": copy])
    #expect(
      refused
        == .failure(
          .unstorableTimeZone(copy, reason: "시간대 데이터베이스(/usr/share/zoneinfo)의 파일이 아닙니다")))
  }

  struct Refused: Sendable, CustomTestStringConvertible {
    let tz: String
    let message: String
    var testDescription: String { "TZ='\(tz)'" }
  }

  static let refused: [Refused] = [
    Refused(
      tz: "EST5EDT,M3.2.0,M11.1.0",
      message: "시간대 'EST5EDT,M3.2.0,M11.1.0'을 IANA 이름으로 읽을 수 없습니다: 서머타임 규칙은 약속과 함께 "
        + "저장할 수 없습니다 (IANA 이름을 '--tz Asia/Seoul'처럼 주거나 TZ에 두세요)"),
    Refused(
      tz: "<+0530>-5:30",
      message: "시간대 '<+0530>-5:30'을 IANA 이름으로 읽을 수 없습니다: UTC+05:30 고정 오프셋에는 IANA 이름이 "
        + "없습니다 (IANA 이름을 '--tz Asia/Seoul'처럼 주거나 TZ에 두세요)"),
    Refused(
      tz: "UTC+14:59",
      message: "시간대 'UTC+14:59'를 IANA 이름으로 읽을 수 없습니다: 오프셋은 -12:00~+14:00 사이의 15분 "
        + "단위여야 합니다 (IANA 이름을 '--tz Asia/Seoul'처럼 주거나 TZ에 두세요)"),
    Refused(
      tz: "/nonexistent/zone",
      message: "시간대 '/nonexistent/zone'을 IANA 이름으로 읽을 수 없습니다: 시간대 데이터베이스"
        + "(/usr/share/zoneinfo)의 파일이 아닙니다 (IANA 이름을 '--tz Asia/Seoul'처럼 주거나 TZ에 두세요)"),
    Refused(
      tz: "Foo/Bar",
      message: "알 수 없는 시간대 'Foo/Bar' (IANA 이름을 쓰세요, 예: 'Asia/Seoul', 'UTC', 'America/New_York')"),
  ]

  /// Refused on every command that needs the system zone, with one line saying what to give.
  @Test(arguments: refused)
  func valuesNoIANANameStandsForAreRefused(_ example: Refused) {
    let environment = Environment.test(
      timeZone: Environment.systemTimeZone(["TZ": example.tz]))
    let outcome = CLI.run(["plan", "--at", "19:00", "--travel", "5m"], environment: environment)
    #expect(outcome.standardError == "chulbal: 환경 변수 TZ: \(example.message)\n")
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardOutput.isEmpty)
  }

  /// Every offset tzdata has used since 1980, listed by Python's zoneinfo (an implementation
  /// apart from ICU and from chulbal), passes the offset rule, and the rule's bounds are used.
  @Test(.tags(.oracle)) func everyOffsetRealZonesUseSatisfiesTheRule() throws {
    let script = """
      import zoneinfo, datetime
      seen = set()
      for name in zoneinfo.available_timezones():
          z = zoneinfo.ZoneInfo(name)
          t = datetime.datetime(1980, 1, 1, tzinfo=datetime.timezone.utc)
          while t.year < 2040:
              seen.add(int(z.utcoffset(t).total_seconds()))
              t += datetime.timedelta(days=7)
      print(" ".join(str(o) for o in sorted(seen)))
      """
    let offsets = try Self.output(["python3", "-c", script]).split(separator: " ").compactMap {
      Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
    }
    try #require(offsets.count > 30)
    #expect(offsets.allSatisfy(UTCOffset.isValid))
    #expect(offsets.first == UTCOffset.range.lowerBound)
    #expect(offsets.last == UTCOffset.range.upperBound)
    #expect(offsets.contains(5 * 3600 + 45 * 60))
  }

  /// `TZ=… date +%z` at an instant.
  static func cLibraryOffset(tz: String, at second: Int) throws -> String {
    try output(["env", "TZ=\(tz)", "date", "-d", "@\(second)", "+%z"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  static func output(_ arguments: [String]) throws -> String {
    String(decoding: try ProgramOutput.read(arguments), as: UTF8.self)
  }

  /// `+0900` for 32 400 seconds, as `date +%z` writes it.
  static func text(_ offset: Int) -> String {
    let size = abs(offset)
    let hhmm = size / 3600 * 100 + size % 3600 / 60
    let digits = String(hhmm)
    return (offset < 0 ? "-" : "+") + String(repeating: "0", count: 4 - digits.count) + digits
  }
}
