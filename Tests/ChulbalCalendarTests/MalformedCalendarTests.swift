import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalendar

/// A calendar damaged beyond its events gives one line naming the file, the line and what is
/// wrong, and no events; an event chulbal cannot read is left out with its line and why, and
/// the rest of its file is read.
@Suite struct MalformedCalendarTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let file: String
    let line: Int
    let message: String
    var testDescription: String { file }
  }

  static let cases: [Case] = [
    Case(
      file: "truncated.ics", line: 4,
      message: "'BEGIN:VEVENT'를 닫는 'END:VEVENT'가 없습니다 (파일이 중간에 잘렸습니다)"),
    Case(
      file: "missing-end.ics", line: 1,
      message: "'BEGIN:VCALENDAR'을 닫는 'END:VCALENDAR'이 없습니다 (파일이 중간에 잘렸습니다)"),
    Case(file: "mismatched-end.ics", line: 7, message: "4번째 줄의 'BEGIN:VEVENT'를 'END:VTODO'로 닫았습니다"),
    Case(
      file: "end-without-begin.ics", line: 4,
      message: "1번째 줄의 'BEGIN:VCALENDAR'을 'END:VEVENT'로 닫았습니다"),
    Case(
      file: "binary.ics", line: 1, message: "제어 문자(0x1F)가 있습니다: 텍스트로 된 iCalendar 파일이 아닙니다"),
    Case(
      file: "not-a-calendar.ics", line: 1,
      message: "BEGIN:VCALENDAR 밖에 있는 줄입니다: 'From: minji@example.com'"),
    Case(file: "empty.ics", line: 1, message: "BEGIN:VCALENDAR가 없습니다: iCalendar 파일이 아닙니다"),
    Case(file: "leading-space.ics", line: 1, message: "이어 쓸 줄이 없는데 공백으로 시작합니다"),
  ]

  @Test(arguments: cases)
  func aFileDamagedBeyondItsEventsIsOneLineNamingTheFileAndLine(_ example: Case) {
    let path = Fixtures.path("malformed/" + example.file)
    #expect(throws: CalendarError.syntax(file: path, line: example.line, message: example.message))
    {
      try ICalendarFile.read(path: path)
    }
    expectOneLine(path)
  }

  struct EventCase: Sendable, CustomTestStringConvertible {
    let file: String
    let line: Int
    let property: String?
    let reason: String
    var testDescription: String { file }
  }

  static let eventCases: [EventCase] = [
    EventCase(
      file: "bad-date.ics", line: 7, property: "DTSTART",
      reason: "DTSTART의 날짜·시각 '20271345T090000'을 읽을 수 없습니다 (예: 20261201T090000)"),
    EventCase(
      file: "bad-all-day.ics", line: 7, property: "DTSTART",
      reason: "DTSTART의 날짜·시각 '20270230'을 읽을 수 없습니다 (예: 20261201)"),
    EventCase(
      file: "invalid-utf8.ics", line: 7, property: nil,
      reason: "UTF-8이 아닌 바이트가 있습니다 (iCalendar는 UTF-8로 씁니다)"),
    EventCase(
      file: "missing-dtstart.ics", line: 4, property: "DTSTART", reason: "VEVENT에 DTSTART가 없습니다"),
    EventCase(
      file: "bad-duration.ics", line: 8, property: "DURATION",
      reason: "DURATION을 읽을 수 없습니다: '2 hours'"),
    EventCase(
      file: "zone-disagrees.ics", line: 14, property: "DTSTART",
      reason: "시간대 'Korea Standard Time'의 VTIMEZONE은 2027-01-05T09:00:00에 UTC+08:00인데, "
        + "이 이름이 뜻하는 IANA 시간대 'Asia/Seoul'은 UTC+09:00입니다"),
    EventCase(
      file: "no-colon.ics", line: 7, property: nil,
      reason: "콜론(:)이 없는 줄입니다: 'this line has no colon'"),
  ]

  @Test(arguments: eventCases)
  func anEventChulbalCannotReadIsLeftOutWithItsLineAndWhy(_ example: EventCase) throws {
    let path = Fixtures.path("malformed/" + example.file)
    let contents = try ICalendarFile.read(path: path)
    #expect(contents.events.isEmpty)
    #expect(
      contents.unreadable == [
        .init(file: path, line: example.line, property: example.property, reason: example.reason)
      ])
  }

  /// One unreadable event among good ones leaves out that event alone.
  @Test func theEventsAroundAnUnreadableOneAreRead() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20270105T100000Z\r\nEND:VEVENT\r\n"
      + "BEGIN:VEVENT\r\nUID:b\r\nDTSTART:2027010\r\nEND:VEVENT\r\n"
      + "BEGIN:VEVENT\r\nUID:c\r\nDTSTART:20270107T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let contents = try ICalendarFile.read(text: text, name: "three.ics")
    #expect(contents.events.map(\.uid) == ["a", "c"])
    #expect(contents.unreadable.map(\.line) == [8])
    #expect(contents.unreadable.map(\.property) == ["DTSTART"])
  }

  /// libical's message for a value it removed names the property's line and quotes the value
  /// as written, an escaped line end and all, on one line.
  @Test func anUnreadableValueWithAnEscapedLineEndIsQuotedAsWritten() throws {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20270105T100000Z\r\n"
      + "EXDATE:north\\nsouth\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let contents = try ICalendarFile.read(text: text, name: "exdate")
    #expect(
      contents.unreadable == [
        .init(
          file: "exdate", line: 5, property: "EXDATE", reason: "EXDATE를 읽을 수 없습니다: 'north\\nsouth'")
      ])
  }

  /// A `TZID` that names no zone is read in the calendar's `X-WR-TIMEZONE`, else as a
  /// floating time, and noted: never silently as UTC.
  @Test func aTZIDThatResolvesToNothingIsReadInTheCalendarsZoneAndNoted() throws {
    let path = Fixtures.path("malformed/unknown-tzid.ics")
    let events = try ICalendarFile.read(path: path).events
    let wall = WallTime(year: 2027, month: 1, day: 5, hour: 9, minute: 0)
    #expect(events.map(\.start) == [.floating(wall)])
    #expect(events.map(\.unresolvedZone) == ["Mars/Olympus_Mons"])
    let text = try String(contentsOfFile: path, encoding: .utf8)
      .replacingOccurrences(of: "VERSION:2.0", with: "VERSION:2.0\nX-WR-TIMEZONE:Asia/Seoul")
    let named = try ICalendarFile.read(text: text, name: "named.ics").events
    #expect(named.map(\.start) == [.zoned(wall, timeZone: "Asia/Seoul")])
    #expect(named.map(\.unresolvedZone) == ["Mars/Olympus_Mons"])
  }

  /// A time without a `TZID` in a calendar with an `X-WR-TIMEZONE` (Google's export) is on
  /// that zone's clock, and its `UNTIL` with it; without one it is floating.
  @Test func aTimeWithoutATZIDIsReadInTheCalendarsXWRTimeZone() throws {
    let body =
      "BEGIN:VEVENT\r\nUID:w\r\nDTSTART:20270105T210000\r\n"
      + "RRULE:FREQ=DAILY;UNTIL=20270106T210000\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let wall = WallTime(year: 2027, month: 1, day: 5, hour: 21, minute: 0)
    let floating = try ICalendarFile.read(
      text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + body, name: "floating.ics")
    #expect(floating.events.map(\.start) == [.floating(wall)])
    let named = try ICalendarFile.read(
      text: "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-TIMEZONE:Europe/Brussels\r\n" + body,
      name: "named.ics")
    #expect(named.events.map(\.start) == [.zoned(wall, timeZone: "Europe/Brussels")])
    #expect(named.events.map(\.unresolvedZone) == [nil])
    let starts = try CalendarOccurrences.starts(
      of: named.events, from: instant("2027-01-01T00:00:00Z"),
      to: instant("2027-02-01T00:00:00Z"), floatingTimeZone: "Asia/Seoul")
    #expect(
      starts.map(\.start) == [
        instant("2027-01-05T20:00:00Z"), instant("2027-01-06T20:00:00Z"),
      ])
  }

  /// A coordinate chulbal cannot read is no coordinate; the event is read without it. GEO
  /// written with a comma, which libical refuses, is read.
  @Test func aGEOThatIsNoCoordinateLeavesTheEventWithoutOneAndACommaIsRead() throws {
    let events = try ICalendarFile.read(path: Fixtures.path("malformed/bad-geo.ics")).events
    #expect(events.map(\.uid) == ["bad-geo"])
    #expect(events.map(\.coordinate) == [nil])
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20270105T100000Z\r\n"
      + "GEO:37.4979,127.0276\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    let comma = try ICalendarFile.read(text: text, name: "comma.ics").events
    #expect(comma.map(\.coordinate) == [Coordinate(latitude: 37.4979, longitude: 127.0276)])
  }

  /// An event without a UID is named by its start and title, the same at every reading.
  @Test func anEventWithoutAUIDIsNamedByItsStartAndTitle() throws {
    let path = Fixtures.path("malformed/missing-uid.ics")
    let first = try ICalendarFile.read(path: path).events
    #expect(first.map(\.uid) == ["no-uid:2027-01-05T10:00:00Z:UID 없음"])
    #expect(try ICalendarFile.read(path: path).events == first)
  }

  @Test func aTravelOverrideThatIsNoDurationNamesItsLine() throws {
    let path = Fixtures.path("malformed/bad-travel.ics")
    let contents = try ICalendarFile.read(path: path)
    #expect(contents.events.isEmpty)
    let unreadable = try #require(contents.unreadable.first)
    #expect(unreadable.line == 8)
    #expect(unreadable.property == "X-CHULBAL-TRAVEL")
    #expect(unreadable.reason.hasPrefix("X-CHULBAL-TRAVEL 'soon'을 읽을 수 없습니다: "))
  }

  @Test func aFileOver20MiBIsRefusedBeforeItIsRead() throws {
    let folder = TemporaryFolder()
    let path = folder.path + "/huge.ics"
    let event = "BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20270105T100000Z\r\nEND:VEVENT\r\n"
    var text = "BEGIN:VCALENDAR\r\n"
    text += String(repeating: event, count: 50 * 1_048_576 / event.utf8.count)
    text += "END:VCALENDAR\r\n"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    let size = text.utf8.count
    #expect(size > 50 * 1_000_000)
    #expect(throws: CalendarError.tooLarge(file: path, bytes: size, limit: 20 << 20)) {
      try ICalendarFile.read(path: path).events
    }
    #expect(throws: CalendarError.tooLarge(file: "붙여넣기", bytes: size, limit: 20 << 20)) {
      try ICalendarFile.read(text: text, name: "붙여넣기").events
    }
    #expect(
      CalendarError.tooLarge(file: path, bytes: size, limit: 20 << 20).description
        == "\(path): 파일이 너무 큽니다 (50.0MB, 최대 20.0MB)")
  }

  /// A folder whose files hold more than 64 MiB together is refused from their sizes, before
  /// any is read (sparse files: they take no room on the disk).
  @Test func aFolderOver64MiBIsRefusedBeforeItIsRead() throws {
    let folder = TemporaryFolder()
    for index in 0..<4 {
      let path = folder.path + "/\(index).ics"
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      #expect(truncate(path, 17 << 20) == 0)
    }
    #expect(throws: CalendarError.folderTooLarge(folder: folder.path, limit: 64 << 20)) {
      try ICalendarFile.read(path: folder.path)
    }
    #expect(
      CalendarError.folderTooLarge(folder: "/v", limit: 64 << 20).description
        == "/v: 폴더의 .ics 파일을 합치면 64.0MB보다 큽니다 (한 번에 읽는 최대 크기)")
  }

  /// A calendar file in a folder whose name is not UTF-8 is counted, not passed over without
  /// a word; the folder's other files are read.
  @Test func aFileNameThatIsNotUTF8IsCounted() throws {
    let folder = TemporaryFolder()
    let good = try String(contentsOfFile: Fixtures.path("good/google.ics"), encoding: .utf8)
    try good.write(toFile: folder.path + "/good.ics", atomically: true, encoding: .utf8)
    let name = Array((folder.path + "/").utf8) + [0xFF] + Array("x.ics".utf8) + [0]
    let made = name.withUnsafeBytes { raw -> Int32 in
      guard let path = raw.bindMemory(to: CChar.self).baseAddress else { return -1 }
      return creat(path, 0o644)
    }
    try #require(made >= 0)
    close(made)
    let contents = try ICalendarFile.read(path: folder.path)
    #expect(!contents.events.isEmpty)
    #expect(
      contents.unreadable.map(\.description) == [
        folder.path + "/\\xFFx.ics: 파일 이름이 UTF-8이 아니라 읽지 않았습니다 (이름을 바꾸세요)"
      ])
  }

  @Test func aLineOf1MiBIsRefused() {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDESCRIPTION:"
      + String(repeating: "가나다라", count: 1_048_576 / 12) + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    #expect(
      throws: CalendarError.syntax(file: "long", line: 4, message: "줄이 너무 깁니다 (1024KB, 최대 256KB)")
    ) { try ICalendarFile.read(text: text, name: "long").events }
  }

  @Test func aFoldedLineOver256KiBIsRefused() {
    let folded = String(
      repeating: "\r\n 0123456789012345678901234567890123456789012345678901234567890123456789",
      count: 4000)
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDESCRIPTION:a" + folded
      + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    #expect(
      throws: CalendarError.syntax(
        file: "folded", line: 4, message: "줄이 너무 깁니다 (이어 쓴 줄을 합쳐 256KB를 넘습니다)")
    ) { try ICalendarFile.read(text: text, name: "folded").events }
  }

  @Test func componentsNestedDeeperThanEightAreRefused() {
    let depth = 10_000
    let text =
      "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:X-NEST\r\n", count: depth)
      + String(repeating: "END:X-NEST\r\n", count: depth) + "END:VCALENDAR\r\n"
    #expect(
      throws: CalendarError.syntax(file: "deep", line: 9, message: "구성 요소가 8단계보다 깊게 겹쳐 있습니다")
    ) { try ICalendarFile.read(text: text, name: "deep").events }
  }

  @Test func aDeviceOrAMissingFileIsRefusedWithoutReadingIt() {
    #expect(throws: CalendarError.unreadable(file: "/dev/zero", reason: "보통 파일이나 폴더가 아닙니다")) {
      try ICalendarFile.read(path: "/dev/zero").events
    }
    #expect(
      throws: CalendarError.unreadable(file: "/nonexistent.ics", reason: "파일이 없습니다")
    ) { try ICalendarFile.read(path: "/nonexistent.ics").events }
  }

  /// Every cut of the good fixtures, and the fixtures with bytes overwritten at random (a
  /// fixed seed), give events or one line naming the file: never a crash, a hang, or a
  /// message over several lines.
  @Test(arguments: ["good/google.ics", "good/outlook.ics", "good/apple.ics"])
  func cutsAndDamagedBytesGiveEventsOrOneLine(_ fixture: String) throws {
    let bytes = try #require(FileManager.default.contents(atPath: Fixtures.path(fixture)))
    var inputs = stride(from: 0, to: bytes.count, by: 7).map { bytes.prefix($0) }
    var state: UInt64 = 2026
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(state >> 33)
    }
    for _ in 0..<300 {
      var damaged = [UInt8](bytes)
      for _ in 0..<(1 + next() % 4) { damaged[next() % damaged.count] = UInt8(next() % 256) }
      inputs.append(Data(damaged))
    }
    var refused = 0
    for input in inputs {
      do {
        _ = try ICalendarFile.read(data: input, name: "damaged.ics").events
      } catch {
        refused += 1
        #expect(!error.description.contains("\n"), "\(error)")
        #expect(error.description.hasPrefix("damaged.ics"), "\(error)")
      }
    }
    #expect(refused > inputs.count / 2)
  }

  /// The error's text is one line that begins with the file.
  func expectOneLine(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
      _ = try ICalendarFile.read(path: path).events
    } catch {
      #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
      #expect(error.description.hasPrefix(path + ":"), sourceLocation: sourceLocation)
    }
  }
}
