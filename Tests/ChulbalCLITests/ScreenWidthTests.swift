import ChulbalTerminal
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `list` and the agendas on a terminal: lines fit its width, long titles and places cut with
/// `…` by display width; a pipe gets every cell whole.
@Suite struct ScreenWidthTests {
  /// Four appointments of Monday 30 November 2026, 14:00 in Seoul, one with an imported
  /// street address for a place, one a weekly series.
  static func longTextWorkspace() -> Workspace {
    let workspace = Workspace()
    let adds = [
      [
        "대학 동기 송년회", "--at", "12월 2일 오후 7시", "--travel", "40m", "--place",
        "서울특별시 강남구 테헤란로 152 강남파이낸스센터 지하 1층 푸드코트 옆 이탈리안 레스토랑",
      ],
      ["팀 회의", "--at", "오늘 오후 3시", "--place", "본사 3층 대회의실", "--travel", "20m"],
      ["치과 정기 검진 및 스케일링 예약 (김철수 원장님)", "--at", "12월 1일 오전 10시 30분", "--travel", "25m"],
      ["주간 스터디", "--at", "매주 화요일 오후 8시", "--until", "2027-03-31", "--travel", "30m"],
    ]
    for add in adds { #expect(workspace.run(["add"] + add).exitCode == 0) }
    return workspace
  }

  /// `list` and `week` in an 80-column terminal, as a person sees them.
  static let listAt80 = """
    번호  제목             약속                       출발       남은 시간
    #2    팀 회의          11월 30일 (월) 오후 3:00   오후 2:30  30분 남음
    #3    치과 정기 검진…  12월 1일 (화) 오전 10:30   오전 9:55  19시간 55분 남음
    #4    주간 스터디      12월 1일 (화) 오후 8:00…   오후 7:20  1일 5시간 20분 남음
    #1    대학 동기 송년…  12월 2일 (수) 오후 7:00    오후 6:10  2일 4시간 남음

    """
  static let weekAt80 = """
    11월 30일 (월) · 오늘
      오후 3:00   #2  팀 회의                 본사 3층 대회의실       출발 오후 2:30

    12월 1일 (화) · 내일
      오전 10:30  #3  치과 정기 검진 및 스…                           출발 오전 9:55
      오후 8:00   #4  주간 스터디                                     출발 오후 7:20

    12월 2일 (수)
      오후 7:00   #1  대학 동기 송년회        서울특별시 강남구 테…   출발 오후 6:10

    """

  static func run(
    _ arguments: [String], in workspace: Workspace, terminal: Bool, width: Int = 80,
    variables: [String: String] = [:]
  ) -> Outcome {
    CLI.run(
      arguments,
      environment: .test(
        console: RecordingConsole(isTerminal: terminal, width: width),
        variables: variables.merging(["CHULBAL_DB": workspace.database, "HOME": workspace.folder]) {
          $1
        }))
  }

  @Test func listAndWeekFitAnEightyColumnTerminal() {
    let workspace = Self.longTextWorkspace()
    let list = Self.run(["list"], in: workspace, terminal: true)
    #expect(list.standardOutput == Self.listAt80)
    #expect(Self.run(["week"], in: workspace, terminal: true).standardOutput == Self.weekAt80)
    for line in (Self.listAt80 + Self.weekAt80).split(separator: "\n") {
      #expect(TerminalText.width(String(line)) <= 80, "\(line)")
    }
  }

  /// `today` and `agenda` are the same table: today's one row keeps its place whole in 80
  /// columns, and cut to its least width in 40 (where the line still wraps).
  @Test func todayAndAgendaFitTheTerminalToo() {
    let workspace = Self.longTextWorkspace()
    #expect(
      Self.run(["today"], in: workspace, terminal: true).standardOutput
        == "11월 30일 (월) · 오늘\n  오후 3:00  #2  팀 회의  본사 3층 대회의실  출발 오후 2:30\n")
    #expect(
      Self.run(["agenda", "--days", "1"], in: workspace, terminal: true, width: 40).standardOutput
        == "11월 30일 (월) · 오늘\n  오후 3:00  #2  팀 회의  본사 3층…   출발 오후 2:30\n")
  }

  /// `COLUMNS` holding a number is the width on a terminal; on a pipe nothing is cut, whatever
  /// `COLUMNS` says.
  @Test func columnsIsTheWidthOnATerminalAndAPipeGetsEverythingWhole() {
    let workspace = Self.longTextWorkspace()
    let narrow = Self.run(
      ["week"], in: workspace, terminal: true, width: 200, variables: ["COLUMNS": "80"])
    #expect(narrow.standardOutput == Self.weekAt80)
    let ignored = Self.run(
      ["list"], in: workspace, terminal: true, width: 80, variables: ["COLUMNS": "wide"])
    #expect(ignored.standardOutput == Self.listAt80)
    let piped = Self.run(["week"], in: workspace, terminal: false, variables: ["COLUMNS": "80"])
    #expect(
      piped.standardOutput.contains(
        "  오후 7:00   #1  대학 동기 송년회                                 "
          + "서울특별시 강남구 테헤란로 152 강남파이낸스센터 지하 1층 푸드코트 옆 이탈리안 레스토랑  출발 오후 6:10\n"),
      "\(piped.standardOutput)")
    #expect(!piped.standardOutput.contains("…"))
    #expect(!Self.run(["list"], in: workspace, terminal: false).standardOutput.contains("…"))
  }
}

/// The same screens in a real terminal: tmux at 80×24, its pane captured exactly.
@Suite(.tags(.process)) struct ScreenWidthTerminalTests {
  @Test func listAndWeekInARealEightyByTwentyFourTerminalAreTheScreensExpected() throws {
    let workspace = ScreenWidthTests.longTextWorkspace()
    let chulbal =
      "env -u COLUMNS TZ=Asia/Seoul \(ChulbalProcess.executable.path) --db '\(workspace.database)'"
    let now = "--now 2026-11-30T14:00:00+09:00"
    let session = TmuxSession()
    defer { session.close() }
    try session.start(
      "\(chulbal) list \(now); \(chulbal) week \(now)", columns: 80, rows: 24,
      status: "printf EXIT=$?")
    let screen = try session.waitFor("EXIT=")
    #expect(
      screen.hasPrefix(ScreenWidthTests.listAt80 + ScreenWidthTests.weekAt80 + "EXIT=0"),
      "\(screen)")
  }
}
