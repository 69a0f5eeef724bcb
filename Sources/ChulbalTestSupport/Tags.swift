import Testing

/// What makes a suite slow or needy, so a developer can leave it out (docs/HACKING.md gives
/// the command: this toolchain's `swift test` filters by name, not yet by tag).
extension Tag {
  /// Runs a program as its own process: the chulbal binary (`CHULBAL_EXECUTABLE`), a shell,
  /// tmux, a server.
  @Tag public static var process: Self
  /// Waits on the real clock: a countdown, a watch or a follow that must reach a deadline.
  @Tag public static var realTime: Self
  /// Asks an implementation written by others (Python's dateutil, icalendar, zoneinfo) for
  /// the answer to compare with.
  @Tag public static var oracle: Self
  /// The hostile campaign: many generated inputs, each through the binary.
  @Tag public static var campaign: Self
}
