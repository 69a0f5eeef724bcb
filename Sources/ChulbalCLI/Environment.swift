import ChulbalCore
import ChulbalSystem
import Foundation

/// What a run of chulbal reads from and does to the world: the clock, the system time zone,
/// environment variables, the console, a person to confirm a deletion, and the desktop that
/// opens links.
///
/// `main` builds the live one; everything below takes what it needs from here, so tests pass
/// doubles for every part, and no part defaults to the real thing.
public struct Environment: Sendable {
  /// The one source of "now", and what live displays sleep on; `--now` replaces it.
  public var clock: any WallClock
  public var variables: [String: String]
  /// Where live displays draw.
  public var console: any Console
  /// Whether standard input is a terminal a person can answer at.
  public var isInteractive: Bool
  /// Asks the person a yes/no question; only called when `isInteractive`.
  public var confirm: @Sendable (String) -> Bool
  /// Which app schemes have a handler on this desktop.
  public var schemeHandlers: any SchemeHandlerLookup
  /// Hands a link to the desktop.
  public var opener: any LinkOpener
  private var systemTimeZone: Result<TimeZone, InputError>

  /// An environment made of the given parts.
  ///
  /// - Parameter timeZone: the system zone, or the error its `TZ` gives.
  public init(
    clock: any WallClock, console: any Console, timeZone: Result<TimeZone, InputError>,
    variables: [String: String], schemeHandlers: any SchemeHandlerLookup,
    opener: any LinkOpener, isInteractive: Bool = false,
    confirm: @escaping @Sendable (String) -> Bool = { _ in false }
  ) {
    self.clock = clock
    self.console = console
    self.variables = variables
    self.schemeHandlers = schemeHandlers
    self.opener = opener
    self.isInteractive = isInteractive
    self.confirm = confirm
    systemTimeZone = timeZone
  }

  /// The real clock, environment, terminal and desktop; the system zone honours `TZ`.
  ///
  /// Call it first, before anything opens a file: it sets up the standard streams and signals
  /// (`StandardConsole.start`). A `TZ` that names no zone Foundation knows is kept as an error
  /// rather than silently read as UTC; it is reported only by a command that needs the system
  /// zone (no `--tz`).
  public static func live(variables: [String: String] = ProcessInfo.processInfo.environment)
    -> Environment
  {
    let console = StandardConsole.start(variables: variables)
    return Environment(
      clock: SystemWallClock(wakingWhenReaderLeaves: STDOUT_FILENO), console: console,
      timeZone: systemTimeZone(variables), variables: variables,
      schemeHandlers: XDGSchemeHandlers(variables: variables),
      opener: URLOpener(variables: variables), isInteractive: isatty(STDIN_FILENO) == 1,
      confirm: { question in
        try? console.write("\(question) [y/N] ", to: .error)
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        return ["y", "yes", "예", "네", "ㅇ"].contains(answer)
      })
  }

  /// `TZ` when set (with or without the leading `:` POSIX allows), else the system's zone.
  static func systemTimeZone(_ variables: [String: String]) -> Result<TimeZone, InputError> {
    guard let tz = variables["TZ"], !tz.isEmpty else { return .success(TimeZone.current) }
    let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    return TimeZone(identifier: name).map { .success($0) } ?? .failure(.timeZone(tz))
  }

  /// The zone of `--tz` when given, else the system zone.
  func timeZone(option: String?) throws(UsageError) -> TimeZone {
    if let option {
      guard let zone = TimeZone(identifier: option) else {
        throw .invalidValue(option: OptionSpec.timeZone.name, .timeZone(option))
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
