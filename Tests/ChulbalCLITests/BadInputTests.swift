import ChulbalCore
import ChulbalSystem
import Foundation
import Testing

@testable import ChulbalCLI

@Suite struct BadInputTests {
  typealias Case = BadInputCase

  static let plan = ["plan", "--travel", "35m", "--at"]

  static let cases: [Case] = [
    // Times
    Case(arguments: plan + ["25:00"], names: "'25:00'"),
    Case(arguments: plan + ["19:60"], names: "'19:60'"),
    Case(arguments: plan + ["오후 13시"], names: "'오후 13시'"),
    Case(arguments: plan + ["내일"], names: "'내일'"),
    Case(arguments: plan + ["2월 30일 9시"], names: "'2월 30일 9시'"),
    Case(arguments: plan + ["13/1 9:00"], names: "'13/1 9:00'"),
    Case(arguments: plan + ["tomorrow"], names: "'tomorrow'"),
    Case(arguments: plan + ["2026-12-01"], names: "'2026-12-01'"),
    Case(arguments: plan + ["+5"], names: "'+5'"),
    Case(arguments: plan + [""], names: "''"),
    Case(arguments: plan + ["다음주 9시"], names: "'다음주 9시'"),
    Case(arguments: plan + ["19:00\u{1B}]0;pwned\u{07}"], names: "'19:00\\x1B]0;pwned\\x07'"),
    // Durations
    Case(arguments: ["plan", "--at", "19:00", "--travel", "35"], names: "'35'"),
    Case(arguments: ["plan", "--at", "19:00", "--travel", "-5m"], names: "'-5m'"),
    Case(arguments: ["plan", "--at", "19:00", "--travel", "1.5h"], names: "'1.5h'"),
    Case(arguments: ["plan", "--at", "19:00", "--travel", "200h"], names: "'200h'"),
    Case(
      arguments: ["plan", "--at", "19:00", "--travel", "5m", "--buffer", "ten"], names: "'ten'"),
    Case(
      arguments: ["plan", "--at", "19:00", "--travel", "5m", "--prep", "1:99"], names: "'1:99'"),
    // Coordinates
    Case(
      arguments: ["plan", "--at", "19:00", "--from", "nan,127", "--to", "37,127"],
      names: "'nan,127'"),
    Case(
      arguments: ["plan", "--at", "19:00", "--from", "91,127", "--to", "37,127"], names: "'91,127'"),
    Case(
      arguments: ["plan", "--at", "19:00", "--from", "37,127", "--to", "37,181"], names: "'37,181'"),
    Case(arguments: ["plan", "--at", "19:00", "--from", "37", "--to", "37,127"], names: "'37'"),
    Case(arguments: ["plan", "--at", "19:00", "--from", "a,b", "--to", "37,127"], names: "'a,b'"),
    Case(
      arguments: ["plan", "--at", "19:00", "--from", "37,inf", "--to", "37,127"], names: "'37,inf'"),
    // Zones, modes, alerts, now
    Case(arguments: plan + ["19:00", "--tz", "Mars/Olympus"], names: "'Mars/Olympus'"),
    Case(arguments: plan + ["19:00", "--tz", ""], names: "''"),
    Case(
      arguments: [
        "plan", "--at", "19:00", "--from", "37,127", "--to", "37.1,127", "--mode", "jet",
      ],
      names: "'jet'"),
    Case(arguments: plan + ["19:00", "--alerts", "30m,90s"], names: "'30m,90s'"),
    Case(arguments: plan + ["19:00", "--alerts", "soon"], names: "'soon'"),
    Case(arguments: plan + ["19:00", "--alerts", "10m,,0"], names: "'10m,,0'"),
    Case(arguments: plan + ["19:00", "--now", "내일 9시"], names: "'내일 9시'"),
    Case(arguments: plan + ["19:00", "--now", "yesterday"], names: "'yesterday'"),
    // The command line itself
    Case(arguments: ["plna"], names: "'plna'"),
    Case(arguments: ["--verbose"], names: "'--verbose'"),
    Case(arguments: ["completions", "tcsh"], names: "'tcsh'"),
    Case(arguments: ["completions", "bash", "zsh"], names: "'zsh'"),
    Case(arguments: ["__manpage", "extra"], names: "'extra'"),
    Case(arguments: ["plan", "--at", "19:00", "--trvel", "5m"], names: "'--trvel'"),
    Case(arguments: ["plan", "--travel", "5m"], names: "'--at'"),
    Case(arguments: ["plan", "--at"], names: "'--at'"),
    Case(arguments: ["plan", "--at", "19:00", "--at", "20:00", "--travel", "5m"], names: "'--at'"),
    Case(arguments: ["plan", "--at", "19:00", "--travel", "5m", "extra"], names: "'extra'"),
    Case(arguments: ["plan", "--at", "19:00", "--travel", "5m", "--json=yes"], names: "'--json'"),
    Case(arguments: ["plan", "--at", "19:00"], names: "'--travel 35m'"),
    Case(arguments: ["plan", "--at", "19:00", "--from", "37,127"], names: "'--to'"),
    Case(
      arguments: ["plan", "--at", "19:00", "--travel", "5m", "--from", "37,127", "--to", "37,127"],
      names: "'--travel'"),
  ]

