import ChulbalSystem
import Foundation

/// Lets at most `width` runs of the binary go at once, so a campaign of many hundred
/// processes neither starves the machine nor waits on one process at a time.
actor ProcessGate {
  private let width: Int
  private var running = 0
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(width: Int) { self.width = width }

  func enter() async {
    if running < width {
      running += 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func leave() {
    if waiting.isEmpty {
      running -= 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

/// One run of the built `chulbal` binary in a folder of its own, with exactly the environment
/// it is given, standard input from /dev/null and its output in files (so nothing can block on
/// a pipe), optionally through a shell redirection that closes or fills a stream, optionally
/// sent a signal once it has written its first line.
struct HostileRun: Sendable {
  var arguments: [String]
  var environment: [String: String]
  var folder: String
  /// A redirection for `/bin/sh`, such as `>&-` or `2>/dev/full`, applied to the binary.
  var redirection: String?
  /// Sent once the program has written something to standard output.
  var signal: Int32?
  /// How long the run may take before it is killed and judged on what it printed so far.
  var limit: Duration = .seconds(10)

  struct Result: Sendable {
    /// The exit status, or 128 + the signal that ended it.
    let status: Int32
    let endedBySignal: Bool
    let timedOut: Bool
    let standardOutput: Data
    let standardError: Data
  }

  static let gate = ProcessGate(width: 6)

  func run() async throws -> Result {
    await Self.gate.enter()
    do {
      let result = try await runUngated()
      await Self.gate.leave()
      return result
    } catch {
      await Self.gate.leave()
      throw error
    }
  }

  private func runUngated() async throws -> Result {
    let outputPath = folder + "/.stdout"
    let errorPath = folder + "/.stderr"
    defer {
      try? FileManager.default.removeItem(atPath: outputPath)
      try? FileManager.default.removeItem(atPath: errorPath)
    }
    // The shell only moves into the folder and applies the redirection; `exec` leaves the
    // binary with the shell's process id. (Not Foundation.Process: run from many tasks at once
    // it was seen to miss a child's exit and wait for ever.)
    let script = "cd \"$1\" && shift && exec \"$@\" \(redirection ?? "")"
    let child = try ChildProcess(
      ["/bin/sh", "-c", script, "sh", folder, ChulbalProcess.executable.path] + arguments,
      environment: environment, standardOutput: outputPath, standardError: errorPath)
    let clock = ContinuousClock()
    var deadline = clock.now + limit
    var signalled = signal == nil
    var timedOut = false
    var status: Int32 = 0
    while true {
      let reaped = waitpid(child.pid, &status, WNOHANG)
      if reaped == child.pid { break }
      if reaped < 0 && errno != EINTR { throw POSIXError(.ECHILD) }
      if !signalled, let signal, Self.size(of: outputPath) > 0 {
        kill(child.pid, signal)
        signalled = true
        // A loop that was starved past the limit must not call the answer to the signal late.
        deadline = max(deadline, clock.now + .seconds(5))
        continue
      }
      if !timedOut && clock.now > deadline {
        kill(child.pid, SIGKILL)
        timedOut = true
      }
      try await Task.sleep(for: .milliseconds(3))
    }
    let signalNumber = status & 0x7F
    return Result(
      status: signalNumber == 0 ? (status >> 8) & 0xFF : 128 + signalNumber,
      endedBySignal: signalNumber != 0, timedOut: timedOut,
      standardOutput: FileManager.default.contents(atPath: outputPath) ?? Data(),
      standardError: FileManager.default.contents(atPath: errorPath) ?? Data())
  }

  private static func size(of path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }
}
