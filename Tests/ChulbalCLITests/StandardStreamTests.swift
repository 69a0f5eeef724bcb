import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI

/// The built `chulbal` run by `/bin/sh` with its standard streams redirected as a shell user
/// might (`>&-`, `>/dev/full`), its outputs collected in files, and a deadline so that a
/// program that never ends fails the test instead of hanging it.
struct RedirectedRun {
  let status: Int32?
  let standardOutput: String
  let standardError: String
  var timedOut: Bool { status == nil }

  /// Runs `chulbal arguments… redirection` with no core dumps, for at most `seconds`.
  ///
  /// - Parameter redirection: shell redirections such as `>&-` or `2>/dev/full`; what is not
  ///   redirected goes to files that are read back.
  static func run(
    _ arguments: [String], redirection: String, environment: [String: String] = [:],
    seconds: Double = 20
  ) throws -> RedirectedRun {
    let folder = NSTemporaryDirectory() + "chulbal-streams-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var variables = ProcessInfo.processInfo.environment
    variables.merge(environment) { $1 }
    variables["CHULBAL_DB"] = variables["CHULBAL_DB"] ?? folder + "/chulbal.db"
    let script = "ulimit -c 0; exec \"$0\" \"$@\" \(redirection)"
    let child = try ChildProcess(
      ["/bin/sh", "-c", script, ChulbalProcess.executable.path] + arguments,
      environment: variables, standardOutput: folder + "/out", standardError: folder + "/err")
    let status = child.wait(timeout: seconds)
    if status == nil {
      kill(child.pid, SIGKILL)
      _ = child.wait()
    }
    func read(_ name: String) -> String {
      (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
    }
    return RedirectedRun(status: status, standardOutput: read("out"), standardError: read("err"))
  }
}

@Suite(.tags(.process)) struct StandardStreamTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let redirection: String
    let status: Int32
    /// Standard error exactly, when it is not itself redirected.
    let message: String
    var testDescription: String { "\(arguments.joined(separator: " ")) \(redirection)" }
  }

  static let closed = "chulbal: 표준 출력이 닫혀 있어 명령을 실행하지 않았습니다\n"
  static let full = "chulbal: 명령은 실행했지만 결과를 표준 출력에 쓰지 못했습니다: 디스크에 남은 공간이 없습니다\n"
  static let fullWhileRunning = "chulbal: 표준 출력에 쓰지 못했습니다: 디스크에 남은 공간이 없습니다\n"

  @Test(arguments: [
    Case(arguments: ["--version"], redirection: ">&-", status: 1, message: closed),
    Case(arguments: ["--version"], redirection: ">/dev/full", status: 1, message: full),
    Case(arguments: ["--version"], redirection: "2>&-", status: 0, message: ""),
    Case(arguments: ["--version"], redirection: "2>/dev/full", status: 0, message: ""),
    Case(arguments: ["--help"], redirection: ">/dev/full", status: 1, message: full),
    Case(arguments: ["list"], redirection: ">/dev/full", status: 1, message: full),
    // Bad input keeps its own status; a message that cannot be written changes nothing.
    Case(arguments: ["plan", "--bogus"], redirection: "2>/dev/full", status: 2, message: ""),
    Case(arguments: ["plan", "--bogus"], redirection: "2>&-", status: 2, message: ""),
    // A status bar's `status` that cannot write says so with 1, like every command.
    Case(arguments: ["status"], redirection: ">/dev/full", status: 1, message: full),
    Case(arguments: ["status"], redirection: ">&-", status: 1, message: closed),
    Case(
      arguments: ["status", "--follow"], redirection: ">/dev/full", status: 1,
      message: fullWhileRunning),
    Case(arguments: ["status", "--follow"], redirection: ">&-", status: 1, message: closed),
    // Forty minutes away: without the checks the countdown would run silently until then.
    Case(
      arguments: ["countdown", "--at", "+40m"], redirection: ">/dev/full", status: 1,
      message: fullWhileRunning),
    Case(arguments: ["countdown", "--at", "+40m"], redirection: ">&-", status: 1, message: closed),
  ])
  func aClosedOrFullStreamEndsWithAStatusAndOneLineNeverACrash(_ example: Case) throws {
    let run = try RedirectedRun.run(example.arguments, redirection: example.redirection)
    #expect(run.status == example.status, "\(run.standardError)")
    #expect(!run.standardError.contains("Fatal error") && !run.standardError.contains("crashed"))
    #expect(run.standardError == example.message)
  }

  @Test func addWithStandardOutputClosedKeepsNothingSoARetryCannotDuplicate() throws {
    let folder = NSTemporaryDirectory() + "chulbal-streams-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let database = ["CHULBAL_DB": folder + "/chulbal.db"]
    let add = try RedirectedRun.run(
      ["add", "저녁", "--at", "19:00", "--travel", "1m"], redirection: ">&-",
      environment: database)
    #expect(add.status == 1)
    #expect(add.standardError == Self.closed)
    let list = try ChulbalProcess.run(["list", "--all", "--json"], environment: database)
    #expect(list.standardOutput == "[]\n")
  }

  @Test func aReaderThatClosedThePipeBeforeAnyWriteIsNoSIGPIPE() throws {
    // `chulbal --help | true` when `true` has already ended: nobody reads the pipe.
    let process = Process()
    process.executableURL = ChulbalProcess.executable
    process.arguments = ["--help"]
    let pipe = Pipe()
    try pipe.fileHandleForReading.close()
    process.standardOutput = pipe.fileHandleForWriting
    let error = Pipe()
    process.standardError = error
    try process.run()
    try pipe.fileHandleForWriting.close()
    let message = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationReason == .exit)
    #expect(process.terminationStatus == 0)
    #expect(message.isEmpty)
  }

  @Test func countdownIntoHeadEndsWhenHeadDoesNotAtTheNextTick() throws {
    // Forty minutes away the display changes once a minute; `head -1` leaves after the first.
    let run = try ChulbalProcess.firstLineThenReaderLeaves(["countdown", "--at", "+40m"])
    #expect(run.firstLine == "남은 시간 40분\n")
    #expect(run.reason == .exit)
    #expect(run.status == 0)
  }

  @Test(arguments: [SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP])
  func noSignalShowsTheRuntimesCrashReport(_ number: Int32) throws {
    let folder = NSTemporaryDirectory() + "chulbal-signal-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var variables = ProcessInfo.processInfo.environment
    variables["SWIFT_BACKTRACE"] = nil
    let child = try ChildProcess(
      [
        "/bin/sh", "-c", "ulimit -c 0; exec \"$0\" \"$@\"", ChulbalProcess.executable.path,
        "countdown", "--at", "+40m",
      ], environment: variables, standardOutput: folder + "/out", standardError: folder + "/err")
    // The first line means chulbal is past its start-up.
    eventually { !(FileManager.default.contents(atPath: folder + "/out") ?? Data()).isEmpty }
    kill(child.pid, number)
    let status = child.wait(timeout: hangGuard)
    if status == nil { kill(child.pid, SIGKILL) }
    #expect(status == 128 + number)
    let message = (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
    #expect(message.isEmpty, "\(message)")
  }

  // MARK: Writing the result, in process

  @Test func aResultThatCannotBeWrittenIsAFailureSaidOnStandardError() {
    let console = RecordingConsole(failing: ENOSPC)
    #expect(Outcome(standardOutput: "#1 저녁\n").write(to: console) == 1)
    #expect(
      console.errorText
        == "chulbal: 명령은 실행했지만 결과를 표준 출력에 쓰지 못했습니다: 디스크에 남은 공간이 없습니다\n")
    // A failure keeps its own status, and its message comes first.
    let failed = Outcome(standardOutput: "링크\n", standardError: "chulbal: 앱 없음\n", exitCode: 2)
    let second = RecordingConsole(failing: EIO)
    #expect(failed.write(to: second) == 2)
    #expect(second.errorText.hasPrefix("chulbal: 앱 없음\nchulbal: 명령은 실행했지만"))
  }

  @Test func aReaderThatLeftEndsQuietlyWithTheCommandsStatus() {
    let console = RecordingConsole(lineLimit: 0)
    #expect(Outcome(standardOutput: "도움말\n").write(to: console) == 0)
    #expect(console.errorText.isEmpty)
  }

  @Test func nothingRunsWhenStandardOutputWasClosed() {
    let workspace = Workspace()
    var environment = workspace.environment()
    environment.console = RecordingConsole(outputClosed: true)
    let outcome = CLI.run(
      ["add", "저녁", "--at", "19:00", "--travel", "5m"], environment: environment)
    #expect(
      outcome == Outcome(standardError: "chulbal: 표준 출력이 닫혀 있어 명령을 실행하지 않았습니다\n", exitCode: 1))
    #expect(!FileManager.default.fileExists(atPath: workspace.database))
  }

  @Test(arguments: [["countdown", "--at", "2026-11-30T14:40+09:00"], ["status", "--follow"]])
  func aLiveDisplayOnAFullDiskEndsWithExitOne(_ arguments: [String]) {
    let workspace = Workspace()
    var environment = workspace.environment()
    environment.clock = ScriptedClock(now: mondayAfternoon)
    environment.console = RecordingConsole(failing: ENOSPC)
    let outcome = CLI.run(arguments, environment: environment)
    #expect(
      outcome == Outcome(standardError: "chulbal: 표준 출력에 쓰지 못했습니다: 디스크에 남은 공간이 없습니다\n", exitCode: 1)
    )
  }
}