  @Test(arguments: cases)
  func badInputExitsTwoWithOneLineNamingIt(_ example: Case) {
    let outcome = run(example.arguments)
    example.expectRefused(outcome)
  }

  @Test(arguments: [
    (
      ["plan", "--at", "25:00", "--travel", "5m"],
      "chulbal: --at: 잘못된 시각 '25:00': 시는 0~24여야 합니다 (예: '19:00', '내일 오후 7시', "
        + "'12/1 19:00', '+1h30m', '2026-12-01T19:00+09:00')\n"
    ),
    (
      ["plan", "--at", "19:00", "--trvel", "5m"],
      "chulbal: plan에 없는 옵션 '--trvel' — 혹시 '--travel'? (옵션 목록: chulbal plan --help)\n"
    ),
    (["plna"], "chulbal: 알 수 없는 명령 'plna' — 혹시 'plan'? (명령 목록: chulbal --help)\n"),
    (
      ["plan", "--at", "19:00", "--tz", "Seoul"],
      "chulbal: --tz: 알 수 없는 시간대 'Seoul' (IANA 이름을 쓰세요, 예: 'Asia/Seoul', 'UTC', "
        + "'America/New_York')\n"
    ),
  ])
  func messagesReadExactly(arguments: [String], message: String) {
    #expect(run(arguments).standardError == message)
  }

  @Test func anUnknownTZIsReportedNotReadAsUTC() {
    let environment = Environment.test(timeZone: Environment.systemTimeZone(["TZ": "Foo/Bar"]))
    let outcome = CLI.run(["plan", "--at", "19:00", "--travel", "5m"], environment: environment)
    #expect(
      outcome.standardError
        == "chulbal: 환경 변수 TZ: 알 수 없는 시간대 'Foo/Bar' (IANA 이름을 쓰세요, 예: 'Asia/Seoul', "
        + "'UTC', 'America/New_York')\n")
    #expect(outcome.exitCode == 2)
    // An explicit --tz makes the system zone irrelevant.
    let explicit = CLI.run(
      ["plan", "--at", "19:00", "--travel", "5m", "--tz", "Asia/Seoul"], environment: environment)
    #expect(explicit.exitCode == 0)
    #expect(
      (try? Environment.systemTimeZone(["TZ": ":Asia/Seoul"]).get())
        == Zone(identifier: "Asia/Seoul"))
    // --now needs the system zone only when it has no offset of its own.
    let withOffset = CLI.run(
      ["list", "--now", "2026-11-30T14:00+09:00"], environment: environment)
    #expect(withOffset.exitCode == 0, "\(withOffset.standardError)")
    let withoutOffset = CLI.run(["list", "--now", "2026-11-30 14:00"], environment: environment)
    #expect(withoutOffset.standardError == outcome.standardError)
  }
}

@Suite struct SplitArgumentsTests {
  @Test func optionsValuesAndTheDoubleDash() throws {
    let split = SplitArguments(
      ["--at", "-5", "--json", "--tz=UTC", "word", "--", "--not-an-option"]
    ) { $0 == "--at" || $0 == "--tz" }
    #expect(
      split.elements == [
        .option(name: "--at", value: "-5"), .option(name: "--json", value: nil),
        .option(name: "--tz", value: "UTC"), .value("word"), .value("--not-an-option"),
      ])
  }

  @Test func aValueOptionAtTheEndIsMissingItsValue() {
    #expect(
      SplitArguments(["--json", "--at"]) { $0 == "--at" }.elements == [
        .option(name: "--json", value: nil), .unfinished(option: "--at"),
      ])
    #expect(run(["list", "--tz"]).standardError == "chulbal: '--tz' 옵션에 값이 없습니다\n")
    // Help asked for before the unfinished option still wins.
    #expect(run(["add", "--help", "--note"]).standardOutput.hasPrefix("사용법: chulbal add"))
    #expect(run(["help", "list", "--tz"]).standardOutput.hasPrefix("사용법: chulbal list"))
    #expect(run(["help", "place"]).standardOutput.hasPrefix("사용법: chulbal place <명령>"))
    #expect(
      run(["help", "lst"]).standardError
        == "chulbal: 알 수 없는 명령 'lst' — 혹시 'list'? (명령 목록: chulbal --help)\n")
  }

  @Test(arguments: [("plna", "plan", 2), ("--trvel", "--travel", 1), ("kitten", "sitting", 3)])
  func editDistance(a: String, b: String, distance: Int) {
    #expect(ChulbalCLI.editDistance(a, b) == distance)
  }
}
