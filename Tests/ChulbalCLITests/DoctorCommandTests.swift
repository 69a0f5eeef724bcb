import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `doctor`'s last line: what stops alerts and the command that mends it, or `이상 없음`.
@Suite struct DoctorVerdictTests {
  static let noSession = "데스크톱 알림을 보낼 수 없습니다: D-Bus 세션이 없습니다 (DBUS_SESSION_BUS_ADDRESS가 없음)"

  /// The fix is a command a person pastes into a shell: a path with the characters a shell
  /// treats specially is quoted, and the shell, run here on it, mends that very file.
  @Test func theFixCommandNamesTheFileToAShell() throws {
    let folder = TemporaryFolder()
    let odd = folder.path + "/my $HOME; it's `x` & 집"
    try FileManager.default.createDirectory(atPath: odd, withIntermediateDirectories: true)
    let database = odd + "/chulbal.db"
    let environment = Environment.test(variables: ["CHULBAL_DB": database, "HOME": folder.path])
    #expect(
      CLI.run(["add", "저녁", "--at", "내일 오후 7시", "--travel", "30m"], environment: environment)
        .exitCode == 0)
    #expect(chmod(database, 0o644) == 0)
    let json = try ImportCommandTests.json(CLI.run(["doctor", "--json"], environment: environment))
    let problems = try #require(json["problems"] as? [[String: Any]])
    let fix = try #require(problems.first?["fix"] as? String)
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", fix]
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    let mode = try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int
    #expect(mode == 0o600)
  }

  @Test func theVerdictNamesTheFirstProblemAndItsFix() throws {
    let workspace = Workspace()
    #expect(workspace.run(["add", "저녁", "--at", "내일 오후 7시", "--travel", "30m"]).exitCode == 0)
    #expect(chmod(workspace.database, 0o644) == 0)
    func verdict() -> String? {
      workspace.run(["doctor"]).standardOutput.split(separator: "\n").last.map(String.init)
    }
    #expect(
      verdict()
        == "판정 (문제 3개 중 첫째): 데이터베이스를 다른 사용자도 읽을 수 있습니다 (권한 644). 고치려면: chmod 600 \(workspace.database)"
    )
    #expect(chmod(workspace.database, 0o600) == 0)
    #expect(verdict() == "판정 (문제 2개 중 첫째): \(Self.noSession)")
    #expect(workspace.run(["config", "set", "notify.backends", "terminal"]).exitCode == 0)
    #expect(
      verdict()
        == "판정: watch가 돌고 있지 않아 알림이 가지 않습니다. 고치려면: systemctl --user enable --now chulbal-watch")
    let json = try ImportCommandTests.json(workspace.run(["doctor", "--json"]))
    let problems = try #require(json["problems"] as? [[String: Any]])
    #expect(
      problems.map { $0["fix"] as? String } == ["systemctl --user enable --now chulbal-watch"])
    let lock = try WatchLock.acquire(beside: workspace.database)
    try withExtendedLifetime(lock) {
      #expect(verdict() == "판정: 이상 없음")
      let json = try ImportCommandTests.json(workspace.run(["doctor", "--json"]))
      #expect((json["problems"] as? [Any])?.count == 0)
    }
  }

  /// A file chulbal cannot open still shows its permission, which is often why.
  @Test(.enabled(if: getuid() != 0, "root reads any file"))
  func anUnreadableDatabaseShowsItsPermissionAndIsTheVerdict() throws {
    let workspace = Workspace()
    #expect(workspace.run(["add", "저녁", "--at", "내일 오후 7시", "--travel", "30m"]).exitCode == 0)
    #expect(chmod(workspace.database, 0o000) == 0)
    defer { chmod(workspace.database, 0o600) }
    let doctor = workspace.run(["doctor"]).standardOutput
    #expect(doctor.contains("\(workspace.database) (권한 000) — "), "\(doctor)")
    #expect(doctor.contains("\n판정 (문제 2개 중 첫째): 데이터베이스를 읽을 수 없습니다: "), "\(doctor)")
  }

  /// The route chains as set, and a provider missing its setting as a problem, without asking
  /// any service or running the key command.
  @Test func theRouteChainsAreShownAndAProviderWithoutItsSettingIsAProblem() throws {
    let workspace = Workspace()
    #expect(workspace.run(["config", "set", "notify.backends", "terminal"]).exitCode == 0)
    func row() -> String? {
      workspace.run(["doctor"]).standardOutput.split(separator: "\n")
        .first { $0.hasPrefix("길찾기") }.map(String.init)
    }
    #expect(row()?.hasSuffix("추정만 (고르려면: chulbal config set route.car kakao)") == true)
    #expect(workspace.run(["config", "set", "route.car", "kakao,osrm"]).exitCode == 0)
    #expect(workspace.run(["config", "set", "osrm.url", "http://127.0.0.1:5000"]).exitCode == 0)
    // A key command that would leave a mark if doctor ran it.
    let mark = workspace.folder + "/key-command-ran"
    let doctor = workspace.run(["doctor"]).standardOutput
    #expect(row()?.hasSuffix("자동차 kakao → osrm → 추정") == true, "\(doctor)")
    #expect(
      doctor.hasSuffix(
        "판정 (문제 2개 중 첫째): watch가 돌고 있지 않아 알림이 가지 않습니다. "
          + "고치려면: systemctl --user enable --now chulbal-watch\n"), "\(doctor)")
    let lock = try WatchLock.acquire(beside: workspace.database)
    withExtendedLifetime(lock) {
      #expect(
        workspace.run(["doctor"]).standardOutput.hasSuffix(
          "판정: route.car의 kakao는 kakao.key-command 설정이 없어 건너뜁니다 "
            + "(chulbal config set kakao.key-command …)\n"))
    }
    #expect(
      workspace.run(["config", "set", "kakao.key-command", "touch '\(mark)'; echo key"]).exitCode
        == 0)
    let json = try ImportCommandTests.json(workspace.run(["doctor", "--json"]))
    let routes = try #require(json["routes"] as? [String: [String]])
    #expect(routes["car"] == ["kakao", "osrm", "estimate"])
    #expect(routes["walk"] == ["estimate"])
    let problems = try #require(json["problems"] as? [[String: Any]])
    #expect(!problems.contains { ($0["problem"] as? String)?.contains("route.") == true })
    #expect(!FileManager.default.fileExists(atPath: mark))
  }
}
