import Foundation
import Testing

/// The private session of `contrib/notify-session.sh`, a bus with dunst on it. Tests needing it run
/// when it is there, and under `CI`, where they fail without it so a broken harness cannot skip
/// them.
public enum NotifySession {
  public static let variables = ProcessInfo.processInfo.environment

  public static var isRunning: Bool { variables["CHULBAL_NOTIFY_SESSION"] != nil }

  public static var shouldRun: Bool { isRunning || variables["CI"] != nil }

  /// Fails the test unless it runs inside the session.
  public static func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(
      isRunning,
      "CI is set, but CHULBAL_NOTIFY_SESSION is not: run the tests inside contrib/notify-session.sh",
      sourceLocation: sourceLocation)
  }

  /// The process id of the session's dunst.
  public static func dunstPID(sourceLocation: SourceLocation = #_sourceLocation) throws -> pid_t {
    try #require(
      variables["CHULBAL_DUNST_PID"].flatMap { pid_t($0) }, "CHULBAL_DUNST_PID is not set",
      sourceLocation: sourceLocation)
  }
}
