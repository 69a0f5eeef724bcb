import ChulbalTestSupport
import Foundation

extension ChulbalProcess {
  /// How a run ended whose reader took the first line and then closed the pipe.
  struct LeftRun {
    let firstLine: String
    let reason: Process.TerminationReason
    let status: Int32
  }

  /// Runs the binary with its output into a pipe, reads the first line, closes the pipe and
  /// waits for the process to end: at most 20 seconds, a generous deadline far below the
  /// minute a live display may sleep, after which it is killed.
  static func firstLineThenReaderLeaves(
    _ arguments: [String], environment: [String: String] = [:]
  ) throws -> LeftRun {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    var first = Data()
    while !first.contains(UInt8(ascii: "\n")) {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      first.append(chunk)
    }
    try output.fileHandleForReading.close()
    eventually { !process.isRunning }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    return LeftRun(
      firstLine: String(decoding: first, as: UTF8.self), reason: process.terminationReason,
      status: process.terminationStatus)
  }
}
