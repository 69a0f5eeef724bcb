import FoundationEssentials

/// What `watch` waits on between its steps: a wall-clock deadline, and the events that end a
/// wait early (a change to its files, a signal, a clock change, an outside source).
///
/// ``EventLoop`` is the real one; tests drive the watch with a scripted one, so that a suspend
/// or a clock change happens when the test says, with no time passing.
public protocol WakeSource: AnyObject {
  /// From now on a failed write into mapped memory (SIGBUS) writes `text` to standard error
  /// and ends the process with `status`.
  func reportBusError(_ text: String, status: Int32)
  /// Replaces the outside sources (GLib's D-Bus connection) every wait includes.
  func setSources(_ sources: [any PollSource])
  /// Replaces the folders watched besides the database's.
  ///
  /// - Returns: the watches whose folder cannot be watched, with why; the others are in place.
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
