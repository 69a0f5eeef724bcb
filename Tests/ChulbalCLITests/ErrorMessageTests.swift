import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// The whole message of one case of every kind of error, against a seeded database.
@Suite struct ErrorMessageTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let message: String
    var exitCode: Int32 = 2
    var testDescription: String { arguments.joined(separator: " ") }

    /// Runs the case: exactly the message on standard error, the exit status, nothing else.
    func expect(in workspace: Workspace, sourceLocation: SourceLocation = #_sourceLocation) {
      let outcome = workspace.run(arguments)
      #expect(outcome.standardError == "chulbal: \(message)\n", sourceLocation: sourceLocation)
      #expect(outcome.exitCode == exitCode, sourceLocation: sourceLocation)
      #expect(outcome.standardOutput.isEmpty, sourceLocation: sourceLocation)
    }
  }

  static let cases: [Case] = [
    Case(arguments: ["plna"], message: "알 수 없는 명령 'plna' — 혹시 'plan'? (명령 목록: chulbal --help)"),
    Case(
      arguments: ["place", "rename"],
      message: "알 수 없는 명령 'place rename' (명령 목록: chulbal --help)"),
    Case(
      arguments: ["list", "--al"],
      message: "list에 없는 옵션 '--al' — 혹시 '--all'? (옵션 목록: chulbal list --help)"),
    Case(arguments: ["--verbose"], message: "chulbal에 없는 옵션 '--verbose' (옵션 목록: chulbal --help)"),
    Case(
      arguments: ["completions", "tcsh"],
      message: "셸: 'tcsh'는 지원하지 않는 셸입니다 (bash, zsh, fish 중 하나)"),
    Case(
      arguments: ["completions"],
      message: "completions에는 셸 이름이 필요합니다. 예: chulbal completions bash"),
    Case(arguments: ["list", "--tz"], message: "'--tz' 옵션에 값이 없습니다"),
    Case(arguments: ["list", "--json=yes"], message: "'--json' 옵션은 값을 받지 않습니다"),
    Case(arguments: ["list", "--all", "--all"], message: "'--all' 옵션이 두 번 있습니다"),
    Case(
      arguments: ["next", "extra"],
      message: "next는 'extra' 같은 인수를 받지 않습니다 (옵션 목록: chulbal next --help)"),
    Case(
      arguments: ["place", "add", "학교"],
      message: "place add에는 '--coord' 옵션이 필요합니다. 예: --coord 37.5665,126.9780"),
    Case(arguments: ["show"], message: "show에는 약속 번호나 제목이 필요합니다. 예: chulbal show 3"),
    Case(
      arguments: ["add", "--at", "19:00"],
      message: "add에는 제목이 필요합니다. 예: chulbal add \"저녁 약속\" --at \"내일 오후 7시\" --travel 30m"),
    Case(
      arguments: ["add", "x", "--travel", "1.5h", "--at", "19:00"],
      message: "--travel: 잘못된 시간 길이 '1.5h': 소수는 쓸 수 없습니다. '1h30m'처럼 단위를 나눠 쓰세요 "
        + "(예: '35m', '1h20m', '90s', '1:20', '1시간 20분')"),
    Case(
      arguments: ["status", "--format", "xml"],
      message: "--format: 'xml'은 쓸 수 없습니다 (text, json, waybar, i3blocks, tmux 중 하나)"),
    Case(
      arguments: ["countdown", "--until", "later", "--at", "+5m"],
      message: "--until: 'later'는 쓸 수 없습니다 (depart, start 중 하나)"),
    Case(
      arguments: ["config", "get", "bufer"],
      message:
        "알 수 없는 설정 'bufer' — 혹시 'buffer'? (목록: chulbal config get)"),
    Case(
      arguments: ["config", "set", "route.recheck", "0"],
      message:
        "route.recheck: 잘못된 값 '0': 출발 시각(0)에 다시 물으면 늦습니다. 출발 몇 분 전인지 씁니다 (예: 90m,45m,20m)"),
    Case(arguments: ["show", "#42"], message: "약속 '#42'가 없습니다 (목록: chulbal list --all)"),
    Case(
      arguments: ["show", "저녁"],
      message: "'저녁'으로 시작하는 약속이 여럿입니다: #1 저녁 약속, #2 저녁 회식 — 번호로 고르세요"),
    Case(
      arguments: ["add", "x", "--at", "19:00", "--from", "학교", "--coord", "37,127"],
      message: "저장된 장소 '학교'가 없습니다 (목록: chulbal place list, 좌표는 '37.5,127.0'처럼)"),
    Case(
      arguments: ["place", "add", "집", "--coord", "37,127"],
      message: "장소 '집'은 이미 있습니다 (바꾸려면: chulbal place edit 집 --coord 위도,경도)"),
    Case(
      arguments: ["remove", "1"],
      message: "터미널이 아니라서 확인할 수 없습니다. 지우려면 --yes를 붙이세요: #1 저녁 약속"),
    Case(
      arguments: ["add", " ", "--at", "19:00", "--travel", "5m"],
      message: "제목이 비어 있습니다. 예: chulbal add \"저녁 약속\" --at …"),
    Case(
      arguments: ["add", "x", "--at", "19:00"],
      message: "이동 시간을 정할 수 없습니다: '--travel 30m'처럼 주거나, 도착지 좌표('--coord 위도,경도')나 "
        + "저장된 장소('--place 회사')를 주면 추정합니다"),
    Case(
      arguments: ["plan", "--at", "19:00"],
      message: "이동 시간이 없습니다: '--travel 35m'처럼 주거나, '--from 위도,경도 --to 위도,경도'로 추정하세요 "
        + "(이동이 없으면 '--travel 0')"),
    Case(
      arguments: ["plan", "--at", "19:00", "--to", "37,127"],
      message: "이동 시간을 추정하려면 '--from'과 '--to'를 함께 주세요"),
    Case(
      arguments: ["plan", "--at", "19:00", "--travel", "5m", "--mode", "car"],
      message: "'--travel'을 주면 '--from', '--to', '--mode'는 쓰지 않습니다 (둘 중 하나만)"),
    Case(arguments: ["list", "--all", "--past"], message: "'--all'과 '--past'는 함께 쓸 수 없습니다"),
    Case(
      arguments: ["countdown", "--at", "+5m", "--big", "--plain"],
      message: "'--big'과 '--plain'은 함께 쓸 수 없습니다 (--plain은 한 줄씩 씁니다)"),
    Case(
      arguments: ["config", "set", "providers", "kakao,waze"],
      message: "providers: 잘못된 지도 목록 'kakao,waze': 'waze'는 지원하지 않는 지도입니다 "
        + "(kakao, naver, tmap, google, apple, osm을 쉼표로, 예: 'kakao,naver,google')"),
    Case(
      arguments: ["status", "--follow", "--now", "2026-11-30T14:00+09:00"],
      message: "'--follow'는 실제 시계를 따르므로 '--now'와 함께 쓸 수 없습니다"),
    Case(arguments: ["countdown", "1", "--at", "+5m"], message: "'--at'을 주면 약속 번호('1')는 쓰지 않습니다"),
    Case(
      arguments: ["nav", "1", "--to", "역"], message: "'--to'/'--coord'를 주면 약속 번호('1')는 쓰지 않습니다"),
    Case(
      arguments: ["countdown", "--buffer", "5m"],
      message: "'--buffer'는 '--at'과 함께 씁니다 (저장한 약속은 chulbal edit로 바꾸세요)"),
    Case(
      arguments: ["place", "add", "37.5,127", "--coord", "37,127"],
      message: "이름: 잘못된 장소 이름 '37.5,127': 좌표나 '-'로 시작하는 이름은 --from, --coord에서 좌표와 구분할 수 없습니다"),
    Case(
      arguments: ["next", "--now", "2026-12-09T00:00+09:00"],
      message: "다가오는 약속이 없습니다. 추가하려면: chulbal add \"저녁 약속\" --at \"내일 오후 7시\" --travel 30m",
      exitCode: 1),
    Case(
      arguments: ["countdown", "--db", "/nonexistent/\u{1B}[31m/chulbal.db"],
      message: "다가오는 약속이 없습니다. 'chulbal countdown --at +25m'처럼 시각을 주거나 chulbal add로 약속을 추가하세요",
      exitCode: 1),
    Case(
      arguments: ["nav", "--now", "2026-12-09T00:00+09:00"],
      message: "다가오는 약속이 없습니다. 약속 번호를 주거나 '--to 이름 --coord 위도,경도'로 목적지를 주세요",
      exitCode: 1),
    Case(
      arguments: ["nav", "1", "--app"],
      message: "'--app'은 '--qr'과 함께 씁니다 (QR 코드에 https 대신 앱 링크를 담습니다)"),
    Case(
      arguments: ["nav", "1", "--qr", "--all"],
      message: "'--qr'과 '--all'은 함께 쓸 수 없습니다 (QR 코드에는 링크 하나만 담습니다)"),
    Case(
      arguments: ["nav", "1", "--qr", "--json"],
      message: "'--qr'과 '--json'은 함께 쓸 수 없습니다 (QR 코드를 JSON 뒤에 그리면 JSON이 깨집니다)"),
    Case(
      arguments: ["nav", "1", "--open", "--all"],
      message: "'--open'은 '--all'과 함께 쓸 수 없습니다 (여는 링크는 하나입니다)"),
    // 0,0 means "no coordinate" everywhere, and an estimate is held to a week.
    Case(
      arguments: ["add", "t", "--at", "19:00", "--coord", "-34.6,-58.4"],
      message: "추정한 이동 시간(16일 5시간)이 일주일보다 깁니다: 좌표를 확인하거나 '--travel 2h'처럼 이동 시간을 주세요"),
    Case(
      arguments: ["plan", "--at", "19:00", "--from", "37.5547,126.9707", "--to", "-34.6,-58.4"],
      message: "추정한 이동 시간(16일 5시간)이 일주일보다 깁니다: 좌표를 확인하거나 '--travel 2h'처럼 이동 시간을 주세요"),
    Case(
      arguments: ["plan", "--at", "19:00", "--from", "0,0", "--to", "37,127"],
      message: "'--from 0,0'은 좌표가 없다는 뜻입니다: 실제 좌표를 주거나 '--travel 35m'처럼 이동 시간을 주세요"),
    Case(
      arguments: ["place", "add", "바다", "--coord", "0,0"],
      message: "--coord: 잘못된 좌표 '0,0': 0,0은 좌표가 없다는 뜻입니다. 실제 좌표를 주세요 "
        + "(예: '37.4979,127.0276', 위도 -90~90, 경도 -180~180)"),
    Case(
      arguments: ["add", "t", "--at", "19:00", "--coord", "0,0", "--travel", "10m"],
      message: "--coord: 잘못된 좌표 '0,0': 0,0은 좌표가 없다는 뜻입니다. 실제 좌표를 주세요 "
        + "(예: '37.4979,127.0276', 위도 -90~90, 경도 -180~180)"),
    Case(
      arguments: ["add", "t", "--at", "19:00", "--coord", "37,127", "--from", "0,0"],
      message: "--from: 잘못된 좌표 '0,0': 0,0은 좌표가 없다는 뜻입니다. 실제 좌표를 주세요 "
        + "(예: '37.4979,127.0276', 위도 -90~90, 경도 -180~180)"),
    // Offsets: one rule, the one real zones follow.
    Case(
      arguments: ["plan", "--at", "19:00", "--travel", "5m", "--tz", "GMT+14:59"],
      message: "--tz: 'GMT+14:59'는 시간대 이름이 아니라 UTC 오프셋입니다 (IANA 이름을 쓰세요, "
        + "예: 'Asia/Seoul', UTC+9로 고정하려면 'Etc/GMT-9')"),
    Case(
      arguments: ["plan", "--at", "2026-12-01T19:00+14:59", "--travel", "5m"],
      message: "--at: 잘못된 시각 '2026-12-01T19:00+14:59': 오프셋은 -12:00~+14:00 사이의 15분 단위여야 합니다 "
        + "(예: '19:00', '내일 오후 7시', '12/1 19:00', '+1h30m', '2026-12-01T19:00+09:00')"),
    // The grammar says what it cannot use rather than dropping it.
    Case(
      arguments: ["plan", "--at", "정오 7시", "--travel", "5m"],
      message: "--at: 잘못된 시각 '정오 7시': '7시': 시각이 두 번 있습니다 ('정오'/'자정'이 시각입니다) "
        + "(예: '19:00', '내일 오후 7시', '12/1 19:00', '+1h30m', '2026-12-01T19:00+09:00')"),
    Case(
      arguments: ["plan", "--at", "7:30:15.5", "--travel", "5m"],
      message: "--at: 잘못된 시각 '7:30:15.5': 초에 소수는 쓸 수 없습니다. '7:30:15'처럼 쓰세요 "
        + "(예: '19:00', '내일 오후 7시', '12/1 19:00', '+1h30m', '2026-12-01T19:00+09:00')"),
    Case(
      arguments: ["plan", "--now", "2200-12-31T23:30Z", "--at", "+1h", "--travel", "0"],
      message: "--at: 잘못된 시각 '+1h': 2201년이 됩니다. 연도는 1900~2200이어야 합니다 "
        + "(예: '19:00', '내일 오후 7시', '12/1 19:00', '+1h30m', '2026-12-01T19:00+09:00')"),
    Case(
      arguments: ["plan", "--at", "19:00", "--travel", "12345678901234m"],
      message: "--travel: 잘못된 시간 길이 '12345678901234m': 일주일보다 깁니다 "
        + "(예: '35m', '1h20m', '90s', '1:20', '1시간 20분')"),
    Case(
      arguments: ["plan", "--now", "19:00", "--at", "19:00", "--travel", "0"],
      message: "--now: 잘못된 시각 '19:00': ISO 8601 날짜와 시각이 필요합니다 "
        + "(예: '2026-11-30T14:00+09:00', '2026-11-30 14:00', '2026-11-30T05:00Z')"),
    // What the database path names is checked before SQLite sees it.
    Case(
      arguments: ["list", "--db", "/dev/null"],
      message: "데이터베이스 '/dev/null'을 열 수 없습니다: 일반 파일이 아니라 장치 파일입니다. 파일은 바꾸지 않았습니다",
      exitCode: 1),
    Case(
      arguments: ["list", "--db", "/"],
      message: "데이터베이스 '/'를 열 수 없습니다: 폴더입니다. 데이터베이스 파일의 경로를 주세요", exitCode: 1),
    Case(
      arguments: ["next", "--db", "/nonexistent-chulbal/"],
      message: "데이터베이스 '/nonexistent-chulbal/'을 열 수 없습니다: 경로가 '/'로 끝납니다. 파일 이름까지 주세요",
      exitCode: 1),
    Case(
      arguments: ["add", "x", "--at", "19:00", "--travel", "5m", "--db", "/dev/null/c.db"],
      message: "데이터베이스 '/dev/null/c.db'를 열 수 없습니다: 경로 중간에 폴더가 아닌 파일이 있습니다", exitCode: 1),
    Case(arguments: ["list", "--db", ""], message: "'--db' 옵션에 값이 없습니다"),
    // Control characters in any message, here a path, reach standard error made visible.
    Case(
      arguments: [
        "add", "x", "--at", "19:00", "--travel", "5m", "--db", "/proc/\u{1B}]0;x\u{07}/c.db",
      ],
      message: "데이터베이스 '/proc/\\x1B]0;x\\x07/c.db'를 열 수 없습니다: 폴더 '/proc/\\x1B]0;x\\x07'를 만들 수 없습니다",
      exitCode: 1),
  ]

  @Test(arguments: cases)
  func messagesReadExactly(_ example: Case) {
    example.expect(in: StoreBadInputTests.seeded())
  }

  /// Cases that need an empty database, a person, or a long name.
  static let otherCases: [Case] = [
    Case(
      arguments: ["add", "x", "--at", "19:00", "--coord", "37,127"],
      message: "이동 시간을 정할 수 없습니다: '--travel 30m'처럼 주거나, 출발지('--from 집' 또는 기본 출발지)를 주면 "
        + "추정합니다 (기본 출발지 정하기: chulbal place add 집 --coord 위도,경도 --default)"),
    Case(
      arguments: ["nav", "--from", "91,200"],
      message: "--from: 잘못된 좌표 '91,200': 위도는 -90~90 사이여야 합니다 (예: '37.4979,127.0276', 위도 -90~90, "
        + "경도 -180~180)"),
    Case(
      arguments: ["nav", "--to", "", "--coord", "0,0"],
      message: "목적지의 이름도 좌표도 없습니다: '--to 이름 --coord 위도,경도'를 주세요"),
    Case(
      arguments: [
        "nav", "--to", String(repeating: "아주 긴 이름 ", count: 300), "--coord", "37.5,127", "--qr",
      ],
      // Kakao's 30-byte 'https://map.kakao.com/link/to/', 300 times 5 syllables of 9 encoded
      // bytes and 3 spaces of 3, and the 17 bytes of ',37.5000,127.0000'.
      message: "링크가 16247바이트라 QR 코드로 만들 수 없습니다 (QR 코드에는 2953바이트까지 담깁니다)", exitCode: 1),
  ]

  @Test(arguments: otherCases)
  func messagesReadExactlyWithNoDatabase(_ example: Case) {
    let workspace = Workspace()
    example.expect(in: workspace)
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
  }

  @Test func declinedRemovalSaysSoAndExitsOne() {
    let workspace = StoreBadInputTests.seeded()
    let outcome = workspace.run(["remove", "1"], interactive: true, answer: false)
    #expect(outcome.standardError == "chulbal: 지우지 않았습니다\n")
    #expect(outcome.exitCode == 1)
  }
}
