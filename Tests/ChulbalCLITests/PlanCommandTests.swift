import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

@Suite struct PlanCommandTests {
  @Test func textShowsAppointmentDepartureAlertsAndStatus() {
    let outcome = run(["plan", "--at", "내일 오후 7시", "--travel", "35m", "--buffer", "10m"])
    #expect(
      outcome
        == Outcome(
          standardOutput: """
            약속  12월 1일 (화) 오후 7:00
            출발  12월 1일 (화) 오후 6:15   이동 35분 + 여유 10분
            알림  오후 5:45 (30분 전) · 오후 6:05 (10분 전) · 오후 6:15 (지금 출발)
            상태  출발까지 1일 4시간 15분

            """))
  }

  @Test func textWithPrepEstimateAndAlertsOnAnotherDay() {
    let outcome = run([
      "plan", "--at=12/1 00:20", "--from", "37.5547,126.9707", "--to", "37.4979,127.0276",
      "--mode", "car", "--prep", "15m", "--alerts", "1h,0",
    ])
    #expect(
      outcome.standardOutput == """
        약속  12월 1일 (화) 오전 12:20
        준비  11월 30일 (월) 오후 11:33   준비 15분
        출발  11월 30일 (월) 오후 11:48   이동 22분 (추정) + 여유 10분
        알림  오후 10:48 (1시간 전) · 오후 11:33 (준비 시작) · 오후 11:48 (지금 출발)
        상태  출발까지 9시간 48분

        """)
    #expect(outcome.exitCode == 0)
  }

  @Test(arguments: [
    ("2026-11-30T18:00:00+09:00", "상태  출발까지 15분"),
    ("2026-11-30T18:14:30+09:00", "상태  출발까지 30초"),
    ("2026-11-30T18:15:20+09:00", "상태  지금 출발하세요!"),
    ("2026-11-30T18:20:00+09:00", "상태  출발 5분 지남 — 지금 출발하세요!"),
    ("2026-11-30T19:00:00+09:00", "상태  약속 시작됨"),
  ])
  func statusLineFollowsNow(now: String, line: String) {
    let outcome = run([
      "plan", "--at", "2026-11-30T19:00+09:00", "--travel", "35m", "--now", now,
    ])
    #expect(outcome.standardOutput.split(separator: "\n").last.map(String.init) == line)
  }

  @Test func withNowTheEnvironmentsClockIsNeverRead() {
    let environment = Environment.test(clock: UnexpectedClock())
    let outcome = run(
      ["plan", "--at", "19:00", "--travel", "35m", "--now", "2026-11-30T14:00+09:00"], environment)
    #expect(outcome.standardOutput.hasSuffix("상태  출발까지 4시간 15분\n"))
  }

  @Test func atTheStartOfAnAppointmentWithNoTravelPlanSaysLeaveAsCountdownAndStatusDo() {
    let line = ["plan", "--at", "2026-11-30T19:00+09:00", "--travel", "0", "--buffer", "0"]
    let at = ["--now", "2026-11-30T19:00+09:00"]
    #expect(run(line + at + ["--json"]).standardOutput.contains("\"status\": \"leave_now\""))
    #expect(run(line + at).standardOutput.hasSuffix("상태  지금 출발하세요!\n"))
    let later = ["--now", "2026-11-30T19:00:01+09:00", "--json"]
    #expect(run(line + later).standardOutput.contains("\"status\": \"started\""))
  }

  @Test func jsonHasExactlyTheDocumentedFields() throws {
    let outcome = run([
      "plan", "--at", "내일 오후 7시", "--travel", "35m", "--prep", "20m", "--json",
    ])
    #expect(outcome.exitCode == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
        as? [String: Any])
    #expect(
      Set(object.keys) == [
        "appointment", "departure", "ready", "travel_minutes", "travel_estimated",
        "travel_source", "buffer_minutes", "prep_minutes", "alerts", "status", "text",
      ])
    #expect(object["appointment"] as? String == "2026-12-01T19:00:00+09:00")
    #expect(object["departure"] as? String == "2026-12-01T18:15:00+09:00")
    #expect(object["ready"] as? String == "2026-12-01T17:55:00+09:00")
    #expect(object["travel_minutes"] as? Int == 35)
    #expect(object["travel_estimated"] as? Bool == false)
    #expect(object["buffer_minutes"] as? Int == 10)
    #expect(object["prep_minutes"] as? Int == 20)
    #expect(object["status"] as? String == "upcoming")
    let text = try #require(object["text"] as? [String: String])
    #expect(text == ["appointment": "12월 1일 (화) 오후 7:00", "departure": "12월 1일 (화) 오후 6:15"])
    let alerts = try #require(object["alerts"] as? [[String: Any]])
    #expect(
      alerts.map { $0["at"] as? String } == [
        "2026-12-01T17:45:00+09:00", "2026-12-01T17:55:00+09:00", "2026-12-01T18:05:00+09:00",
        "2026-12-01T18:15:00+09:00",
      ])
    #expect(alerts.map { $0["lead_minutes"] as? Int } == [30, 20, 10, 0])
    #expect(alerts.map { $0["kind"] as? String } == ["remind", "prepare", "remind", "leave"])
  }

  @Test func jsonOmitsReadyWithoutPrepAndUsesTheAppointmentZone() throws {
    let outcome = run([
      "plan", "--at", "2026-12-01 19:00", "--tz", "America/New_York", "--travel", "1h30m",
      "--alerts", "none", "--json", "--now", "2026-11-30T12:00-05:00",
    ])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
        as? [String: Any])
    #expect(object["ready"] == nil)
    #expect(object["appointment"] as? String == "2026-12-01T19:00:00-05:00")
    #expect(object["departure"] as? String == "2026-12-01T17:20:00-05:00")
    #expect((object["alerts"] as? [Any])?.isEmpty == true)
  }

  @Test func fractionalMinutesStayExactInJSON() throws {
    let outcome = run(["plan", "--at", "+10m", "--travel", "90s", "--buffer", "0", "--json"])
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8))
        as? [String: Any])
    #expect(object["travel_minutes"] as? Double == 1.5)
    #expect(object["departure"] as? String == "2026-11-30T14:08:00+09:00")
  }

  @Test func helpIsAvailableEverywhere() {
    for line in [
      ["--help"], [], ["help"], ["-h"], ["plan", "--help"], ["help", "plan"],
      ["plan", "--at", "bad", "-h"],
    ] {
      let outcome = run(line)
      #expect(outcome.exitCode == 0, "\(line)")
      #expect(outcome.standardError.isEmpty, "\(line)")
      #expect(outcome.standardOutput.contains("사용법: chulbal"), "\(line)")
    }
    #expect(run(["plan", "--help"]).standardOutput.contains("--now 시각"))
    #expect(run(["--version"]).standardOutput == "chulbal \(CLI.version)\n")
  }
}
