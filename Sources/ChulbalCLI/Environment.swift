import ChulbalCore
import Foundation

/// What a run of chulbal reads from the world: the clock and the system time zone.
///
/// The CLI reads them once, in `main`; everything below takes them from here, so tests pass
/// fixed values.
public struct Environment: Sendable {
  public var now: Date
  private var systemTimeZone: Result<TimeZone, InputError>

  /// A fixed environment, as tests and scripts use.
  public init(now: Date, timeZone: TimeZone) {
    self.now = now
    systemTimeZone = .success(timeZone)
  }

  /// The real clock and the system zone, honouring `TZ`.
  ///
  /// A `TZ` that names no zone Foundation knows is kept as an error rather than silently read
  /// as UTC; it is reported only by a command that needs the system zone (no `--tz`).
  public static func live(variables: [String: String] = ProcessInfo.processInfo.environment)
    -> Environment
  {
    var environment = Environment(now: Date(), timeZone: TimeZone.current)
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
}
