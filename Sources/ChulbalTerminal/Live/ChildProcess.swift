import Foundation

/// A program started with `posix_spawn`, its standard streams never chulbal's own.
///
/// `Foundation.Process` is not used for programs that may leave something running (an opener
/// that starts a browser, tmux that starts its server): those inherit Process's internal
/// descriptors, and `waitUntilExit` then waits for them too. The argument vector goes to the
/// program as it is; no shell ever sees it.
public struct ChildProcess: Sendable {
  public let pid: pid_t

  /// Starts `arguments[0]`, found on the `PATH` of `environment` unless it contains a slash,
  /// with standard input from /dev/null and the outputs written to the given files.
  ///
  /// - Throws: the `posix_spawn` error, such as `ENOENT` when there is no such program.
  public init(
    _ arguments: [String], environment: [String: String],
    standardOutput: String = "/dev/null", standardError: String = "/dev/null"
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    for (descriptor, path) in [(Int32(1), standardOutput), (2, standardError)] {
      posix_spawn_file_actions_addopen(
        &actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    }
    // Nothing else of ours goes along: not the database, and not a pipe another thread has
    // open, which a program left running (a browser, a tmux server) would otherwise hold.
    if let closeFrom = Self.closeFrom {
      _ = closeFrom(&actions, 3)
    }
    var argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    var pid = pid_t()
    let status: Int32
    if arguments[0].contains("/") {
      status = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
    } else {
      // posix_spawnp searches the PATH of this process, so search the given one here.
      let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
      guard
        let executable = path.split(separator: ":").map({ "\($0)/\(arguments[0])" })
          .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
      else { throw POSIXError(.ENOENT) }
      status = posix_spawn(&pid, executable, &actions, nil, &argv, &envp)
    }
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
    self.pid = pid
  }

  private typealias CloseFrom =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which the Glibc
  /// module does not declare; nil on a C library without it.
  private static let closeFrom: CloseFrom? = dlsym(
    UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np"
  ).map { unsafeBitCast($0, to: CloseFrom.self) }

  /// Waits for the program to end, at most `timeout` seconds when given.
  ///
  /// - Returns: its exit status (128 + the signal when a signal ended it), or nil when it is
  ///   still running at the timeout.
  public func wait(timeout: TimeInterval? = nil) -> Int32? {
    let deadline = timeout.map { Date().addingTimeInterval($0) }
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, deadline == nil ? 0 : WNOHANG)
      if result == pid { break }
      if result < 0 && errno != EINTR { return nil }
      if let deadline, Date() >= deadline { return nil }
      if deadline != nil { usleep(10_000) }
    }
    return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }
}
