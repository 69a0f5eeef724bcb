import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `edit --at` with no day keeps what the person meant: the appointment's day, and the reading
/// of a bare hour nearest its time; `add` and `edit` say which reading a bare hour took; a
/// time the shell split is refused with the quoted form. On a real SQLite file, in-process.
@Suite struct EditTimeTests {
  /// Tuesday 2026-12-01, 09:00 in Seoul.
  static let now = ["--now", "2026-12-01T09:00+09:00"]

  /// Friday's 7 p.m. dinner, #1.
  static func fridayDinner() -> Workspace {
    let workspace = Workspace()
    let added = workspace.run(
      ["add", "저녁", "--at", "2026-12-04T19:00+09:00", "--travel", "30m"] + now)
    #expect(added.exitCode == 0, "\(added.standardError)")
    return workspace
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let at: String
    let start: String
    let note: String?
    var testDescription: String { "'\(at)'" }
  }

  @Test(arguments: [
    Case(
      at: "7시 반", start: "2026-12-04T19:30:00+09:00",
      note: "오후 7시 30분으로 읽었습니다 (오전이면 '오전 7시 30분')"),
    Case(at: "8시", start: "2026-12-04T20:00:00+09:00", note: "오후 8시로 읽었습니다 (오전이면 '오전 8시')"),
    Case(at: "오전 10시", start: "2026-12-04T10:00:00+09:00", note: nil),
    Case(at: "21:15", start: "2026-12-04T21:15:00+09:00", note: nil),
    // A named day reads as in `add`: tomorrow's bare 8 is the morning.
    Case(at: "내일 8시", start: "2026-12-02T08:00:00+09:00", note: "오전 8시로 읽었습니다 (저녁이면 '저녁 8시')"),
  ])
  func aTimeWithNoDayKeepsTheAppointmentsDay(_ example: Case) throws {
    let workspace = Self.fridayDinner()
    let edit = workspace.run(["edit", "1", "--at", example.at] + Self.now)
    #expect(edit.exitCode == 0, "\(edit.standardError)")
    let lines = edit.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == (example.note == nil ? 2 : 3), "\(edit.standardOutput)")
    #expect(lines.first?.hasPrefix("#1 저녁 — ") == true)
    if let note = example.note { #expect(lines[1] == note) }
    #expect(
      try SeriesCommandTests.start(of: "1", workspace, at: "2026-12-01T00:00:00Z") == example.start)
  }

  /// The 7 p.m. study moved to `8시` on one Tuesday is 8 p.m. that day, not 8 a.m.
  @Test func oneOccurrenceMovedToABareHourTakesTheNearestReading() throws {
    let workspace = SeriesCommandTests.threeKept()
    let move = workspace.run(
      ["edit", "스터디", "--on", "12월 15일", "--at", "8시", "--now", "2026-12-02T09:00+09:00"])
    #expect(
      move.standardOutput
        == "#1 스터디의 12월 15일 (화) 오후 7:00 회차를 옮겼습니다: 12월 15일 (화) 오후 8:00\n"
        + "오후 8시로 읽었습니다 (오전이면 '오전 8시')\n")
    #expect(
      try SeriesCommandTests.start(of: "1", workspace, at: "2026-12-15T00:00:00Z")
        == "2026-12-15T20:00:00+09:00")
  }

  /// A series edited to `8시` starts again at its next occurrence, at 8 p.m.
  @Test func aSeriesEditedToABareHourKeepsItsNextDay() throws {
    let workspace = SeriesCommandTests.threeKept()
    let edit = workspace.run(["edit", "스터디", "--at", "8시", "--now", "2026-12-02T09:00+09:00"])
    #expect(edit.exitCode == 0, "\(edit.standardError)")
    #expect(
      try SeriesCommandTests.start(of: "1", workspace, at: "2026-12-02T00:00:00Z")
        == "2026-12-08T20:00:00+09:00")
  }

  @Test(arguments: [
    ("내일 7시", "오전 7시로 읽었습니다 (저녁이면 '저녁 7시')\n"),
    ("7시", "오후 7시로 읽었습니다 (오전이면 '오전 7시')\n"),
    ("저녁 7시", ""),
  ])
  func addSaysWhichReadingABareHourTook(at: String, note: String) {
    let workspace = Workspace()
    let add = workspace.run(["add", "회의", "--at", at, "--travel", "10m"] + Self.now)
    #expect(add.exitCode == 0, "\(add.standardError)")
    let lines = add.standardOutput.split(separator: "\n").dropFirst().map { $0 + "\n" }
    #expect(lines.joined() == note)
  }

  @Test func jsonHasNoReadingLine() throws {
    let workspace = Workspace()
    let add = workspace.run(["add", "회의", "--at", "7시", "--travel", "10m", "--json"] + Self.now)
    #expect(add.exitCode == 0)
    let object = try JSONSerialization.jsonObject(with: Data(add.standardOutput.utf8))
    #expect((object as? [String: Any])?["start"] as? String == "2026-12-01T19:00:00+09:00")
  }

  static let split =
    "chulbal: --at에 시각이 여러 낱말로 나뉘었습니다. 따옴표로 묶어 주세요: --at '내일 저녁 7시'\n"

  @Test func anUnquotedTimeIsRefusedWithTheQuotedForm() throws {
    let workspace = Workspace()
    let add = workspace.run(["add", "저녁", "--at", "내일", "저녁", "7시", "--travel", "10m"] + Self.now)
    #expect(add.exitCode == 2)
    #expect(add.standardError == Self.split)
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
    let dinner = Self.fridayDinner()
    let before = try dinner.snapshot()
    let edit = dinner.run(["edit", "1", "--at", "내일", "저녁", "7시"] + Self.now)
    #expect(edit.exitCode == 2)
    #expect(edit.standardError == Self.split)
    #expect(try dinner.snapshot() == before)
  }

  /// Words after a time that is whole are the title's, and a day alone still says the time is
  /// missing.
  @Test func onlyASplitTimeIsRefusedSo() {
    let workspace = Workspace()
    let titled = workspace.run(["add", "--at", "내일 7시", "저녁", "약속", "--travel", "10m"] + Self.now)
    #expect(titled.exitCode == 0, "\(titled.standardError)")
    #expect(titled.standardOutput.hasPrefix("#1 저녁 약속 — "))
    let missing = workspace.run(["add", "저녁", "약속", "--at", "내일", "--travel", "10m"] + Self.now)
    #expect(
      missing.standardError
        == "chulbal: --at: '내일'에 시각이 빠졌습니다. 예: '내일 오후 7시', '내일 19:00'\n")
  }

  @Test func koreanModeWordsAreRead() throws {
    let workspace = Workspace()
    let add = workspace.run(
      ["add", "회의", "--at", "내일 오후 3시", "--mode", "지하철", "--travel", "30m", "--json"]
        + Self.now)
    #expect(add.exitCode == 0, "\(add.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(add.standardOutput.utf8))
    #expect((object as? [String: Any])?["mode"] as? String == "transit")
  }
}
