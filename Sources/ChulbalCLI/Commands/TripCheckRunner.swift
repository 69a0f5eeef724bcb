import ChulbalCore
import FoundationEssentials

/// The watch's trip checks: `chulbal trip check --quiet` run as a child process
/// (``ChildRunner``) at each `route.recheck` lead before a provider trip's departure
/// (``TripRecheck/nextCheck(departures:leads:lastCheck:now:)``), so that a slow or hung
/// service never holds up an alert. The check writes the database, which wakes the watch to
/// plan again and to tell of the change. With no provider trip nothing runs and nothing wakes
/// the watch.
struct TripCheckRunner {
  /// `route.recheck`.
  var leads: [Int]
  private var child: ChildRunner
  /// When this watch last started a check; nil before its first.
  private(set) var lastCheck: Date?

  /// - Parameter budget: how long a check may run: each provider is bounded by
  ///   `route.timeout`, so only a hang, or very many trips at once, reaches it.
  init(
    program: String?, database: String, variables: [String: String], leads: [Int],
    budget: Duration = .seconds(120)
  ) {
    child = ChildRunner(
      program: program, database: database, command: ["trip", "check", "--quiet"],
      variables: variables, budget: budget, name: "chulbal-trip-check")
    self.leads = leads
  }

  var isRunning: Bool { child.isRunning }

  /// Reaps a finished check and starts one that is due for `departures` (the provider trips'
  /// planned departures).
  ///
  /// - Parameter log: says one line in the watch's log.
  mutating func step(now: Date, departures: [Date], log: (String) -> Void) {
    if child.isRunning {
      switch child.reap() {
      case nil:
        return
      case .killed:
        log("길찾기를 다시 묻는 일이 \(child.budgetText) 안에 끝나지 않아 멈췄습니다")
      case .exited(let status, let output, let errors):
        // What moved, and each provider passed over (the trip then stays as it was).
        if status == 0 {
          for line in output + errors { log("길찾기를 다시 물음: \(line)") }
        } else {
          log(
            "길찾기를 다시 묻지 못했습니다 (상태 \(status)): "
              + (errors.isEmpty ? "아무 말이 없습니다" : errors.joined(separator: "; ")))
        }
      }
    }
    guard
      let due = TripRecheck.nextCheck(
        departures: departures, leads: leads, lastCheck: lastCheck, now: now),
      due <= now
    else { return }
    lastCheck = now
    do {
      try child.start()
    } catch {
      log("길찾기를 다시 묻지 못했습니다: \(error.description)")
    }
  }

  /// When the watch must wake for the checks: the next one due, or soon while one is at work,
  /// in case it ends without writing the database.
  func wake(now: Date, departures: [Date]) -> Date? {
    if child.isRunning { return now.addingTimeInterval(5) }
    return TripRecheck.nextCheck(
      departures: departures, leads: leads, lastCheck: lastCheck, now: now)
  }

  /// Removes the output files; a check at work is left to finish and write.
  func close() { child.close() }
}
