import FoundationEssentials
import Glibc

/// Why a program could not be started: which program, which step, and the C error.
public struct SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The step of starting a program that failed.
  public enum Call: String, Equatable, Sendable {
    case fileActionsInit = "posix_spawn_file_actions_init"
    case addOpen = "posix_spawn_file_actions_addopen"
    case addCloseFrom = "posix_spawn_file_actions_addclosefrom_np"
    case attributesInit = "posix_spawnattr_init"
    /// Setting the program's signal defaults and mask.
    case setSignals = "posix_spawnattr_setsig*"
    case setGroup = "posix_spawnattr_setpgroup"
    case pipe
    /// The search of the environment's `PATH`, which stands in for `posix_spawnp`.
    case searchPath = "PATH search"
    case spawn = "posix_spawn"
  }

  /// The program as it was asked for, `arguments[0]`.
  public let program: String
  public let call: Call
  /// The `errno` value the call reported.
  public let code: Int32

  public init(program: String, call: Call, code: Int32) {
    self.program = program
    self.call = call
    self.code = code
  }

  /// Whether there is no such program, so a caller can try another. (`posix_spawn` also says ENOENT
  /// for a stream file in a missing folder; callers pass existing folders.)
  public var isNoSuchProgram: Bool { code == ENOENT }

  /// The C library's words for `code`, such as "No such file or directory".
  public var reason: String { String(cString: strerror(code)) }

  public var description: String {
    "Cannot start '\(program)': \(call.rawValue) failed: \(reason) (errno \(code))"
  }
}
