import CSystem
import FoundationEssentials
import Glibc

/// A program started with `posix_spawn`, its standard streams never chulbal's own, its argument
/// vector never seen by a shell.
///
/// Not `Foundation.Process`: a program left running (a browser, a tmux server) inherits Process's
/// internal descriptors, and `waitUntilExit` then waits for it too.
public struct ChildProcess: Sendable {
  public let pid: pid_t

  /// Starts `arguments[0]`, found on `environment`'s `PATH` unless it has a slash, with standard
  /// input from /dev/null and the outputs written to the given files.
  ///
  /// - Parameter ownGroup: start it in its own process group, so ``killGroup()`` ends its children
  ///   too.
  /// - Throws: `SpawnError` naming the program and the failed call; `isNoSuchProgram` when there is
  ///   no such program.
  public init(
    _ arguments: [String], environment: [String: String],
    standardOutput: String = "/dev/null", standardError: String = "/dev/null",
    ownGroup: Bool = false
  ) throws(SpawnError) {
    precondition(!arguments.isEmpty, "a child process needs a program to run")
    let program = arguments[0]
    func check(_ call: SpawnError.Call, _ status: Int32) throws(SpawnError) {
      guard status == 0 else { throw SpawnError(program: program, call: call, code: status) }
    }
    var actions = posix_spawn_file_actions_t()
    try check(.fileActionsInit, posix_spawn_file_actions_init(&actions))
    defer { posix_spawn_file_actions_destroy(&actions) }
    try check(.addOpen, posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0))
    for (descriptor, path) in [(Int32(1), standardOutput), (2, standardError)] {
      try check(
        .addOpen,
        posix_spawn_file_actions_addopen(
          &actions, descriptor, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600))
    }
    // Nothing else of ours goes along (the database, another thread's pipe), which a program left
    // running would hold. ENOSYS (before glibc 2.34) starts the program anyway.
    let closeFrom = csystem_spawn_closefrom(&actions, 3)
    if closeFrom != ENOSYS { try check(.addCloseFrom, closeFrom) }
    let executable: String
    if program.contains("/") {
      executable = program
    } else {
      // posix_spawnp searches the PATH of this process, so search the given one here.
      let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
      guard
        let found = path.split(separator: ":").map({ "\($0)/\(program)" })
          .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
      else { throw SpawnError(program: program, call: .searchPath, code: ENOENT) }
      executable = found
    }
    var argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { envp.forEach { free($0) } }
    // Signals as a shell gives them: chulbal's ignored SIGPIPE and a Swift concurrency thread's
    // mask (which blocks SIGINT, SIGQUIT, SIGHUP) would otherwise carry across exec.
    var attributes = posix_spawnattr_t()
    try check(.attributesInit, posix_spawnattr_init(&attributes))
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    sigaddset(&defaults, SIGPIPE)
    try check(.setSignals, posix_spawnattr_setsigdefault(&attributes, &defaults))
    var mask = sigset_t()
    sigemptyset(&mask)
    try check(.setSignals, posix_spawnattr_setsigmask(&attributes, &mask))
    var flags = Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
    if ownGroup {
      try check(.setGroup, posix_spawnattr_setpgroup(&attributes, 0))
      flags |= Int16(POSIX_SPAWN_SETPGROUP)
    }
    try check(.setSignals, posix_spawnattr_setflags(&attributes, flags))
    var pid = pid_t()
    try check(.spawn, posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp))
    self.pid = pid
  }

  /// Waits for the program to end, at most `timeout` seconds when given.
  ///
  /// - Returns: its exit status (128 + the signal when a signal ended it), or nil at the timeout.
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

  /// Kills the process group of a child started with `ownGroup`, and reaps the child.
  public func killGroup() {
    kill(-pid, SIGKILL)
    _ = wait()
  }
}
