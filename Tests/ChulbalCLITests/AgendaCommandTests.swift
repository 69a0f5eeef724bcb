import ChulbalCore
import Foundation
import Testing

@testable import ChulbalCLI

/// `agenda`, `today` and `week`, run in-process on a real database, on Wednesday 2 December
/// 2026 at 10:00 in Seoul.
@Suite struct AgendaCommandTests {
  static let now = "2026-12-02T10:00+09:00"

  /// Adds an appointment at an ISO 8601 time with a 30-minute trip; `--now` before it, so
  /// one that has already started today can be added too.
  static func add(
    _ workspace: Workspace, _ title: String, at time: String, place: String? = nil,
    zone: String = "Asia/Seoul"
  ) {
    var arguments = [
      "add", title, "--at", time, "--travel", "30m", "--buffer", "0", "--tz", zone, "--now",
      "2026-11-01T00:00+09:00",
    ]
    if let place { arguments += ["--place", place] }
    let outcome = workspace.run(arguments)
    #expect(outcome.exitCode == 0, "\(outcome.standardError)")
  }

  @Test func emptyStatesSayWhatToDoAndCreateNothing() {
    let workspace = Workspace()
    let agenda = workspace.run(["agenda", "--now", Self.now, "--tz", "Asia/Seoul"])
    #expect(agenda.exitCode == 0)
    #expect(
      agenda.standardOutput
        == "12월 2일 (수)부터 7일 동안 약속이 없습니다. 추가하려면: chulbal add \"저녁 약속\" "
        + "--at \"내일 오후 7시\" --travel 30m\n")
    let today = workspace.run(["today", "--now", Self.now, "--tz", "Asia/Seoul"])
    #expect(today.standardOutput.hasPrefix("오늘은 약속이 없습니다."))
    let later = workspace.run([
      "agenda", "--from", "12월 8일", "--days", "1", "--now", Self.now, "--tz", "Asia/Seoul",
    ])
    #expect(later.standardOutput.hasPrefix("12월 8일 (화)에는 약속이 없습니다."))
    #expect(workspace.run(["week", "--json", "--now", Self.now]).standardOutput == "[]\n")
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
  }

  @Test func groupsTheWindowByDayWithDepartures() {
    let workspace = Workspace()
    Self.add(workspace, "어제 약속", at: "2026-12-01T23:59+09:00")
    Self.add(workspace, "저녁 약속", at: "2026-12-02T19:00+09:00", place: "강남역 2번 출구")
    Self.add(workspace, "아침 회의", at: "2026-12-02T08:00+09:00")
    Self.add(workspace, "출근", at: "2026-12-03T09:00+09:00", place: "회사")
    Self.add(workspace, "마지막 날", at: "2026-12-08T23:59+09:00")
    Self.add(workspace, "창 밖", at: "2026-12-09T00:00+09:00")
    let outcome = workspace.run(["agenda", "--now", Self.now, "--tz", "Asia/Seoul"])
    #expect(outcome.exitCode == 0)
    // Hand-written: the columns are as wide as their widest cell across all days.
    #expect(
      outcome.standardOutput == """
        12월 2일 (수) · 오늘
          오전 8:00   #3  아침 회의                   출발 오전 7:30
          오후 7:00   #2  저녁 약속  강남역 2번 출구  출발 오후 6:30

        12월 3일 (목) · 내일
          오전 9:00   #4  출근       회사             출발 오전 8:30

        12월 8일 (화)
          오후 11:59  #5  마지막 날                   출발 오후 11:29

        """)
    for title in ["아침 회의", "저녁 약속", "출근", "마지막 날"] {
      #expect(outcome.standardOutput.contains(title))
    }
    for title in ["어제 약속", "창 밖"] { #expect(!outcome.standardOutput.contains(title)) }
    let today = workspace.run(["today", "--now", Self.now, "--tz", "Asia/Seoul"])
    #expect(today.standardOutput.contains("아침 회의") && today.standardOutput.contains("저녁 약속"))
    #expect(!today.standardOutput.contains("출근"))
  }

  /// Days are the reader's: 10:00 on 2 December in Seoul is 20:00 on 1 December in New York.
  @Test func splitsDaysInTheReadersZone() {
    let workspace = Workspace()
    Self.add(workspace, "서울 저녁", at: "2026-12-02T19:00+09:00")
    let outcome = workspace.run(["today", "--now", Self.now, "--tz", "America/New_York"])
    #expect(outcome.standardOutput.hasPrefix("12월 2일 (수) · 내일") == false)
    #expect(outcome.standardOutput.hasPrefix("오늘은 약속이 없습니다."), "\(outcome.standardOutput)")
    let week = workspace.run(["week", "--now", Self.now, "--tz", "America/New_York"])
    #expect(week.standardOutput.hasPrefix("12월 2일 (수) · 내일\n  오전 5:00"))
  }

  /// The 23-hour day of spring forward in New York ends at its own midnight.
  @Test func aShortDayEndsAtItsMidnight() {
    let workspace = Workspace()
    Self.add(workspace, "늦은 밤", at: "2027-03-14T23:30-04:00", zone: "America/New_York")
    Self.add(workspace, "다음 날", at: "2027-03-15T00:15-04:00", zone: "America/New_York")
    Self.add(workspace, "전날", at: "2027-03-13T23:45-05:00", zone: "America/New_York")
    let outcome = workspace.run([
      "agenda", "--from", "2027-03-14", "--days", "1", "--now", Self.now, "--tz",
      "America/New_York", "--json",
    ])
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardOutput.contains("\"title\": \"늦은 밤\""))
    #expect(!outcome.standardOutput.contains("다음 날"))
    #expect(!outcome.standardOutput.contains("전날"))
  }

  @Test func jsonIsAFlatListOfOccurrences() throws {
    let workspace = Workspace()
    Self.add(workspace, "저녁 약속", at: "2026-12-02T19:00+09:00")
    Self.add(workspace, "출근", at: "2026-12-03T09:00+09:00")
    let outcome = workspace.run(["week", "--json", "--now", Self.now, "--tz", "Asia/Seoul"])
    let items = try #require(
      JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [[String: Any]])
    #expect(items.map { $0["id"] as? Int } == [1, 2])
    #expect(
      items.map { $0["start"] as? String } == [
        "2026-12-02T19:00:00+09:00", "2026-12-03T09:00:00+09:00",
      ])
    #expect(
      items.map { $0["departure"] as? String } == [
        "2026-12-02T18:30:00+09:00", "2026-12-03T08:30:00+09:00",
      ])
    #expect(items.allSatisfy { $0["occurrence"] as? Bool == false })
  }

  @Test(
    arguments: [
      (["agenda", "--days", "0"], "'0'"), (["agenda", "--days", "367"], "'367'"),
      (["agenda", "--days", "일주일"], "'일주일'"), (["agenda", "--from", "내일 3시"], "'내일 3시'"),
      (["agenda", "--from", "팔요일"], "'팔요일'"), (["agenda", "--from", "+3d"], "'+3d'"),
      (["today", "내일"], "'내일'"), (["week", "--days", "3"], "--days"),
    ])
  func badInputIsOneLineAndExitTwo(arguments: [String], named: String) {
    let workspace = Workspace()
    Self.add(workspace, "저녁 약속", at: "2026-12-02T19:00+09:00")
    let before = try? workspace.snapshot()
    let outcome = workspace.run(arguments + ["--now", Self.now])
    #expect(outcome.exitCode == 2)
    #expect(outcome.standardOutput.isEmpty)
    #expect(outcome.standardError.split(separator: "\n").count == 1)
    #expect(outcome.standardError.contains(named), "\(outcome.standardError)")
    #expect((try? workspace.snapshot()) == before)
  }
}
