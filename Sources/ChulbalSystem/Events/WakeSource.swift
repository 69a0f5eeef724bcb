import FoundationEssentials

/// What `watch` waits on between steps: a wall-clock deadline and the events that end a wait early
/// (file changes, signals, clock changes, outside sources). ``EventLoop`` is the real one; tests
/// script one, so suspends and clock changes take no time.
public protocol WakeSource: AnyObject {
  /// From now on SIGBUS writes `text` to standard error and exits with `status`.
  func reportBusError(_ text: String, status: Int32)
  /// Replaces the outside sources (GLib's D-Bus connection) every wait includes.
  func setSources(_ sources: [any PollSource])
  /// Replaces the folders watched besides the database's.
  ///
  /// - Returns: those that cannot be watched, with why.
  @discardableResult
  func setFolderWatches(_ watches: [EventLoop.FolderWatch]) -> [(
    watch: EventLoop.FolderWatch, error: SystemCallError
  )]
  /// Waits until `deadline` (nil for no deadline) or an event, whichever comes first.
  ///
  /// - Returns: what ended the wait, never empty.
  func wait(until deadline: Date?) -> [EventLoop.Wake]
}

extension EventLoop: WakeSource {}
