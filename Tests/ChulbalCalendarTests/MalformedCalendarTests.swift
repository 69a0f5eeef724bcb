import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCalendar

/// Broken calendars give one line naming the file, the line and what is wrong, and no events.
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
      file: "bad-date.ics", line: 7,
      message: "DTSTART의 날짜·시각 '20271345T090000'을 읽을 수 없습니다 (예: 20261201T090000)"),
    Case(
      file: "bad-all-day.ics", line: 7,
      message: "DTSTART의 날짜·시각 '20270230'을 읽을 수 없습니다 (예: 20261201)"),
    Case(
      file: "binary.ics", line: 1, message: "제어 문자(0x1F)가 있습니다: 텍스트로 된 iCalendar 파일이 아닙니다"),
    Case(
      file: "invalid-utf8.ics", line: 7, message: "UTF-8이 아닌 바이트가 있습니다 (iCalendar는 UTF-8로 씁니다)"),
    Case(file: "bad-geo.ics", line: 8, message: "GEO를 읽을 수 없습니다: 'north-ish'"),
    Case(
      file: "not-a-calendar.ics", line: 1,
      message: "BEGIN:VCALENDAR 밖에 있는 줄입니다: 'From: minji@example.com'"),
    Case(file: "empty.ics", line: 1, message: "BEGIN:VCALENDAR가 없습니다: iCalendar 파일이 아닙니다"),
    Case(file: "missing-dtstart.ics", line: 4, message: "VEVENT에 DTSTART가 없습니다"),
    Case(file: "missing-uid.ics", line: 4, message: "VEVENT에 UID가 없습니다"),
    Case(file: "bad-duration.ics", line: 8, message: "DURATION을 읽을 수 없습니다: '2 hours'"),
    Case(
      file: "zone-disagrees.ics", line: 14,
      message: "시간대 'Korea Standard Time'의 VTIMEZONE은 2027-01-05T09:00:00에 UTC+08:00인데, "
        + "이 이름이 뜻하는 IANA 시간대 'Asia/Seoul'은 UTC+09:00입니다"),
    Case(file: "leading-space.ics", line: 1, message: "이어 쓸 줄이 없는데 공백으로 시작합니다"),
    Case(file: "no-colon.ics", line: 7, message: "콜론(:)이 없는 줄입니다: 'this line has no colon'"),
  ]

  @Test(arguments: cases)
  func aBrokenFileIsOneLineNamingTheFileAndLine(_ example: Case) {
    let path = Fixtures.path("malformed/" + example.file)
    #expect(throws: CalendarError.syntax(file: path, line: example.line, message: example.message))
    {
      try ICalendarFile.read(path: path)
    }
    expectOneLine(path)
  }

  /// libical's message is found on its line in a CR LF file, and quotes the value as written.
  @Test func anUnreadableValueWithAnEscapedLineEndIsQuotedAsWritten() {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20270105T100000Z\r\n"
      + "GEO:north\\nsouth\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    #expect(
      throws: CalendarError.syntax(file: "geo", line: 5, message: "GEO를 읽을 수 없습니다: 'north\\nsouth'")
    ) { try ICalendarFile.read(text: text, name: "geo") }
  }

  @Test func aTZIDThatResolvesToNothingIsAnErrorNotAFloatingTime() {
    let path = Fixtures.path("malformed/unknown-tzid.ics")
    let error = CalendarError.unresolvedTimeZone(file: path, line: 7, tzid: "Mars/Olympus_Mons")
    #expect(throws: error) { try ICalendarFile.read(path: path) }
    #expect(
      error.description
        == "\(path):7: 시간대 'Mars/Olympus_Mons'를 알 수 없습니다: IANA 이름(Asia/Seoul)도, 아는 Windows "
        + "이름도 아니고, 파일에 IANA 시간대와 맞는 VTIMEZONE도 없습니다")
  }

  @Test func aTravelOverrideThatIsNoDurationNamesItsLine() throws {
    let path = Fixtures.path("malformed/bad-travel.ics")
    do {
      _ = try ICalendarFile.read(path: path)
      Issue.record("read a travel time of 'soon'")
    } catch {
      guard case .syntax(path, 8, let message) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(message.hasPrefix("X-CHULBAL-TRAVEL 'soon'을 읽을 수 없습니다: "))
    }
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
      try ICalendarFile.read(path: path)
    }
    #expect(throws: CalendarError.tooLarge(file: "붙여넣기", bytes: size, limit: 20 << 20)) {
      try ICalendarFile.read(text: text, name: "붙여넣기")
    }
    #expect(
      CalendarError.tooLarge(file: path, bytes: size, limit: 20 << 20).description
        == "\(path): 파일이 너무 큽니다 (50.0MB, 최대 20.0MB)")
  }

  @Test func aLineOf1MiBIsRefused() {
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDESCRIPTION:"
      + String(repeating: "가나다라", count: 1_048_576 / 12) + "\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    #expect(
      throws: CalendarError.syntax(file: "long", line: 4, message: "줄이 너무 깁니다 (1024KB, 최대 256KB)")
    ) { try ICalendarFile.read(text: text, name: "long") }
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
    ) { try ICalendarFile.read(text: text, name: "folded") }
  }

  @Test func componentsNestedDeeperThanEightAreRefused() {
    let depth = 10_000
    let text =
      "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:X-NEST\r\n", count: depth)
      + String(repeating: "END:X-NEST\r\n", count: depth) + "END:VCALENDAR\r\n"
    #expect(
      throws: CalendarError.syntax(file: "deep", line: 9, message: "구성 요소가 8단계보다 깊게 겹쳐 있습니다")
    ) { try ICalendarFile.read(text: text, name: "deep") }
  }

  @Test func aDeviceOrAMissingFileIsRefusedWithoutReadingIt() {
    #expect(throws: CalendarError.unreadable(file: "/dev/zero", reason: "보통 파일이나 폴더가 아닙니다")) {
      try ICalendarFile.read(path: "/dev/zero")
    }
    #expect(
      throws: CalendarError.unreadable(file: "/nonexistent.ics", reason: "파일이 없습니다")
    ) { try ICalendarFile.read(path: "/nonexistent.ics") }
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
        _ = try ICalendarFile.read(data: input, name: "damaged.ics")
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
      _ = try ICalendarFile.read(path: path)
    } catch {
      #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
      #expect(error.description.hasPrefix(path + ":"), sourceLocation: sourceLocation)
    }
  }
}
