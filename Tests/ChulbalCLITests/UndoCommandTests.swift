import ChulbalCore
import ChulbalTestSupport
import Foundation
import Synchronization
import Testing

@testable import ChulbalCLI

/// `undo` after each command it reverses, the questions `remove` and `add` ask, and the
/// refusals, on a real database file.
@Suite struct UndoCommandTests {
  /// Two appointments and a saved place; every appointment, the next two weeks' occurrences and the places, for comparing
  /// before and after.
  private func workspaceWithAppointments() -> Workspace {
    let workspace = Workspace()
    workspace.run(["place", "add", "회사", "--coord", "37.5,127.0"])
    workspace.run(["add", "치과", "--at", "내일 오후 3시", "--travel", "20m"])
    workspace.run([
      "add", "스터디", "--at", "화요일 저녁 7시", "--repeat", "weekly", "--place", "회사", "--travel", "10m",
    ])
    return workspace
  }

  private func everything(_ workspace: Workspace) -> String {
    workspace.run(["list", "--all", "--json"]).standardOutput
      + workspace.run(["agenda", "--days", "14", "--json"]).standardOutput
      + workspace.run(["place", "list"]).standardOutput
  }

  @Test func undoPutsBackARemovedSeriesWithItsSkippedOccurrence() {
    let workspace = workspaceWithAppointments()
    #expect(workspace.run(["remove", "2", "--on", "12월 8일", "--yes"]).exitCode == 0)
    let before = everything(workspace)
    #expect(workspace.run(["remove", "2", "1", "--yes"]).exitCode == 0)
    #expect(workspace.run(["list", "--all"]).standardOutput.contains("스터디") == false)

    let undone = workspace.run(["undo"])
    #expect(undone.exitCode == 0)
    #expect(undone.standardOutput == "되돌렸습니다: #2 스터디, #1 치과 지움 (11월 30일 (월) 오후 2:00에 한 변경)\n")
    #expect(everything(workspace) == before)
    // One level: the removal was the change, and it is gone now.
    let again = workspace.run(["undo"])
    #expect(again.exitCode == 1)
    #expect(
      again.standardError
        == "chulbal: 되돌릴 변경이 없습니다 (remove, edit, import, place로 바꾼 마지막 하나를 되돌립니다)\n")
  }

  @Test func undoReversesAnEditAndASkippedOccurrence() {
    let workspace = workspaceWithAppointments()
    let before = everything(workspace)
    #expect(workspace.run(["edit", "1", "--at", "모레 오전 10시", "--travel", "1h"]).exitCode == 0)
    #expect(everything(workspace) != before)
    #expect(
      workspace.run(["undo"]).standardOutput == "되돌렸습니다: #1 치과 고침 (11월 30일 (월) 오후 2:00에 한 변경)\n")
    #expect(everything(workspace) == before)

    #expect(workspace.run(["remove", "2", "--on", "12월 8일", "--yes"]).exitCode == 0)
    #expect(everything(workspace) != before)
    let undone = workspace.run(["undo"])
    #expect(undone.standardOutput.hasPrefix("되돌렸습니다: #2 스터디의 12월 8일 (화) 오후 7:00 회차 건너뜀"))
    #expect(everything(workspace) == before)
  }

  @Test func undoReversesPlaceChangesAndAnImport() throws {
    let workspace = workspaceWithAppointments()
    let before = everything(workspace)
    #expect(workspace.run(["place", "edit", "회사", "--rename", "사무실", "--default"]).exitCode == 0)
    #expect(workspace.run(["undo"]).standardOutput.hasPrefix("되돌렸습니다: 장소 '회사' 고침"))
    #expect(everything(workspace) == before)
    #expect(workspace.run(["place", "remove", "회사"]).exitCode == 0)
    #expect(workspace.run(["undo"]).exitCode == 0)
    #expect(everything(workspace) == before)

    let file = workspace.folder + "/team.ics"
    try """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//undo//EN\r
    BEGIN:VEVENT\r
    UID:review@example.org\r
    DTSTAMP:20261130T000000Z\r
    DTSTART:20261203T010000Z\r
    SUMMARY:코드 리뷰\r
    END:VEVENT\r
    END:VCALENDAR\r

    """.write(toFile: file, atomically: true, encoding: .utf8)
    #expect(workspace.run(["import", file]).exitCode == 0)
    #expect(everything(workspace).contains("코드 리뷰"))
    #expect(workspace.run(["undo"]).standardOutput.hasPrefix("되돌렸습니다: team.ics 가져오기"))
    #expect(everything(workspace) == before)
  }

  @Test func aChangeThatFailsOrChangesNothingKeepsTheLastOne() {
    let workspace = workspaceWithAppointments()
    #expect(workspace.run(["remove", "1", "--yes"]).exitCode == 0)
    // Refused before anything is written, and a place edit that changes nothing.
    #expect(workspace.run(["place", "add", "회사", "--coord", "37.6,127.1"]).exitCode == 2)
    #expect(workspace.run(["place", "edit", "회사", "--coord", "37.5,127.0"]).exitCode == 0)
    #expect(workspace.run(["undo"]).standardOutput.hasPrefix("되돌렸습니다: #1 치과 지움"))
  }

  @Test func undoWithNoDatabaseSaysThereIsNothingAndCreatesNothing() {
    let workspace = Workspace()
    let outcome = workspace.run(["undo"])
    #expect(outcome.exitCode == 1)
    #expect(outcome.standardError.hasPrefix("chulbal: 되돌릴 변경이 없습니다"))
    #expect(workspace.run(["undo", "3"]).exitCode == 2)
  }

  @Test func removeAsksWithTheTimeAndTheScope() {
    let workspace = workspaceWithAppointments()
    let questions = Mutex<[String]>([])
    let environment = Environment.test(
      variables: ["CHULBAL_DB": workspace.database, "HOME": workspace.folder], interactive: true,
      confirm: { question in
        questions.withLock { $0.append(question) }
        return false
      })
    #expect(CLI.run(["remove", "스터디"], environment: environment).exitCode == 1)
    #expect(CLI.run(["remove", "1"], environment: environment).exitCode == 1)
    #expect(
      questions.withLock { $0 } == [
        "#2 스터디 (매주 화요일, 모든 회차) — 지울까요? 한 회차만: --on 날짜",
        "#1 치과 (12월 1일 (화) 오후 3:00) — 지울까요?",
      ])
  }

  @Test func theSameTitleAtTheSameTimeIsAskedAbout() {
    let workspace = workspaceWithAppointments()
    let refused = workspace.run(["add", "치과", "--at", "내일 오후 3시", "--travel", "20m"])
    #expect(refused.exitCode == 2)
    #expect(
      refused.standardError
        == "chulbal: 같은 약속이 이미 있습니다: #1 치과 (12월 1일 (화) 오후 3:00). 그래도 추가하려면 --yes를 붙이세요\n"
    )
    let declined = workspace.run(
      ["add", "치과", "--at", "내일 오후 3시", "--travel", "20m"], interactive: true, answer: false)
    #expect(declined.exitCode == 1)
    #expect(declined.standardError == "chulbal: 추가하지 않았습니다\n")
    #expect(
      workspace.run(["list", "--json"]).standardOutput.components(separatedBy: "치과").count == 2)

    #expect(
      workspace.run(["add", "치과", "--at", "내일 오후 3시", "--travel", "20m", "--yes"]).exitCode == 0)
    #expect(
      workspace.run(
        ["add", "치과", "--at", "내일 오후 3시", "--travel", "20m"], interactive: true, answer: true
      ).exitCode == 0)
    // Another time is kept with a note, as before.
    let later = workspace.run(["add", "치과", "--at", "내일 오후 5시", "--travel", "20m"])
    #expect(later.exitCode == 0)
    #expect(later.standardError.contains("제목이 같은 약속이 이미 있습니다"))
  }
}
