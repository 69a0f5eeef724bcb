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
    for line in [
      [
        "add", "통화", "--at", "2027-03-02T09:00-05:00", "--tz", "America/New_York", "--repeat",
        "weekly", "--travel", "20m",
      ],
      ["remove", "1", "--on", "2027-03-09", "--yes"],
      ["edit", "1", "--on", "2027-03-16", "--at", "2027-03-16T11:00"],
      [
        "add", "저녁 약속", "--at", "2026-12-01T19:00+09:00", "--place", "강남역 2번 출구", "--coord",
        "37.4979,127.0276", "--travel", "35m", "--note", "2층, 창가",
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
    #expect(imported.standardOutput.hasPrefix("가져옴 2 · 갱신 0 · 건너뜀 0\n"))
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
    }
    // The series really has its changes: the round trip is not of empty sets.
    let series = try #require(original["통화"]?.repetition)
    #expect(series.exceptions == [WallTime(year: 2027, month: 3, day: 9, hour: 9, minute: 0)])
    #expect(
      series.overrides == [
        WallTime(year: 2027, month: 3, day: 16, hour: 9, minute: 0): instant("2027-03-16T15:00:00Z")
      ])
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
