import ChulbalCore
import ChulbalSystem
import Foundation

/// What a run of chulbal reads from the world: the clock, the system time zone, environment
/// variables, and a person at the terminal to confirm a deletion.
///
/// The CLI reads them once, in `main`; everything below takes them from here, so tests pass
/// fixed values.
public struct Environment: Sendable {
  public var now: Date
  public var variables: [String: String]
  /// Whether standard input is a terminal a person can answer at.
  public var isInteractive: Bool
  /// Asks the person a yes/no question; only called when `isInteractive`.
  public var confirm: @Sendable (String) -> Bool
  /// What live displays read and sleep on.
  public var clock: any WallClock
  /// Where live displays draw.
  public var console: any Console
  private var systemTimeZone: Result<TimeZone, InputError>

  /// A fixed environment, as tests and scripts use: no terminal, nobody to confirm.
  public init(
    now: Date, timeZone: TimeZone, variables: [String: String] = [:],
    isInteractive: Bool = false, confirm: @escaping @Sendable (String) -> Bool = { _ in false },
    clock: any WallClock = SystemWallClock(), console: any Console = StandardConsole()
  ) {
    self.now = now
    self.clock = clock
    self.console = console
    self.variables = variables
    self.isInteractive = isInteractive
    self.confirm = confirm
    systemTimeZone = .success(timeZone)
  }

  /// The real clock, environment and terminal; the system zone honours `TZ`.
  ///
  /// A `TZ` that names no zone Foundation knows is kept as an error rather than silently read
  /// as UTC; it is reported only by a command that needs the system zone (no `--tz`).
  public static func live(variables: [String: String] = ProcessInfo.processInfo.environment)
    -> Environment
  {
    var environment = Environment(
      now: Date(), timeZone: TimeZone.current, variables: variables,
      isInteractive: isatty(STDIN_FILENO) == 1,
      confirm: { question in
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return ["y", "yes", "예", "네", "ㅇ"].contains(answer)
      })
    if let tz = variables["TZ"], !tz.isEmpty {
      let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
      if let zone = TimeZone(identifier: name) {
        environment.systemTimeZone = .success(zone)
      } else {
        environment.systemTimeZone = .failure(.timeZone(tz))
      }
    }
    return environment
  }

  /// The zone of `--tz` when given, else the system zone.
  func timeZone(option: String?) throws(UsageError) -> TimeZone {
    if let option {
      guard let zone = TimeZone(identifier: option) else {
        throw .invalidValue(option: "--tz", .timeZone(option))
      }
      return zone
    }
    switch systemTimeZone {
    case .success(let zone): return zone
    case .failure(let error): throw .environment(variable: "TZ", error)
    }
  }

  /// A zone stored with an appointment; the system zone if this machine has lost it.
  func timeZone(stored identifier: String) -> TimeZone {
    TimeZone(identifier: identifier) ?? (try? timeZone(option: nil)) ?? .gmt
  }
}
