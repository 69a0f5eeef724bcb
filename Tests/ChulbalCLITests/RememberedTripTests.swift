import ChulbalCore
import ChulbalStore
import Foundation
import Testing

@testable import ChulbalCLI

/// A trip the person corrects is remembered for later appointments between the same two
/// places (issue 31 §2); the clock is Monday 2026-11-30 14:00 in Seoul.
@Suite struct RememberedTripTests {
  /// 집 (the default) and 회사 saved; 회의 (#1) and 보고 (#2) at 회사, estimated; 면담 (#3) at
  /// 회사 with a given travel time; 저녁 (#4) at a place with no coordinate.
  func workspace() -> Workspace {
    let workspace = Workspace()
    workspace.run(["place", "add", "집", "--coord", "37.5547,126.9707", "--default"])
    workspace.run(["place", "add", "회사", "--coord", "37.4979,127.0276"])
    workspace.run(["add", "회의", "--at", "내일 오전 10시", "--place", "회사"])
    workspace.run(["add", "보고", "--at", "모레 오전 10시", "--place", "회사"])
    workspace.run(["add", "면담", "--at", "모레 오후 3시", "--place", "회사", "--travel", "40m"])
    workspace.run(["add", "저녁", "--at", "내일 19시", "--place", "강남", "--travel", "20m"])
    return workspace
  }

  func json(_ outcome: Outcome) throws -> [String: Any] {
    try #require(
      try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
  }

