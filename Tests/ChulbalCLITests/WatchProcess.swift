import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Synchronization
import Testing

/// `chulbal watch` running as its own process in a folder of its own, its output in files
/// the test reads while it runs.
final class WatchProcess {
  let folder: String
  let child: ChildProcess
  private var status: Int32?
  private static let counter = Mutex(0)

  /// Starts `chulbal watch` (and `extra` arguments) on `database`.
  ///
  /// - Parameter environment: this process's environment plus these (a nil value removes
  ///   one); D-Bus is removed unless given, so only tests that mean to talk to a notification
  ///   server do.
  init(
    database: String, in folder: String, extra: [String] = [],
    environment: [String: String?] = [:]
  ) throws {
    let number = Self.counter.withLock { value in
      value += 1
      return value
    }
    self.folder = folder + "/watch-\(number)"
    try FileManager.default.createDirectory(atPath: self.folder, withIntermediateDirectories: true)
    var variables = ProcessInfo.processInfo.environment
    variables["SWIFT_BACKTRACE"] = nil
    variables["DBUS_SESSION_BUS_ADDRESS"] = nil
    for (name, value) in environment { variables[name] = value }
    variables["CHULBAL_DB"] = database
    child = try ChildProcess(
      [ChulbalProcess.executable.path, "watch"] + extra, environment: variables,
      standardOutput: self.folder + "/out", standardError: self.folder + "/err")
  }

  deinit {
    if status == nil {
      kill(child.pid, SIGKILL)
      _ = child.wait()
    }
  }

  /// What it has written to standard error so far.
  var standardError: String {
    (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
  }

  /// Waits until standard error holds `text` `count` times, or the process has ended, at
  /// most `hangGuard`.
  ///
  /// - Returns: whether it did; the test then says what it saw instead.
  @discardableResult
  func waitFor(_ text: String, count: Int = 1) -> Bool {
    func seen() -> Bool { standardError.components(separatedBy: text).count - 1 >= count }
    eventually {
      if seen() { return true }
      guard let status = child.wait(timeout: 0) else { return false }
      self.status = status
      return true
    }
    return seen()
  }

  /// Sends `signal` and waits for the process to end, at most `hangGuard`.
  func stop(with signal: Int32 = SIGTERM) -> Int32? {
    if let status { return status }
    kill(child.pid, signal)
    return end()
  }

  /// Waits for the process to end by itself, at most `hangGuard`.
  func end() -> Int32? {
    if let status { return status }
    status = child.wait(timeout: hangGuard)
    return status
  }
}

/// Runs `chulbal` with `CHULBAL_DB` set, without D-Bus unless asked.
func chulbal(
  _ arguments: [String], database: String, environment: [String: String] = [:]
) throws -> ChulbalProcess.Result {
  try ChulbalProcess.run(
    arguments, environment: environment.merging(["CHULBAL_DB": database]) { $1 },
    removing: environment["DBUS_SESSION_BUS_ADDRESS"] == nil ? ["DBUS_SESSION_BUS_ADDRESS"] : [])
}
