import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalSystem
import Foundation

/// The watch's re-plan, timed: what `watch` does when another process changes the store
/// (read the upcoming appointments and the alert log, decide, find the next wake), over the
/// database at `path`, as the median and spread of `rounds` steps.
func benchWatchReplan(path: String, rounds: Int = 30) {
  guard
    let store = try? Store.openOrCreate(
      path: path, expander: .libical(benchZones), zones: benchZones)
  else {
    print("cannot open \(path)")
    return
  }
  let count = (try? store.appointmentCount) ?? 0
  var watcher = Watcher(
    lateCapSeconds: 600, snoozeSeconds: 300, zoneNamed: { benchZones.zone(named: $0) },
    wording: { due, now in
      AlertNotice.notice(
        for: due, now: now, timeZone: .gmt,
        ownZone: benchZones.zone(named: due.appointment.timeZone), link: nil, snoozeSeconds: 300)
    },
    delivery: { $0.map { _ in ("bench", []) } })
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<rounds {
    let elapsed = clock.measure { _ = try? watcher.tick(now: Date(), journal: store) }
    let (seconds, attoseconds) = elapsed.components
    samples.append(Double(seconds) * 1e3 + Double(attoseconds) / 1e15)
  }
  samples.sort()
  let median = samples[samples.count / 2]
  print(
    "watch re-plan over \(count) appointments: median \(String(format: "%.1f", median)) ms, "
      + "min \(String(format: "%.1f", samples[0])) ms, max \(String(format: "%.1f", samples[samples.count - 1])) ms "
      + "(\(rounds) steps)")
}