  @Test func editingTheTravelRemembersItAndReplansTheEstimatedOneNotTheGivenOne() throws {
    let workspace = workspace()
    let edit = workspace.run(["edit", "1", "--travel", "1h10m"])
    #expect(edit.standardError.isEmpty)
    #expect(
      edit.standardOutput == """
        #1 회의 — 12월 1일 (화) 오전 10:00 · 오전 8:40 출발 · 이동 1시간 10분 + 여유 10분
        이동 시간을 기억합니다: #1 집 → 회사 (대중교통 1시간 10분). 같은 두 곳 사이의 약속에 추정 대신 씁니다
        같은 두 곳 사이의 약속 1개의 출발 시각을 다시 계획했습니다

        """)
    #expect(
      workspace.run(["show", "2"]).standardOutput.contains("\n이동    대중교통 · 1시간 10분 (기억한 시간)"))
    let report = try json(workspace.run(["show", "2", "--json"]))
    #expect(report["travel_source"] as? String == "remembered")
    #expect(report["travel_estimated"] as? Bool == false)
    #expect(report["travel_minutes"] as? Int == 70)
    #expect(report["departure"] as? String == "2026-12-02T08:40:00+09:00")
    let given = try json(workspace.run(["show", "3", "--json"]))
    #expect(given["travel_source"] as? String == "given")
    #expect(given["travel_minutes"] as? Int == 40)
    let list = try #require(
      try JSONSerialization.jsonObject(
        with: Data(workspace.run(["list", "--json"]).standardOutput.utf8))
        as? [[String: Any]])
    #expect(
      list.map { $0["travel_source"] as? String } == ["given", "given", "remembered", "given"])
  }

  @Test func aNewAppointmentWithin150MetresUsesTheRememberedTripAndOneFartherTheEstimate() {
    let workspace = workspace()
    // Each trip from the default place: a chained one would start at 점심, beside the coffee.
    workspace.run(["config", "set", "origin.chain", "0"])
    workspace.run(["edit", "1", "--travel", "1h10m"])
    // 100 m north of 회사 (0.0009° of latitude), then 160 m (0.00144°).
    let near = workspace.run([
      "add", "점심", "--at", "12월 3일 오후 1시", "--place", "회사 옆", "--coord", "37.4988,127.0276",
    ])
    #expect(
      near.standardOutput
        == "#5 점심 — 12월 3일 (목) 오후 1:00 · 오전 11:40 출발 · 이동 1시간 10분 (기억한 시간) + 여유 10분\n")
    let far = workspace.run([
      "add", "커피", "--at", "12월 3일 오후 4시", "--coord", "37.49934,127.0276",
    ])
    #expect(far.standardOutput.contains("(추정)"))
    #expect(!far.standardOutput.contains("기억한 시간"))
  }

  @Test func aTravelGivenOnAddIsNeitherOverriddenNorRemembered() throws {
    let workspace = workspace()
    workspace.run(["edit", "1", "--travel", "1h10m"])
    let add = workspace.run([
      "add", "점심", "--at", "12월 3일 오후 1시", "--place", "회사", "--travel", "30m",
    ])
    #expect(add.standardOutput.contains("이동 30분 + 여유 10분"))
    #expect(
      try json(workspace.run(["show", "5", "--json"]))["travel_source"] as? String == "given")
    #expect(try workspace.store().rememberedTrips().trips.map(\.travelSeconds) == [4200])
  }

  @Test func aCorrectionWithoutACoordinateIsNotRemembered() throws {
    let workspace = workspace()
    let edit = workspace.run(["edit", "4", "--travel", "25m"])
    #expect(!edit.standardOutput.contains("기억"))
    #expect(try workspace.store().rememberedTrips().trips.isEmpty)
  }

  @Test func correctingAgainReplacesTheRememberedTrip() throws {
    let workspace = workspace()
    workspace.run(["edit", "1", "--travel", "1h10m"])
    let again = workspace.run(["edit", "1", "--travel", "50m"])
    #expect(again.standardOutput.contains("이동 시간을 기억합니다: #1 집 → 회사 (대중교통 50분)"))
    #expect(workspace.run(["show", "2"]).standardOutput.contains("50분 (기억한 시간)"))
    #expect(try workspace.store().rememberedTrips().trips.map(\.travelSeconds) == [3000])
  }

  @Test func tripListShowsWhatIsRememberedAsTextAndJSON() {
    let workspace = workspace()
    workspace.run(["edit", "1", "--travel", "1h10m"])
    #expect(
      workspace.run(["trip", "list"]).standardOutput == """
        번호  길         수단      이동 시간
        1     집 → 회사  대중교통  1시간 10분

        """)
    #expect(
      workspace.run(["trip", "list", "--json"]).standardOutput == """
        [
          {
            "id": 1,
            "origin": {
              "name": "집",
              "coord": {
                "lat": 37.5547,
                "lng": 126.9707
              }
            },
            "destination": {
              "name": "회사",
              "coord": {
                "lat": 37.4979,
                "lng": 127.0276
              }
            },
            "mode": "transit",
            "travel_minutes": 70
          }
        ]

        """)
  }

  @Test func tripListWithNothingRememberedSaysHowToRememberOne() {
    let workspace = workspace()
    let list = workspace.run(["trip", "list"])
    #expect(list.exitCode == 0)
    #expect(
      list.standardOutput
        == "기억한 이동 시간이 없습니다. 약속의 이동 시간을 고치면 기억합니다: chulbal edit 1 --travel 50m\n")
    #expect(workspace.run(["trip", "list", "--json"]).standardOutput == "[]\n")
  }

  @Test func forgettingATripPutsItsAppointmentsBackOnTheEstimate() throws {
    let workspace = workspace()
    let before = try json(workspace.run(["show", "2", "--json"]))
    workspace.run(["edit", "1", "--travel", "1h10m"])
    let forget = workspace.run(["trip", "forget", "1"])
    #expect(forget.exitCode == 0)
    #expect(
      forget.standardOutput == """
        기억한 이동을 잊었습니다: #1 집 → 회사 (대중교통 1시간 10분)
        그 이동 시간을 쓰던 약속 1개의 출발 시각을 다시 계획했습니다

        """)
    let after = try json(workspace.run(["show", "2", "--json"]))
    #expect(after["travel_source"] as? String == "estimate")
    #expect(after["departure"] as? String == before["departure"] as? String)
    // The corrected appointment keeps what the person gave.
    #expect(try json(workspace.run(["show", "1", "--json"]))["travel_minutes"] as? Int == 70)
    #expect(workspace.run(["trip", "list", "--json"]).standardOutput == "[]\n")
  }

  @Test(arguments: [
    ("abc", "chulbal: 기억한 이동 'abc'가 없습니다 (번호는 chulbal trip list로 봅니다)\n"),
    ("7", "chulbal: 기억한 이동 '7'이 없습니다 (번호는 chulbal trip list로 봅니다)\n"),
    ("0", "chulbal: 기억한 이동 '0'이 없습니다 (번호는 chulbal trip list로 봅니다)\n"),
  ])
  func forgettingATripThatIsNotThereIsRefusedNamingTheWord(word: String, message: String) throws {
    let workspace = workspace()
    workspace.run(["edit", "1", "--travel", "1h10m"])
    let before = try workspace.snapshot()
    let forget = workspace.run(["trip", "forget", word])
    #expect(forget.exitCode == 2)
    #expect(forget.standardOutput.isEmpty)
    #expect(forget.standardError == message)
    #expect(try workspace.snapshot() == before)
  }

  @Test func tripForgetCompletesTheNumbersWithTheirRoutes() {
    let workspace = workspace()
    let completer = Completer(environment: workspace.environment())
    #expect(completer.complete(["trip", "forget", ""]).candidates.isEmpty)
    workspace.run(["edit", "1", "--travel", "1h10m"])
    #expect(
      completer.complete(["trip", "forget", ""]).candidates == [
        .init("1", "집 → 회사 (대중교통 1시간 10분)")
      ])
    #expect(completer.complete(["trip", "forget", "2"]).candidates.isEmpty)
  }

  @Test func bothTripCommandsHaveHelp() {
    let list = Workspace().run(["trip", "list", "--help"])
    #expect(list.standardOutput.hasPrefix("사용법: chulbal trip list [--json]\n"))
    let forget = Workspace().run(["trip", "forget", "--help"])
    #expect(forget.standardOutput.hasPrefix("사용법: chulbal trip forget 번호\n"))
    #expect(forget.standardOutput.contains("기억한 이동을 지웁니다"))
    // Help wraps at 80 columns; the sentence is read across the line breaks.
    let edit = Workspace().run(["edit", "--help"]).standardOutput
    #expect(
      edit.split(separator: "\n").joined(separator: " ").contains("기억한 이동은 chulbal trip list로 봅니다.")
    )
  }
}

/// The built binary's exit statuses for `trip`.
@Suite(.tags(.process)) struct TripCommandProcessTests {
  @Test func theBinaryExitsZeroForAListAndTwoForATripThatIsNotThere() throws {
    let workspace = Workspace()
    let variables = ["CHULBAL_DB": workspace.database, "TZ": "Asia/Seoul"]
    let list = try ChulbalProcess.run(["trip", "list"], environment: variables)
    #expect(list.status == 0)
    #expect(list.standardOutput.hasPrefix("기억한 이동 시간이 없습니다."))
    let forget = try ChulbalProcess.run(["trip", "forget", "x1"], environment: variables)
    #expect(forget.status == 2)
    #expect(forget.standardOutput.isEmpty)
    #expect(forget.standardError == "chulbal: 기억한 이동 'x1'이 없습니다 (번호는 chulbal trip list로 봅니다)\n")
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
  }
}
