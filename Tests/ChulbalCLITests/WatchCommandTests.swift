import ChulbalCore
import ChulbalTestSupport
import Foundation
import Testing

/// `chulbal watch` as a person runs it, without a notification server: the terminal and
/// command backends, the lock, re-planning when another process changes the store, restarts
/// and signals. The tests with a real server are `DesktopNotificationTests`; what the watch
/// sends when, through edits, removals, suspends and clock changes, is `ScriptedWatchTests`,
/// in-process with no real time passing.
@Suite(.tags(.process, .realTime)) struct WatchCommandTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  /// Adds a kitchen-timer appointment whose only alert (leave) falls `seconds` from now.
  func addSoon(_ title: String, in seconds: Int) throws {
    let result = try chulbal(
      ["add", title, "--at", "+\(seconds)s", "--travel", "0", "--buffer", "0", "--alerts", "0"],
      database: database)
    try #require(result.status == 0, "\(result.standardError)")
  }

  @Test func withoutDBusTheTerminalBackendShowsTheAlertOnceAndARestartShowsNothing() throws {
    try addSoon("시험 약속", in: 2)
    let watch = try WatchProcess(database: database, in: folder.path)
    let line = "[알림] 지금 출발하세요 · 시험 약속"
    #expect(watch.waitFor(line), "\(watch.standardError)")
    #expect(watch.waitFor("→ terminal"), "\(watch.standardError)")
    #expect(watch.standardError.contains("D-Bus 세션이 없습니다"))
    #expect(watch.stop() == 0)
    // Restarted, it has nothing to show: the alert is in the log.
    let again = try WatchProcess(database: database, in: folder.path, extra: ["--once"])
    #expect(again.end() == 0)
    #expect(!again.standardError.contains("[알림]"), "\(again.standardError)")
    let log = try chulbal(["log", "--json"], database: database)
    #expect(log.standardOutput.contains("\"backend\": \"terminal\""), "\(log.standardOutput)")
    #expect(log.standardOutput.components(separatedBy: "\"outcome\"").count == 2)
  }

  /// Ten alerts due at once, with a notify command that hangs: the commands run side by side,
  /// so all ten reach the terminal after one 5-second timeout, not ten of them one after
  /// another (50 s); each is recorded once, and a restart shows none again.
  @Test func alertsDueTogetherWithAHangingCommandWaitOutOneTimeoutNotOneEach() throws {
    let script = folder.path + "/notify.sh"
    try writeProgram("#!/bin/sh\nsleep 300\n", to: script)
    for (key, value) in [("notify.command", script), ("notify.backends", "command,terminal")] {
      let set = try chulbal(["config", "set", key, value], database: database)
      try #require(set.status == 0, "\(set.standardError)")
    }
    // One start for all, so all ten leave in the same minute.
    let at = ISO8601DateFormatter().string(from: Date().addingTimeInterval(20))
    for number in 1...10 {
      let added = try chulbal(
        ["add", "약속 \(number)", "--at", at, "--travel", "0", "--buffer", "0", "--alerts", "0"],
        database: database)
      try #require(added.status == 0, "\(added.standardError)")
    }
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(watch.waitFor("시작: "), "\(watch.standardError)")
    // The first is due at most 20 s from now; one after another they would take 50 s more.
    // A generous bound, not a timing.
    #expect(
      watch.waitFor("[알림] 지금 출발하세요 · 약속 ", count: 10), "\(watch.standardError)")
    #expect(watch.stop() == 0)
    #expect(
      watch.standardError.components(separatedBy: "5초 안에 끝나지 않아 멈췄습니다").count - 1 == 10,
      "\(watch.standardError)")
    let log = try chulbal(["log", "--json"], database: database)
    #expect(
      log.standardOutput.components(separatedBy: "\"backend\": \"terminal\"").count - 1 == 10,
      "\(log.standardOutput)")
    let again = try WatchProcess(database: database, in: folder.path, extra: ["--once"])
    #expect(again.end() == 0)
    #expect(!again.standardError.contains("[알림]"), "\(again.standardError)")
  }

  /// An appointment whose departure passed before the watch started: the late notice comes
  /// at once and again every `notify.repeat` (10 seconds here), each recorded once.
  @Test func aLateNoticeComesAtOnceAndAgainEveryRepeat() throws {
    let set = try chulbal(["config", "set", "notify.repeat", "10s"], database: database)
    try #require(set.status == 0, "\(set.standardError)")
    // Five minutes on the way, starting in two: the departure is three minutes past.
    let added = try chulbal(
      ["add", "늦은 약속", "--at", "+2m", "--travel", "5m", "--buffer", "0", "--alerts", "0"],
      database: database)
    try #require(added.status == 0, "\(added.standardError)")
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(
      watch.waitFor("[알림] 지금 바로 출발하세요 · 늦은 약속 (", count: 2), "\(watch.standardError)")
    #expect(watch.stop() == 0)
    let shown = watch.standardError.components(separatedBy: "[알림] 지금 바로 출발하세요").count - 1
    let log = try chulbal(["log"], database: database).standardOutput
    #expect(log.components(separatedBy: " 늦음 알림)").count - 1 == shown, "\(log)")
  }

  @Test func anAppointmentAddedWhileWatchingGetsItsAlert() throws {
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(watch.waitFor("시작: "), "\(watch.standardError)")
    try addSoon("나중에 넣은 약속", in: 2)
    #expect(watch.waitFor("[알림] 지금 출발하세요 · 나중에 넣은 약속"), "\(watch.standardError)")
    #expect(watch.stop(with: SIGINT) == 0)
  }

  @Test func aSecondWatchOnTheSameDatabaseExitsOneNamingTheFirst() throws {
    let first = try WatchProcess(database: database, in: folder.path)
    #expect(first.waitFor("시작: "), "\(first.standardError)")
    let second = try WatchProcess(database: database, in: folder.path)
    #expect(second.end() == 1)
    #expect(
      second.standardError
        == "chulbal: 다른 watch(PID \(first.child.pid))가 이미 이 데이터베이스를 지켜보고 있습니다 "
        + "(잠금 파일 '\(database).lock')\n")
    let doctor = try chulbal(["doctor", "--json"], database: database)
    #expect(
      doctor.standardOutput.contains("\"pid\": \(first.child.pid)"), "\(doctor.standardOutput)")
    #expect(first.stop() == 0)
    // Once the first has ended, the lock is free again.
    let third = try WatchProcess(database: database, in: folder.path, extra: ["--once"])
    #expect(third.end() == 0)
  }

  /// The command backend runs the program with no shell, the notice in its environment.
  @Test func theCommandBackendRunsTheProgramWithTheNoticeInItsEnvironment() throws {
    let script = folder.path + "/notify.sh"
    let record = folder.path + "/record"
    try writeProgram(
      """
      #!/bin/sh
      { printf '%s\\n' "$@"; env | grep '^CHULBAL_' | sort; } > '\(record)'
      """, to: script)
    #expect(
      try chulbal(
        ["config", "set", "notify.command", "\(script) '첫 인수' \"$HOME\""], database: database
      )
      .status == 0)
    #expect(
      try chulbal(["config", "set", "notify.backends", "command,terminal"], database: database)
        .status == 0)
    try addSoon("R&D <b>회의</b>", in: 2)
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(watch.waitFor("→ command"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
    let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n")
    #expect(lines.prefix(2) == ["첫 인수", "$HOME"])
    #expect(lines.contains("CHULBAL_TITLE=지금 출발하세요 · R&D <b>회의</b>"))
    #expect(lines.contains("CHULBAL_URGENCY=critical"))
    #expect(lines.contains { $0.hasPrefix("CHULBAL_START=20") && $0.hasSuffix("Z") })
    #expect(lines.contains { $0.hasPrefix("CHULBAL_LINK=https://map.kakao.com/link/search/R%26D") })
    #expect(!watch.standardError.contains("[알림]"))
  }

  /// A command that fails or hangs hands the alert to the next backend.
  @Test(arguments: [("/bin/false", "상태 1로 끝났습니다"), ("/bin/sleep 60", "5초 안에 끝나지 않아 멈췄습니다")])
  func aFailingCommandFallsBackToTheTerminal(command: String, reason: String) throws {
    #expect(
      try chulbal(["config", "set", "notify.command", command], database: database).status == 0)
    try addSoon("예비", in: 1)
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(watch.waitFor("[알림] 지금 출발하세요 · 예비"), "\(watch.standardError)")
    // The log line that names the failure comes just after the terminal's own line.
    #expect(watch.waitFor("→ terminal (앞에서 안 됨: "), "\(watch.standardError)")
    #expect(watch.standardError.contains(reason), "\(watch.standardError)")
    #expect(watch.stop() == 0)
  }

  @Test func sighupReadsTheSettingsAgain() throws {
    let watch = try WatchProcess(database: database, in: folder.path)
    #expect(watch.waitFor("시작: "), "\(watch.standardError)")
    #expect(watch.standardError.contains("알림 방식 libnotify → terminal"))
    #expect(
      try chulbal(["config", "set", "notify.backends", "terminal"], database: database).status == 0)
    kill(watch.child.pid, SIGHUP)
    #expect(watch.waitFor("설정을 다시 읽었습니다: 알림 방식 terminal"), "\(watch.standardError)")
    #expect(watch.stop() == 0)
  }

  struct BadSetting: Sendable, CustomTestStringConvertible {
    let key: String
    let value: String
    let message: String
    var testDescription: String { "\(key) '\(value)'" }
  }

  @Test(arguments: [
    BadSetting(
      key: "notify.command", value: "",
      message: "잘못된 명령 '': 실행할 프로그램이 없습니다 (예: 'notify-send -u critical', 'none'은 지우기)"),
    BadSetting(
      key: "notify.command", value: "'unclosed",
      message:
        "잘못된 명령 ''unclosed': 따옴표나 역슬래시가 닫히지 않았습니다 (예: 'notify-send -u critical', 'none'은 지우기)"),
    BadSetting(
      key: "notify.command", value: "/no/such/program --x",
      message: "notify.command의 프로그램 '/no/such/program'을 실행할 수 없습니다: 그런 파일이 없습니다"),
    BadSetting(
      key: "notify.command", value: "no-such-program-anywhere",
      message:
        "notify.command의 프로그램 'no-such-program-anywhere'를 실행할 수 없습니다: PATH에서 찾을 수 없습니다 (전체 경로를 쓰세요)"
    ),
    BadSetting(
      key: "notify.late_cap", value: "-5m",
      message: "잘못된 시간 길이 '-5m': 음수는 쓸 수 없습니다 (예: '35m', '1h20m', '90s', '1:20', '1시간 20분')"),
    BadSetting(
      key: "notify.repeat", value: "5s",
      message: "잘못된 값 '5s': 다시 알리는 간격은 10초 이상으로 씁니다 (예: 5m, 한 번만은 0)"),
    BadSetting(
      key: "notify.snooze", value: "0",
      message: "잘못된 값 '0': 미루는 시간은 1분 이상, 분 단위로 씁니다 (예: 5m)"),
    BadSetting(
      key: "notify.snooze", value: "90s",
      message: "잘못된 값 '90s': 미루는 시간은 1분 이상, 분 단위로 씁니다 (예: 5m)"),
    BadSetting(
      key: "notify.backends", value: "libnotify,growl",
      message:
        "잘못된 알림 방식 목록 'libnotify,growl': 'growl'은 지원하지 않는 알림 방식입니다 (libnotify, command, terminal을 쉼표로, 예: 'libnotify,terminal')"
    ),
    BadSetting(
      key: "notify.backends", value: "terminal,terminal",
      message:
        "잘못된 알림 방식 목록 'terminal,terminal': 'terminal'이 두 번 있습니다 (libnotify, command, terminal을 쉼표로, 예: 'libnotify,terminal')"
    ),
    BadSetting(
      key: "notify.backends", value: "",
      message:
        "잘못된 알림 방식 목록 '': ''는 지원하지 않는 알림 방식입니다 (libnotify, command, terminal을 쉼표로, 예: 'libnotify,terminal')"
    ),
  ])
  func aBadNotifySettingIsRefusedWithOneLineAndNothingIsWritten(_ bad: BadSetting) throws {
    // After `--`, so that a value such as `-5m` is not read as an option.
    let result = try chulbal(["config", "set", "--", bad.key, bad.value], database: database)
    #expect(result.status == 2)
    // A value the setting cannot read is named after the setting; a program it cannot run
    // names itself.
    let named = bad.message.hasPrefix("notify.command의") ? "" : "\(bad.key): "
    #expect(result.standardError == "chulbal: \(named)\(bad.message)\n")
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func aCommandThatIsNotExecutableIsRefused() throws {
    let file = folder.path + "/not-a-program"
    try "echo hi\n".write(toFile: file, atomically: true, encoding: .utf8)
    chmod(file, 0o644)
    let result = try chulbal(["config", "set", "notify.command", file], database: database)
    #expect(result.status == 2)
    #expect(
      result.standardError
        == "chulbal: notify.command의 프로그램 '\(file)'\(Korean.objectParticle(after: file)) 실행할 수 없습니다: 실행 권한이 없습니다\n"
    )
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test(arguments: [
    (["watch", "extra"], "watch는 'extra' 같은 인수를 받지 않습니다 (옵션 목록: chulbal watch --help)"),
    (
      ["watch", "--now", "2026-12-01T10:00Z"], "watch에 없는 옵션 '--now' (옵션 목록: chulbal watch --help)"
    ),
    (["notify"], "notify에는 '--test' 옵션이 필요합니다. 예: chulbal notify --test"),
    (["log", "--days", "0"], "'--days'의 값 '0'이 잘못되었습니다 (1~3650의 정수)"),
    (["log", "--days", "x"], "'--days'의 값 'x'가 잘못되었습니다 (1~3650의 정수)"),
  ])
  func badWatchNotifyAndLogLinesExitTwo(line: [String], message: String) throws {
    let result = try chulbal(line, database: database)
    #expect(result.status == 2)
    #expect(result.standardError == "chulbal: \(message)\n")
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func notifyTestWithoutDBusSaysTheTerminalDeliveredItAndWhyNotLibnotify() throws {
    let result = try chulbal(["notify", "--test", "--json"], database: database)
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\"delivered_by\": \"terminal\""))
    #expect(result.standardOutput.contains("D-Bus 세션이 없습니다 (DBUS_SESSION_BUS_ADDRESS가 없음)"))
    #expect(result.standardError.hasPrefix("[알림] chulbal 시험 알림"))
    let text = try chulbal(["notify", "--test"], database: database)
    #expect(text.standardOutput.hasPrefix("terminal로 보냈습니다 ("), "\(text.standardOutput)")
  }

  /// With every backend refused before it could be tried (a command that is not there), the
  /// failure still says why, not an empty reason.
  @Test func notifyTestWithNoBackendLeftSaysSo() throws {
    _ = try chulbal(["config", "set", "notify.backends", "command"], database: database)
    _ = try chulbal(["config", "set", "notify.command", "/nonexistent/cmd"], database: database)
    let result = try chulbal(["notify", "--test"], database: database)
    #expect(result.status == 1)
    #expect(
      result.standardError.hasSuffix(
        "chulbal: 알림을 보내지 못했습니다: 쓸 수 있는 알림 방식이 없습니다 "
          + "(chulbal config get notify.backends, notify.command를 확인하세요)\n"),
      "\(result.standardError)")
  }

  @Test func logWithNothingRecordedSaysHowAlertsComeAbout() throws {
    let result = try chulbal(["log"], database: database)
    #expect(result.status == 0)
    #expect(
      result.standardOutput
        == "최근 7일 동안 알림 기록이 없습니다. 알림은 chulbal watch가 보냅니다 (systemctl --user enable --now chulbal-watch)\n"
    )
  }
}
