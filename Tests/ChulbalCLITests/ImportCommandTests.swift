import ChulbalCalendar
import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// The ChulbalCalendar tests' fixture calendars, by name (`good/google.ics`).
func calendarFixture(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("ChulbalCalendarTests/Fixtures/" + name).path
}

/// `import` through the in-process CLI into a real SQLite file, against what each fixture
/// says, read by hand (Seoul is +09:00; Frankfurt +01:00 in January).
@Suite struct ImportCommandTests {
  static let now = ["--now", "2026-11-30T14:00+09:00"]

  /// The stored appointments, by title.
  static func stored(_ workspace: Workspace) throws -> [String: Appointment] {
    let store = try #require(
      try Store.open(path: workspace.database, access: .reading, expander: .libical))
    return Dictionary(try store.all().map { ($0.title, $0) }, uniquingKeysWith: { a, _ in a })
  }

  static func json(_ outcome: Outcome) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let fixture: String
    let added: Int
    let skipped: [String: Int]
    let titles: [String]
    var testDescription: String { fixture }
  }

  static let cases: [Case] = [
    Case(
      fixture: "good/google.ics", added: 3, skipped: ["all_day": 1, "cancelled": 1],
      titles: ["분기 회의", "저녁 약속", "저녁 약속 (한 시간 늦게)"]),
    Case(
      fixture: "good/outlook.ics", added: 2, skipped: [:],
      titles: ["Team sync (Frankfurt)", "고객 미팅"]),
    Case(fixture: "good/apple.ics", added: 2, skipped: [:], titles: ["브런치", "수영"]),
    Case(fixture: "good/vdir", added: 3, skipped: [:], titles: ["제주행 비행기", "치과", "헬스"]),
  ]

  @Test(arguments: cases)
  func fixturesImportWithTheirCounts(_ test: Case) throws {
    let workspace = Workspace()
    let outcome = workspace.run(["import", calendarFixture(test.fixture), "--json"] + Self.now)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let report = try Self.json(outcome)
    #expect(report["added"] as? Int == test.added)
    #expect(report["updated"] as? Int == 0)
    let skipped = try #require(report["skipped"] as? [String: Int])
    #expect(skipped.filter { $0.value > 0 } == test.skipped)
    #expect(try Self.stored(workspace).keys.sorted() == test.titles.sorted())
  }

  /// An event with two RRULEs that differ follows the first, and the report says so; of two
  /// revisions of one event the higher SEQUENCE is kept.
  @Test func twoRRULEsAndTwoRevisionsAreSaidInTheReport() throws {
    let workspace = Workspace()
    let file = workspace.folder + "/zimbra.ics"
    try [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//KO", "BEGIN:VEVENT", "UID:z",
      "SUMMARY:스터디", "DTSTART;TZID=Asia/Seoul:20261201T190000", "RRULE:FREQ=WEEKLY;COUNT=3",
      "RRULE:FREQ=DAILY;COUNT=5", "END:VEVENT", "BEGIN:VEVENT", "UID:m", "SEQUENCE:3",
      "SUMMARY:회의 (옮김)", "DTSTART;TZID=Asia/Seoul:20261203T110000", "END:VEVENT",
      "BEGIN:VEVENT", "UID:m", "SEQUENCE:2", "SUMMARY:회의",
      "DTSTART;TZID=Asia/Seoul:20261203T100000", "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n").write(toFile: file, atomically: true, encoding: .utf8)
    let outcome = workspace.run(["import", file] + Self.now)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardOutput.contains("반복 규칙(RRULE)이 여럿인 일정 1개는 첫 규칙만 따랐습니다\n"))
    #expect(try Self.stored(workspace).keys.sorted() == ["스터디", "회의 (옮김)"])
    #expect(try Self.stored(workspace)["스터디"]?.repetition?.rule.text == "FREQ=WEEKLY;COUNT=3")
    let again = try Self.json(workspace.run(["import", file, "--dry-run", "--json"] + Self.now))
    #expect(again["extra_rules"] as? Int == 1)
    #expect(again["duplicates"] as? Int == 1)
  }

  @Test func aGoogleSeriesKeepsItsExceptionAndMovedInstanceAndAOneOffItsGeo() throws {
    let workspace = Workspace()
    workspace.run(["import", calendarFixture("good/google.ics")] + Self.now)
    let stored = try Self.stored(workspace)
    let dinner = try #require(stored["저녁 약속"])
    #expect(dinner.timeZone == "Asia/Seoul")
    #expect(dinner.place == "강남역 11번 출구, 서울특별시 강남구")
    #expect(dinner.note == "매주 화요일 저녁, 강남역 11번 출구\n늦으면 연락")
    #expect(dinner.coordinate == nil)
    #expect(dinner.travelSeconds == 30 * 60 && !dinner.travelEstimated)
    let repetition = try #require(dinner.repetition)
    #expect(repetition.rule.text == "FREQ=WEEKLY;BYDAY=TU")
    #expect(repetition.firstStart == WallTime(year: 2027, month: 1, day: 5, hour: 19, minute: 0))
    // The instance moved to 역삼역 an hour later is an appointment of its own there, and the
    // series leaves out the occurrence it replaces.
    #expect(
      repetition.exceptions == [
        WallTime(year: 2027, month: 2, day: 23, hour: 19, minute: 0),
        WallTime(year: 2027, month: 3, day: 2, hour: 19, minute: 0),
      ])
    #expect(repetition.overrides.isEmpty)
    let moved = try #require(stored["저녁 약속 (한 시간 늦게)"])
    #expect(moved.place == "역삼역 3번 출구")
    #expect(moved.start == instant("2027-03-02T11:00:00Z"))
    #expect(moved.repetition == nil)
    let meeting = try #require(stored["분기 회의"])
    #expect(meeting.start == instant("2027-03-10T01:30:00Z"))
    #expect(meeting.coordinate == Coordinate(latitude: 37.566535, longitude: 126.977969))
    #expect(meeting.repetition == nil)
  }

  @Test func outlookZonesAppleLocationAndChulbalTravelAreKept() throws {
    let workspace = Workspace()
    workspace.run(
      ["import", calendarFixture("good/outlook.ics"), calendarFixture("good/apple.ics")]
        + Self.now)
    let stored = try Self.stored(workspace)
    let sync = try #require(stored["Team sync (Frankfurt)"])
    #expect(sync.timeZone == "Europe/Berlin")
    #expect(
      sync.repetition?.firstStart == WallTime(year: 2027, month: 1, day: 5, hour: 9, minute: 0))
    let client = try #require(stored["고객 미팅"])
    #expect(client.timeZone == "Asia/Seoul")
    #expect(client.start == instant("2027-03-16T05:00:00Z"))
    #expect(client.travelSeconds == 80 * 60 && !client.travelEstimated)
    let brunch = try #require(stored["브런치"])
    #expect(brunch.coordinate == Coordinate(latitude: 37.544579, longitude: 127.058604))
    #expect(brunch.travelSeconds == 35 * 60)
  }

  @Test func declinedByMeIsSkippedAndTheTravelSettingIsTheDefault() throws {
    let workspace = Workspace()
    #expect(workspace.run(["config", "set", "me", "Junho.Lee@example.com"]).exitCode == 0)
    #expect(workspace.run(["config", "set", "travel", "45m"]).exitCode == 0)
    let outcome = workspace.run(["import", calendarFixture("good/google.ics")] + Self.now)
    #expect(
      outcome.standardOutput.hasPrefix("새로 2 · 바뀜 0 · 건너뜀 3 (종일 일정 1, 취소됨 1, 거절함 1)\n"))
    #expect(outcome.standardOutput.contains("기본값 45분을 썼습니다"))
    #expect(try Self.stored(workspace)["저녁 약속"]?.travelSeconds == 45 * 60)
  }

  /// A saved place named as the event's LOCATION lends its coordinate, and with a default
  /// origin the trip is estimated rather than defaulted.
  @Test func aSavedPlaceOfTheSameNameGivesTheCoordinate() throws {
    let workspace = Workspace()
    workspace.run(["place", "add", "집", "--coord", "37.5547,126.9707", "--default"])
    workspace.run(["place", "add", "연세치과", "--coord", "37.5600,126.9400"])
    workspace.run(["import", calendarFixture("good/vdir")] + Self.now)
    let dentist = try #require(try Self.stored(workspace)["치과"])
    #expect(dentist.coordinate == Coordinate(latitude: 37.56, longitude: 126.94))
    #expect(dentist.travelEstimated)
    #expect(dentist.origin?.name == "집")
  }

  /// Re-reading a file whose event changed updates that row in place: no duplicate, the
  /// same id, and its alert log still there; the unchanged event is left as it is.
  @Test func aReimportUpdatesInPlaceAndKeepsTheAlertLog() throws {
    let workspace = Workspace()
    let file = workspace.folder + "/g.ics"
    let text = try String(contentsOfFile: calendarFixture("good/google.ics"), encoding: .utf8)
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    workspace.run(["import", file] + Self.now)
    let before = try Self.stored(workspace)
    let meeting = try #require(before["분기 회의"])
    let store = try Store.openOrCreate(path: workspace.database, expander: .libical)
    let alert = AlertID(appointmentID: meeting.id, leadSeconds: 0, due: meeting.start)
    #expect(try store.claim(alert, kind: .leave, at: instant("2026-11-30T05:00:00Z")))
    let same = workspace.run(["import", file] + Self.now)
    #expect(same.standardOutput.hasPrefix("새로 0 · 바뀜 0 · 그대로 3 · 건너뜀 2 (종일 일정 1, 취소됨 1)\n"))
    try text.replacingOccurrences(of: "SUMMARY:분기 회의", with: "SUMMARY:분기 회의 (7층)")
      .write(toFile: file, atomically: true, encoding: .utf8)
    let changed = workspace.run(["import", file] + Self.now)
    #expect(changed.standardOutput.hasPrefix("새로 0 · 바뀜 1 · 그대로 2 · 건너뜀 2"))
    let after = try Self.stored(workspace)
    #expect(after["분기 회의 (7층)"]?.id == meeting.id)
    #expect(after["저녁 약속"]?.id == before["저녁 약속"]?.id)
    #expect(try store.appointmentCount == 3)
    #expect(try store.alertLog(since: Date(timeIntervalSince1970: 0)).map(\.id) == [alert])
  }

  /// What the person changed in chulbal stays while the calendar's event does not change.
  @Test func anEditInChulbalStaysUntilTheCalendarChangesTheEvent() throws {
    let workspace = Workspace()
    let file = calendarFixture("good/google.ics")
    workspace.run(["import", file] + Self.now)
    let meeting = try #require(try Self.stored(workspace)["분기 회의"])
    let edit = workspace.run(["edit", String(meeting.id), "--travel", "50m"] + Self.now)
    #expect(edit.exitCode == 0, "\(edit.standardError)")
    workspace.run(["import", file] + Self.now)
    #expect(try Self.stored(workspace)["분기 회의"]?.travelSeconds == 50 * 60)
  }

  /// One file named twice, once by another path to it, is one calendar read once.
  @Test func theSameFileTwiceIsReadOnce() throws {
    let workspace = Workspace()
    let file = calendarFixture("good/google.ics")
    let roundabout = calendarFixture("good/vdir/../google.ics")
    let outcome = workspace.run(["import", file, roundabout] + Self.now)
    #expect(outcome.standardOutput.hasPrefix("새로 3 · 바뀜 0 · 건너뜀 2"))
    #expect(try Self.stored(workspace).count == 3)
  }

  @Test func anEventGoneFromTheFileIsRemovedOnTheNextRead() throws {
    let workspace = Workspace()
    let file = workspace.folder + "/cal.ics"
    func write(_ uids: [String]) throws {
      let events = uids.map {
        "BEGIN:VEVENT\r\nUID:\($0)\r\nDTSTAMP:20261201T000000Z\r\n"
          + "DTSTART:20270105T100000Z\r\nSUMMARY:\($0)\r\nEND:VEVENT\r\n"
      }
      try
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + events.joined()
        + "END:VCALENDAR\r\n").write(toFile: file, atomically: true, encoding: .utf8)
    }
    try write(["하나", "둘"])
    workspace.run(["import", file] + Self.now)
    try write(["둘"])
    let outcome = workspace.run(["import", file] + Self.now)
    #expect(outcome.standardOutput.hasPrefix("새로 0 · 바뀜 0 · 그대로 1 · 지움 1 · 건너뜀 0\n"))
    #expect(try Self.stored(workspace).keys.sorted() == ["둘"])
  }

  static let malformed: [String] = {
    let folder = calendarFixture("malformed")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".ics") }.sorted()
  }()

  /// The fixtures damaged beyond their events: not iCalendar at all, binary, or truncated.
  static let damagedBeyondEvents: Set<String> = [
    "binary.ics", "empty.ics", "end-without-begin.ics", "leading-space.ics", "mismatched-end.ics",
    "missing-end.ics", "not-a-calendar.ics", "truncated.ics",
  ]

  /// A file damaged beyond its events among good ones: one line naming it, exit 2, and the
  /// database unchanged to the byte.
  @Test(arguments: malformed.filter(damagedBeyondEvents.contains))
  func aFileDamagedBeyondItsEventsImportsNothing(_ name: String) throws {
    let workspace = Workspace()
    workspace.run(["add", "저녁", "--at", "2026-12-01T19:00+09:00", "--travel", "30m"] + Self.now)
    let before = try workspace.snapshot()
    let path = calendarFixture("malformed/" + name)
    let outcome = workspace.run(["import", calendarFixture("good/google.ics"), path] + Self.now)
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError.hasPrefix("chulbal: " + path))
    #expect(outcome.standardError.filter { $0 == "\n" }.count == 1)
    #expect(try workspace.snapshot() == before)
  }

  /// A file with an event chulbal cannot read among good ones: the rest of both files is
  /// imported, and the event left out is named with its file and line, in the text and in
  /// JSON.
  @Test(arguments: malformed.filter { !damagedBeyondEvents.contains($0) })
  func aFileWithAnUnreadableEventImportsTheRestAndNamesIt(_ name: String) throws {
    let workspace = Workspace()
    let path = calendarFixture("malformed/" + name)
    let dry = workspace.run(
      ["import", calendarFixture("good/google.ics"), path, "--dry-run", "--json"] + Self.now)
    #expect(dry.exitCode == 0, "\(dry.standardError)")
    let report = try Self.json(dry)
    let unreadable = try #require(report["unreadable"] as? [[String: Any]])
    let outcome = workspace.run(["import", calendarFixture("good/google.ics"), path] + Self.now)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    #expect(outcome.standardError.isEmpty)
    let titles = try Self.stored(workspace).keys
    #expect(titles.contains("저녁 약속"))
    #expect(titles.contains("분기 회의"))
    if unreadable.isEmpty {
      // Read after all (a coordinate that is none, an event without a UID, a zone that
      // names nothing): kept.
      #expect(titles.count == 4, "\(titles)")
    } else {
      #expect(unreadable.map { $0["file"] as? String } == [path])
      let line = try #require(unreadable.first?["line"] as? Int)
      let reason = try #require(unreadable.first?["reason"] as? String)
      #expect(outcome.standardOutput.contains("읽을 수 없는 일정 1)"))
      #expect(outcome.standardOutput.contains("  읽지 못함: \(path):\(line): \(reason)\n"))
      #expect(titles.count == 3, "\(titles)")
    }
  }

  @Test func dryRunWritesNothingAndMakesNoDatabase() throws {
    let workspace = Workspace()
    let file = calendarFixture("good/google.ics")
    let outcome = workspace.run(["import", file, "--dry-run"] + Self.now)
    #expect(outcome.standardOutput.hasPrefix("새로 3 · 바뀜 0 · 건너뜀 2"))
    #expect(outcome.standardOutput.hasSuffix("--dry-run: 아무것도 저장하지 않았습니다\n"))
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
    workspace.run(["import", file] + Self.now)
    let before = try workspace.snapshot()
    let again = workspace.run(["import", file, "--dry-run"] + Self.now)
    #expect(again.standardOutput.hasPrefix("새로 0 · 바뀜 0 · 그대로 3 · 건너뜀 2"))
    #expect(try workspace.snapshot() == before)
  }

  @Test func floatingTimesAreReadInTheSystemZoneAndSaidSo() throws {
    let workspace = Workspace()
    let outcome = workspace.run(["import", calendarFixture("good/recurring.ics")] + Self.now)
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput.contains("시간대가 없는 시각 1개는 시스템 시간대(Asia/Seoul)로 읽었습니다"))
  }

  @Test func importWithoutAPathAsksForOne() {
    let outcome = Workspace().run(["import"])
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardError.hasPrefix("chulbal: "))
  }

  struct SettingCase: Sendable, CustomTestStringConvertible {
    let key: String
    let value: String
    /// What `config get` shows after, or nil when the value is refused (exit 2).
    let stored: String?
    var testDescription: String { "\(key) \(value)" }
  }

  static let settingCases: [SettingCase] = [
    SettingCase(key: "me", value: " Junho.Lee@Example.com ", stored: "junho.lee@example.com"),
    SettingCase(key: "me", value: "none", stored: "none"),
    SettingCase(key: "me", value: "없음", stored: "none"),
    SettingCase(key: "me", value: "junho", stored: nil),
    SettingCase(key: "me", value: "a@b@c", stored: nil),
    SettingCase(key: "me", value: "a b@c", stored: nil),
    SettingCase(key: "me", value: "@example.com", stored: nil),
    SettingCase(key: "travel", value: "1시간", stored: "1h"),
    SettingCase(key: "travel", value: "soon", stored: nil),
  ]

  @Test(arguments: settingCases)
  func theImportSettingsReadTheirValues(_ test: SettingCase) throws {
    let workspace = Workspace()
    let set = workspace.run(["config", "set", test.key, test.value])
    #expect(set.exitCode == (test.stored == nil ? 2 : 0), "\(set.standardError)")
    let shown = workspace.run(["config", "get", test.key]).standardOutput
    #expect(shown == (test.stored ?? (test.key == "me" ? "none" : "30m")) + "\n")
  }
}
