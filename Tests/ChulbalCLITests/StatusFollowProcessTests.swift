import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

/// `chulbal status --follow` as its own process, against a real database another process
/// writes.
@Suite(.tags(.process, .realTime), .serialized) struct StatusFollowProcessTests {
  /// A running `status --follow` on `database`, its output in a file read while it runs.
  final class Follower {
    let output: String
    let child: ChildProcess
    private var status: Int32?

    init(database: String, folder: String) throws {
      output = folder + "/out"
      var variables = ProcessInfo.processInfo.environment
      variables["SWIFT_BACKTRACE"] = nil
      variables["CHULBAL_DB"] = database
      child = try ChildProcess(
        [ChulbalProcess.executable.path, "status", "--follow"], environment: variables,
        standardOutput: output, standardError: folder + "/err")
    }

    deinit {
      if status == nil {
        kill(child.pid, SIGKILL)
        _ = child.wait()
      }
    }

    var lines: [String] {
      ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "")
        .components(separatedBy: "\n").dropLast()
    }

    /// Waits until the output has `count` lines, at most `hangGuard`.
    func waitForLines(_ count: Int) -> [String] {
      eventually { lines.count >= count }
      return lines
    }

    func stop(with signal: Int32) -> Int32? {
      kill(child.pid, signal)
      status = child.wait(timeout: hangGuard)
      return status
    }
  }

  /// Before the database exists, and on a first run before even its folder does (two levels
  /// missing: the way to it is watched), an appointment another process adds shows at once.
  @Test(arguments: ["c.db", "data/chulbal/c.db"])
  func anAppointmentAddedByAnotherProcessShowsAtOnceEvenBeforeTheDatabaseExists(
    path: String
  ) throws {
    let folder = NSTemporaryDirectory() + "chulbal-follow-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = folder + "/" + path
    let follower = try Follower(database: database, folder: folder)
    // Nothing upcoming, and no database yet: an empty line, then a wait with no deadline, so
    // only the database's change notice can show what is added next, however long it takes.
    #expect(follower.waitForLines(1) == [""])
    let first = try chulbal(
      ["add", "카페 미팅", "--at", "+3h", "--travel", "10m", "--buffer", "0"], database: database)
    #expect(first.status == 0, "\(first.standardError)")
    let seen = follower.waitForLines(2)
    #expect(
      seen.count == 2 && seen[1].hasPrefix("출발까지 ") && seen[1].hasSuffix("분 · 카페 미팅"), "\(seen)")
    // A second one, sooner, into the database that now exists.
    let second = try chulbal(
      ["add", "점심", "--at", "+2h", "--travel", "10m", "--buffer", "0"], database: database)
    #expect(second.status == 0, "\(second.standardError)")
    // The minute's tick may print 카페 미팅 again first, on a slow machine.
    #expect(eventually { follower.lines.last?.hasSuffix("분 · 점심") == true }, "\(follower.lines)")
    // The ending signals end it with 128 + the signal, as before.
    #expect(follower.stop(with: SIGTERM) == 143)
  }

  /// With nothing upcoming it waits with no deadline at all, so only the reader leaving can
  /// end the wait.
  @Test func intoAPipeItEndsWhenTheReaderLeavesWhileWaitingWithNoDeadline() throws {
    let folder = NSTemporaryDirectory() + "chulbal-follow-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = folder + "/c.db"
    let run = try ChulbalProcess.firstLineThenReaderLeaves(
      ["status", "--follow"], environment: ["CHULBAL_DB": database])
    #expect(run.firstLine == "\n")
    // Without the reader's leaving it would wait for ever, and be killed.
    #expect(run.reason == .exit)
    #expect(run.status == 0)
  }
}
