import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// `--password-command` run for real through `/bin/sh`: only the start of what it prints is
/// kept, however much it prints.
@Suite struct PasswordCommandTests {
  static let variables = ["PATH": "/usr/bin:/bin"]

  /// The password, and the failure it gave instead.
  static func password(_ command: String) -> Result<String, PasswordCommand.Failure> {
    Result { () throws(PasswordCommand.Failure) -> String in
      try PasswordCommand(command: command).password(variables: variables)
    }
  }

  @Test func thePasswordIsTheFirstLineThoughMegabytesFollowIt() {
    let result = Self.password("echo 'p@ss word'; head -c 30000000 /dev/zero")
    #expect(result == .success("p@ss word"))
  }

  /// 30 MB without a line end is no password; it is refused rather than taken whole or cut.
  @Test func aFirstLineLongerThanFourKilobytesIsRefused() {
    let command = "head -c 30000000 /dev/zero | tr '\\0' x"
    switch Self.password(command) {
    case .success(let password): Issue.record("a password of \(password.utf8.count) bytes")
    case .failure(let failure):
      #expect(failure.message == "비밀번호 명령이 출력한 첫 줄이 4096바이트보다 깁니다 ('\(command)')")
    }
  }

  @Test func aFailureShowsTheStartOfTheFirstLineItSaid() {
    let command = "head -c 100000 /dev/zero | tr '\\0' e >&2; exit 3"
    switch Self.password(command) {
    case .success(let password): Issue.record("a password of \(password.utf8.count) bytes")
    case .failure(let failure):
      #expect(
        failure.message
          == "비밀번호 명령이 상태 3으로 끝났습니다 ('\(command)'): " + String(repeating: "e", count: 200) + "…")
    }
  }

  /// A command that runs past its time is killed with what it started: the shell's `sleep`
  /// does not outlive it.
  @Test func aCommandPastItsTimeIsKilledWithItsChildren() throws {
    let folder = TemporaryFolder()
    let record = folder.path + "/child"
    let command = "sleep 300 & echo $! > '\(record)'; wait"
    let result = Result { () throws(PasswordCommand.Failure) -> String in
      try PasswordCommand(command: command, timeout: 1).password(variables: Self.variables)
    }
    #expect(result == .failure(.timedOut(command: command, seconds: 1)))
    let text = try String(contentsOfFile: record, encoding: .utf8)
    let child = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    defer { if NotifyCommandProcessTests.isLiveSleep(child) { kill(child, SIGKILL) } }
    // SIGKILL takes a moment to land; a generous bound, not a timing.
    let deadline = Date().addingTimeInterval(10)
    while NotifyCommandProcessTests.isLiveSleep(child) && Date() < deadline { usleep(50_000) }
    #expect(!NotifyCommandProcessTests.isLiveSleep(child), "the command's child \(child) runs on")
  }
}
