import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalStore

/// `export` through the in-process CLI from a real SQLite file: the alarms at the departure,
/// the file written whole, and the round trip through `import` into a fresh database.
@Suite struct ExportCommandTests {
  static let now = ["--now", "2026-11-30T14:00+09:00"]

  /// The file's lines, unfolded, without CR.
  static func lines(_ text: String) -> [String] {
    text.replacingOccurrences(of: "\r\n ", with: "").split(separator: "\r\n").map(String.init)
  }

  /// 35 minutes of travel and 10 of buffer: leaving is 45 minutes before the start, and a
  /// lead of 10 minutes 55 before it.
  @Test func eachAlertLeadIsAnAlarmAtTheDeparture() throws {
    let workspace = Workspace()
    workspace.run(
      [
        "add", "저녁 약속", "--at", "2026-12-01T19:00+09:00", "--travel", "35m", "--buffer", "10m",
        "--alerts", "10m,0",
      ] + Self.now)
    let outcome = workspace.run(["export"] + Self.now)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let lines = Self.lines(outcome.standardOutput)
    #expect(
      lines.filter { $0.hasPrefix("TRIGGER") } == [
        "TRIGGER;RELATED=START:-PT55M", "TRIGGER;RELATED=START:-PT45M",
      ])
    #expect(lines.contains("DESCRIPTION:출발: 저녁 약속"))
    #expect(lines.contains("DTSTART;TZID=Asia/Seoul:20261201T190000"))
    #expect(lines.contains("X-CHULBAL-TRAVEL:PT35M"))
    #expect(lines.filter { $0 == "BEGIN:VTIMEZONE" }.count == 1)
  }

  /// What `export` writes, `import` gives back: title, start, zone, place, coordinate, note,
  /// rule, skipped and moved occurrences, and travel.
  @Test func exportThenImportIntoAFreshDatabaseGivesTheSameAppointments() throws {
    let workspace = Workspace()
    #expect(workspace.run(["place", "add", "회사", "--coord", "37.5665,126.9780"]).exitCode == 0)
    for line in [
      [
        "add", "통화", "--at", "2027-03-02T09:00-05:00", "--tz", "America/New_York", "--repeat",
        "weekly", "--travel", "20m",
      ],
      ["remove", "1", "--on", "2027-03-09", "--yes"],
      ["edit", "1", "--on", "2027-03-16", "--at", "2027-03-16T11:00"],
      [
        "add", "저녁 약속", "--at", "2026-12-01T19:00+09:00", "--place", "강남역 2번 출구", "--coord",
        "37.4979,127.0276", "--travel", "35m", "--note", "2층, 창가", "--from", "회사", "--mode",
        "car", "--buffer", "15m", "--prep", "20m", "--alerts", "30m,5m,0",
      ],
    ] {
      let outcome = workspace.run(line + Self.now)
      #expect(outcome.exitCode == 0, "\(line): \(outcome.standardError)")
    }
    let file = workspace.folder + "/out.ics"
    let exported = workspace.run(["export", "--out", file] + Self.now)
    #expect(exported.standardOutput == "약속 2개를 '\(file)'에 내보냈습니다\n")
    let fresh = Workspace()
    let imported = fresh.run(["import", file] + Self.now)
    #expect(imported.standardOutput.hasPrefix("새로 2 · 바뀜 0 · 건너뜀 0\n"))
    let original = try ImportCommandTests.stored(workspace)
    let copy = try ImportCommandTests.stored(fresh)
    #expect(copy.keys.sorted() == original.keys.sorted())
    for (title, before) in original {
      let after = try #require(copy[title])
      #expect(after.start == before.start, "\(title)")
      #expect(after.timeZone == before.timeZone, "\(title)")
      #expect(after.place == before.place, "\(title)")
      #expect(after.coordinate == before.coordinate, "\(title)")
      #expect(after.note == before.note, "\(title)")
      #expect(after.repetition == before.repetition, "\(title)")
      #expect(after.travelSeconds == before.travelSeconds, "\(title)")
      #expect(after.origin == before.origin, "\(title)")
      #expect(after.mode == before.mode, "\(title)")
      #expect(after.bufferSeconds == before.bufferSeconds, "\(title)")
      #expect(after.prepSeconds == before.prepSeconds, "\(title)")
      #expect(after.alertLeads == before.alertLeads, "\(title)")
    }
    // The trip really differs from the settings a fresh database has.
    let dinner = try #require(original["저녁 약속"])
    #expect(dinner.origin?.name == "회사")
    #expect(dinner.mode == .car)
    #expect(dinner.bufferSeconds == 15 * 60 && dinner.prepSeconds == 20 * 60)
    #expect(dinner.alertLeads == [30 * 60, 5 * 60, 0])
    // The series really has its changes: the round trip is not of empty sets.
    let series = try #require(original["통화"]?.repetition)
    #expect(series.exceptions == [WallTime(year: 2027, month: 3, day: 9, hour: 9, minute: 0)])
    #expect(
      series.overrides == [
        WallTime(year: 2027, month: 3, day: 16, hour: 9, minute: 0): instant("2027-03-16T15:00:00Z")
      ])
  }

  /// An alarm rings at chulbal's own departure, floored to the minute: 90 seconds of travel
  /// before 19:00 is leaving at 18:58, two minutes before the start, with Apple Calendar's
  /// travel time beside chulbal's.
  @Test func theAlarmsFollowTheOneDepartureRule() throws {
    let workspace = Workspace()
    workspace.run(
      [
        "add", "커피", "--at", "2026-12-01T19:00+09:00", "--travel", "90s", "--buffer", "0",
        "--alerts", "0", "--prep", "10m",
      ] + Self.now)
    let lines = Self.lines(workspace.run(["export"] + Self.now).standardOutput)
    #expect(
      lines.filter { $0.hasPrefix("TRIGGER") } == [
        "TRIGGER;RELATED=START:-PT12M", "TRIGGER;RELATED=START:-PT2M",
      ])
    #expect(lines.contains("DESCRIPTION:준비 시작 (10분 뒤 출발): 커피"))
    #expect(lines.contains("X-APPLE-TRAVEL-DURATION;VALUE=DURATION:PT1M30S"))
  }

  /// An event imported from a calendar keeps its UID through export, so the calendar program
  /// updates its event instead of adding a copy; chulbal's own are named by their number.
  @Test func anImportedEventKeepsItsUIDThroughExport() throws {
    let workspace = Workspace()
    workspace.run(["import", calendarFixture("good/google.ics")] + Self.now)
    workspace.run(["add", "치과", "--at", "2026-12-01T10:00+09:00", "--travel", "20m"] + Self.now)
    let lines = Self.lines(workspace.run(["export"] + Self.now).standardOutput)
    let uids = lines.filter { $0.hasPrefix("UID:") }
    #expect(uids.contains("UID:7kukuqrfedlm2f9t0vla8jlnh4@google.com"))
    let own = try #require(try ImportCommandTests.stored(workspace)["치과"])
    #expect(uids.contains("UID:\(own.id)@chulbal"))
    // A UID is given once to an event with no RECURRENCE-ID: the moved instance kept as an
    // appointment of its own is named by its number.
    let plain = lines.indices.filter { lines[$0].hasPrefix("UID:") }.map { index in
      lines[index...].prefix { $0 != "END:VEVENT" }.contains { $0.hasPrefix("RECURRENCE-ID") }
        ? nil : lines[index]
    }.compactMap { $0 }
    #expect(Set(plain).count == plain.count, "\(plain)")
  }

  /// Apple Calendar's travel time is read as the trip when chulbal's own is not given.
  @Test func applesTravelTimeIsReadAsTheTrip() throws {
    let workspace = Workspace()
    let file = workspace.folder + "/apple.ics"
    let text =
      "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:수영\r\n"
      + "DTSTART;TZID=Asia/Seoul:20261210T070000\r\n"
      + "X-APPLE-TRAVEL-DURATION;VALUE=DURATION:PT25M\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    workspace.run(["import", file] + Self.now)
    let swim = try #require(try ImportCommandTests.stored(workspace)["수영"])
    #expect(swim.travelSeconds == 25 * 60)
    #expect(!swim.travelEstimated)
  }

  /// In Korean, naming why: a missing folder, or a folder where the file would be; nothing
  /// is left behind, not even the file the text was going to be renamed from.
  @Test(arguments: [("/없는 폴더/out.ics", "경로의 폴더가 없습니다"), ("/폴더", "파일이 아니라 폴더입니다")])
  func anUnwritableOutIsOneLineExit1AndLeavesNoFile(name: String, reason: String) throws {
    let workspace = Workspace()
    workspace.run(["add", "약속", "--at", "2026-12-01T19:00+09:00", "--travel", "5m"] + Self.now)
    try FileManager.default.createDirectory(
      atPath: workspace.folder + "/폴더", withIntermediateDirectories: false)
    let before = try FileManager.default.contentsOfDirectory(atPath: workspace.folder).sorted()
    let path = workspace.folder + name
    let outcome = workspace.run(["export", "--out", path] + Self.now)
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError == "chulbal: '\(path)'에 쓸 수 없습니다: \(reason)\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: workspace.folder).sorted() == before)
  }

  /// A file other programs read: the usual mode, and the old file replaced whole.
  @Test func outReplacesTheFileWholeWithTheUsualMode() throws {
    let workspace = Workspace()
    workspace.run(["add", "약속", "--at", "2026-12-01T19:00+09:00", "--travel", "5m"] + Self.now)
    let path = workspace.folder + "/out.ics"
    try Data(repeating: 0x78, count: 100_000).write(to: URL(fileURLWithPath: path))
    let outcome = workspace.run(["export", "--out", path] + Self.now)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n"))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    let mask = umask(0)
    umask(mask)
    #expect((attributes[.posixPermissions] as? Int) == Int(0o644 & ~mask))
    let names = try FileManager.default.contentsOfDirectory(atPath: workspace.folder)
    #expect(!names.contains { $0.hasPrefix(".out.ics") }, "\(names)")
  }

  @Test func anUnknownAppointmentIsBadInput() {
    let outcome = Workspace().run(["export", "42"] + Self.now)
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardError == "chulbal: 약속 '42'가 없습니다 (목록: chulbal list --all)\n")
  }
}
