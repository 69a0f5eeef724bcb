import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// The watch's CalDAV syncs: `chulbal sync --quiet` run as a child process (``ChildRunner``),
/// so that a slow or unreachable server never holds up an alert. It writes the database,
/// which wakes the watch to plan again. One at a time: at start, every `sync.interval`, and
/// after a resume or a clock change; what it says goes to the watch's log, one line.
struct SyncRunner {
  var interval: TimeInterval
  /// The child that syncs.
  private var child: ChildRunner
  /// When the next sync is due; nil while there is no CalDAV source.
  private(set) var due: Date?
  /// A sync asked for while one was at work, started when it ends.
  private var asked = false
  /// Time spent suspended as of the last look (CLOCK_BOOTTIME counts it, CLOCK_MONOTONIC
  /// does not: clock_gettime(2)).
  private var suspended: TimeInterval

  /// - Parameter budget: how long a sync may run: past the limits the sync keeps itself to (a
  ///   server's 60 seconds and a password command's 2 minutes, for one source), so that only a
  ///   hang reaches it.
  init(
    program: String?, database: String, variables: [String: String], interval: Int,
    budget: Duration = .seconds(300)
  ) {
    child = ChildRunner(
      program: program, database: database, command: ["sync", "--quiet"], variables: variables,
      budget: budget, name: "chulbal-sync")
    self.interval = TimeInterval(interval)
    suspended = Self.suspendedSeconds()
  }

  var isRunning: Bool { child.isRunning }

  /// Notes whether there is a CalDAV source to sync: the first one found is synced at once
  /// when `now` is the watch's start, else after an interval (`source add` has just synced it).
  mutating func hasSources(_ any: Bool, now: Date, starting: Bool) {
    if !any {
      due = nil
    } else if due == nil {
      due = starting ? now : now.addingTimeInterval(interval)
    }
  }

  /// Whether the machine was suspended since the last call: the boot clock has run ahead of
  /// the monotonic one.
  mutating func resumed() -> Bool {
    let now = Self.suspendedSeconds()
    defer { suspended = now }
    return now - suspended >= 2
  }

  /// Asks for a sync now (a resume, a clock change), if there are sources.
  mutating func ask(now: Date) {
    guard due != nil else { return }
    due = now
  }

  /// Reaps a finished sync and starts one that is due.
  ///
  /// - Parameter log: says one line in the watch's log.
  mutating func step(now: Date, log: (String) -> Void) {
    if child.isRunning {
      switch child.reap() {
      case nil:
        if let due, due <= now { asked = true }
        return
      case .killed:
        log("동기화가 \(child.budgetText) 안에 끝나지 않아 멈췄습니다")
      case .exited(let status, let output, let errors):
        report(status: status, output: output, errors: errors, log: log)
      }
      if asked {
        asked = false
        due = now
      }
    }
    guard let due, due <= now else { return }
    self.due = now.addingTimeInterval(interval)
    do {
      try child.start()
    } catch {
      log("동기화를 시작하지 못했습니다: \(error.description)")
    }
  }

  /// When the watch must wake for the syncs: the next one due, or soon while one is at work,
  /// in case it ends without writing the database.
  func wake(now: Date) -> Date? {
    if child.isRunning { return now.addingTimeInterval(5) }
    return due
  }

  /// Says what an ended sync printed: its summary when it changed something, or why it
  /// failed.
  private func report(status: Int32, output: [String], errors: [String], log: (String) -> Void) {
    // The import's summary and what the departures calendar got, on one line; the import's
    // notes (appointments without coordinates and the like) are for a person at `sync`.
    let summary =
      output.prefix(1) + output.dropFirst().filter { $0.hasPrefix(ServerSync.DeparturesPush.label) }
    if !summary.isEmpty { log("동기화: " + summary.joined(separator: "; ")) }
    guard status != 0 else { return }
    log(
      "동기화하지 못했습니다 (상태 \(status)): "
        + (errors.isEmpty ? "아무 말이 없습니다" : errors.joined(separator: "; ")))
  }

  /// Removes the output files; a sync at work is left to finish and write.
  func close() { child.close() }

  private static func suspendedSeconds() -> TimeInterval {
    var boot = timespec()
    var monotonic = timespec()
    clock_gettime(CLOCK_BOOTTIME, &boot)
    clock_gettime(CLOCK_MONOTONIC, &monotonic)
    return TimeInterval(boot.tv_sec - monotonic.tv_sec)
      + TimeInterval(boot.tv_nsec - monotonic.tv_nsec) / 1e9
  }
}
