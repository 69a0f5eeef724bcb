import ChulbalTestSupport
import Foundation
import Testing

/// `notify --test` through the built binary with `notify.command` set to a shell script that
/// misbehaves: the command backend gives up within its 5 seconds and the terminal shows the
/// notice.
@Suite(.tags(.process)) struct NotifyCommandProcessTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  /// Makes `notify.command` a script of `body`, tried before the terminal.
  func useScript(_ body: String) throws {
    let script = folder.path + "/notify.sh"
    try writeProgram("#!/bin/sh\n\(body)\n", to: script)
    for (key, value) in [("notify.command", script), ("notify.backends", "command,terminal")] {
      let set = try chulbal(["config", "set", key, value], database: database)
      #expect(set.status == 0, "\(set.standardError)")
    }
  }

  /// Whether `pid` is a live `sleep` (not a zombie, and not another program given the number
  /// since).
  static func isLiveSleep(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.range(of: ") ", options: .backwards)
    else { return false }
    return stat.contains("(sleep)") && !stat[close.upperBound...].hasPrefix("Z")
  }

  /// The pid the script wrote to `record`.
  func recordedPID(_ record: String) throws -> pid_t {
    let text = try String(contentsOfFile: record, encoding: .utf8)
    return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// 100 MB of NUL on standard error: the notice still goes out, the line that says why the
  /// command failed is short, and nothing is left in `TMPDIR`.
  @Test func aCommandFloodingStandardErrorCostsOneShortLineAndNoFile() throws {
    try useScript("head -c 100000000 /dev/zero >&2; exit 3")
    let temporary = folder.path + "/tmp"
    #expect(mkdir(temporary, 0o700) == 0)
    let result = try chulbal(
      ["notify", "--test"], database: database, environment: ["TMPDIR": temporary])
    #expect(result.status == 0, "\(result.standardError.prefix(500))")
    #expect(result.standardOutput.hasPrefix("terminal로 보냈습니다"))
    #expect(result.standardOutput.utf8.count < 2000, "\(result.standardOutput.utf8.count) bytes")
    #expect(
      result.standardOutput.contains(
        "가 상태 3으로 끝났습니다: " + String(repeating: "\\x00", count: 200) + "…\n"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
  }

  /// A command still running at 5 seconds is killed with what it started.
  @Test func aCommandPastItsTimeIsKilledWithItsChildren() throws {
    let record = folder.path + "/child"
    try useScript("sleep 300 & echo $! > '\(record)'; wait")
    let result = try chulbal(["notify", "--test"], database: database)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("5초 안에 끝나지 않아 멈췄습니다"))
    let child = try recordedPID(record)
    defer { if Self.isLiveSleep(child) { kill(child, SIGKILL) } }
    // SIGKILL takes a moment to land.
    eventually { !Self.isLiveSleep(child) }
    #expect(!Self.isLiveSleep(child), "the command's child \(child) is still running")
  }

  /// A command that leaves a program running with its error output and exits 0 has delivered
  /// the notice: the exchange ends when the command does, not when its outputs close.
  @Test func aCommandThatLeavesAProgramRunningHasDelivered() throws {
    let record = folder.path + "/child"
    try useScript("sleep 30 & echo $! > '\(record)'; exit 0")
    let result = try chulbal(["notify", "--test"], database: database)
    let child = try recordedPID(record)
    defer { if Self.isLiveSleep(child) { kill(child, SIGKILL) } }
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.hasPrefix("command로 보냈습니다"), "\(result.standardOutput)")
    // The shell forks the child before it becomes `sleep`: a loaded machine may not have
    // run its exec yet.
    #expect(eventually { Self.isLiveSleep(child) })
  }
}
