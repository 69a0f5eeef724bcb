import ChulbalSystem
import Foundation
import Glibc
import Synchronization
import Testing

/// What the watch waits on, scripted on a ``ScriptedClock``: each wait ends at its deadline (the
/// clock moved there) unless the script's next happening comes first, at its instant or at once if
/// already passed. A wait past the script's end fails the test and ends the watch with SIGTERM.
public final class ScriptedWakes: WakeSource, Sendable {
  /// Something that happens while the watch waits.
  public enum Happening: Sendable {
    /// Another process writes the database (`action`, a command run in-process), which inotify
    /// sees: the wait ends with `.filesChanged`.
    case write(at: Date, _ action: @Sendable () -> Void)
    /// A file of a folder watch is written (`action`, by a sync tool say): the wait ends with
    /// `.foldersChanged` of the watch's `key`.
    case sourceWrite(at: Date, key: String, _ action: @Sendable () -> Void)
    /// The machine sleeps at `at` and wakes at `until`; a wait whose deadline passed meanwhile ends
    /// with `.deadline`, as an absolute `CLOCK_REALTIME` timer fires on resume.
    case suspend(at: Date, until: Date)
    /// The wall clock is set at `at` to `to`: the wait ends with `.clockChanged`.
    case clockSet(at: Date, to: Date)
    /// A signal arrives.
    case signal(Int32, at: Date)

    var at: Date {
      switch self {
      case .write(let at, _), .sourceWrite(let at, _, _), .suspend(let at, _),
        .clockSet(let at, _), .signal(_, let at):
        at
      }
    }
  }

  private let clock: ScriptedClock
  private let state: Mutex<(script: [Happening], waits: [Date?], folders: [EventLoop.FolderWatch])>
  private let takesSources: Bool
  private let sources = Sources()

  /// The outside sources, set and pumped only on the watch's one thread, as the event loop's
  /// are.
  private final class Sources: @unchecked Sendable {
    var all: [any PollSource] = []
  }

  /// - Parameter takesSources: whether the watch may give outside sources (the desktop
  ///   backend's, in a test with a notification server); what they have ready is dispatched
  ///   at each wait, never waited for. Without it, being given one fails the test.
  public init(clock: ScriptedClock, _ script: [Happening], takesSources: Bool = false) {
    self.clock = clock
    self.takesSources = takesSources
    state = Mutex((script, [], []))
  }

  /// The deadline of every wait, in order; nil for a wait with none.
  public var waits: [Date?] { state.withLock { $0.waits } }

  /// The folder watches last set.
  public var folderWatches: [EventLoop.FolderWatch] { state.withLock { $0.folders } }

  /// Whether every happening has come.
  public var isDone: Bool { state.withLock { $0.script.isEmpty } }

  /// Installs nothing: a test process keeps its own SIGBUS.
  public func reportBusError(_ text: String, status: Int32) {}

  public func setSources(_ sources: [any PollSource]) {
    if takesSources {
      self.sources.all = sources
    } else if !sources.isEmpty {
      Issue.record(
        "outside sources (the desktop backend's) were given, which a scripted watch cannot wait on")
    }
  }

  /// Every folder can be watched.
  public func setFolderWatches(_ watches: [EventLoop.FolderWatch]) -> [(
    watch: EventLoop.FolderWatch, error: SystemCallError
  )] {
    state.withLock { $0.folders = watches }
    return []
  }

  public func wait(until deadline: Date?) -> [EventLoop.Wake] {
    state.withLock { $0.waits.append(deadline) }
    for source in sources.all {
      var (descriptors, _) = source.prepare()
      _ = poll(&descriptors, nfds_t(descriptors.count), 0)
      source.dispatch(descriptors)
    }
    while true {
      let now = clock.now()
      // As the event loop: a deadline already reached ends the wait at once.
      if let deadline, deadline <= now { return [.deadline] }
      guard let next = state.withLock({ $0.script.first }) else {
        Issue.record("the watch waited past the end of its script")
        return [.signal(SIGTERM)]
      }
      if let deadline, deadline <= next.at {
        clock.sleep(until: deadline)
        return [.deadline]
      }
      state.withLock { _ = $0.script.removeFirst() }
      if next.at > now { clock.set(to: next.at) }
      switch next {
      case .write(_, let action):
        action()
        return [.filesChanged]
      case .sourceWrite(_, let key, let action):
        action()
        return [.foldersChanged([key])]
      case .suspend(_, let until):
        // After the resume the wait goes on, to its deadline or the next happening.
        clock.set(to: until)
      case .clockSet(_, let to):
        clock.set(to: to)
        return [.clockChanged]
      case .signal(let number, _):
        return [.signal(number)]
      }
    }
  }
}
