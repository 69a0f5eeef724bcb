import ChulbalTestSupport
import Foundation
import Testing

/// Runs the built `chulbal` executable as a separate process, as a person or script would.
struct ChulbalProcess {
  /// The binary under test: `CHULBAL_EXECUTABLE` when set (contrib/test.sh sets it to the
  /// release binary contrib/build.sh makes, the one that ships), else the `chulbal` beside this
  /// test bundle in the build directory (a developer's `swift test`).
  static let executable: URL = {
    if let path = ProcessInfo.processInfo.environment["CHULBAL_EXECUTABLE"], !path.isEmpty {
      return URL(fileURLWithPath: path).standardizedFileURL
    }
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()]
      .map { $0.appendingPathComponent("chulbal") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[0]
  }()

  struct Result {
    let status: Int32
    let standardOutput: String
    let standardError: String
  }

  /// Runs the binary with this process's environment plus `environment`, less `removing`.
  ///
  /// - Parameters:
  ///   - folder: the working folder, so relative paths resolve there.
  ///   - script: run in `/bin/sh` instead, with the binary as `$0` and `arguments` after it:
  ///     for words that are not UTF-8 (`"$(printf '\377')"`), which `Process` cannot pass,
  ///     or a line such as `umask 777;` before the binary.
  static func run(
    _ arguments: [String], environment: [String: String] = [:], removing: [String] = [],
    in folder: String? = nil, shell script: String? = nil
  ) throws -> Result {
    let process = Process()
    if let script {
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script, executable.path] + arguments
    } else {
      process.executableURL = executable
      process.arguments = arguments
    }
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    var variables = ProcessInfo.processInfo.environment
    for name in removing { variables.removeValue(forKey: name) }
    variables.merge(environment) { $1 }
    process.environment = variables
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // A command that should have been refused but counts down instead must not hang the run.
    let pid = process.processIdentifier
    let guardian = DispatchWorkItem { kill(pid, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + hangGuard, execute: guardian)
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // Cancelled once it has ended, so the number is never killed after another takes it.
    guardian.cancel()
    return Result(
      status: process.terminationStatus,
      standardOutput: String(decoding: outputData, as: UTF8.self),
      standardError: String(decoding: errorData, as: UTF8.self))
  }
}

@Suite(.tags(.process)) struct EndToEndTests {
  /// Its argument names the binary the process suites run, so a test log says which it was.
  @Test(arguments: [ChulbalProcess.executable.path])
  func binaryIsBuilt(path: String) {
    #expect(
      FileManager.default.isExecutableFile(atPath: path),
      "run 'swift build --build-tests', or set CHULBAL_EXECUTABLE to a built chulbal")
  }

  @Test func planPrintsToStandardOutputAndExitsZero() throws {
    let result = try ChulbalProcess.run(
      [
        "plan", "--at", "내일 오후 7시", "--travel", "35m", "--tz", "Asia/Seoul", "--now",
        "2026-11-30T14:00+09:00",
      ], environment: ["TZ": "Asia/Seoul"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    #expect(result.standardOutput.hasPrefix("약속  12월 1일 (화) 오후 7:00\n출발  12월 1일 (화) 오후 6:15"))
  }

  /// A reader on UTC planning for Seoul reads their own clock, with Seoul's beside.
  @Test func aPlanForAnotherZoneShowsTheReadersClockAndItsOwn() throws {
    let result = try ChulbalProcess.run(
      [
        "plan", "--at", "내일 오후 7시", "--travel", "35m", "--tz", "Asia/Seoul", "--now",
        "2026-11-30T14:00+09:00",
      ], environment: ["TZ": "UTC"])
    #expect(
      result.standardOutput.hasPrefix(
        "약속  12월 1일 (화) 오전 10:00 (서울 오후 7:00)\n출발  12월 1일 (화) 오전 9:15 (서울 오후 6:15)"))
  }

  @Test func theSystemZoneComesFromTZ() throws {
    let result = try ChulbalProcess.run(
      [
        "plan", "--at", "2026-12-01 19:00", "--travel", "0", "--buffer", "0", "--json",
        "--now", "2026-11-30T12:00:00Z",
      ],
      environment: ["TZ": "America/New_York"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("\"appointment\": \"2026-12-01T19:00:00-05:00\""))
  }

  @Test func badInputExitsTwoWithOneLineOnStandardError() throws {
    let result = try ChulbalProcess.run(["plan", "--at", "25:00", "--travel", "5m"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.hasPrefix("chulbal: --at: 잘못된 시각 '25:00'"))
    #expect(result.standardError.filter { $0 == "\n" }.count == 1)
  }

  @Test func anUnknownTZIsAnErrorNotUTC() throws {
    let result = try ChulbalProcess.run(
      ["plan", "--at", "19:00", "--travel", "5m"], environment: ["TZ": "Nowhere/Land"])
    #expect(result.status == 2)
    #expect(result.standardError.contains("'Nowhere/Land'"))
  }
}
