import ChulbalCalendar
import ChulbalCore
import ChulbalSystem
import Foundation

/// The next occurrence of a series through libical, for series started yesterday and ten
/// years ago, beside the walk over all ten years that RecurrenceSet.startOfWalk avoids;
/// median microseconds per call, each series made once before it is timed.
///
/// `--recurrence once KIND [TIMES]` asks one question once (or TIMES times), to be counted
/// under a profiler: the difference between two counts is the cost of the calls between.
func benchRecurrence(arguments: [String]) {
  // 2026-12-01T08:00+09:00; the series run at 07:30 in Seoul.
  let now = Date(timeIntervalSince1970: 1_796_079_600)
  let tenYearsAgo = CivilDate(year: 2016, month: 12, day: 1)
  func series(_ rule: String, from date: CivilDate) -> RecurrenceSet {
    guard let parsed = try? RecurrenceRule.parse(rule),
      let set = try? RecurrenceSet(
        rule: parsed, firstStart: WallTime(date: date, hour: 7, minute: 30),
        timeZone: "Asia/Seoul", zones: benchZones)
    else { benchFail("cannot make the series \(rule)") }
    return set
  }
  let recent = series("FREQ=DAILY", from: CivilDate(year: 2026, month: 11, day: 30))
  let daily = series("FREQ=DAILY", from: tenYearsAgo)
  let weekly = series("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", from: tenYearsAgo)
  let monthly = series(
    "FREQ=MONTHLY;BYMONTHDAY=-1", from: CivilDate(year: 2016, month: 12, day: 31))
  let questions: [(key: String, name: String, ask: () -> Int)] = [
    ("yesterday", "daily, started yesterday", { next(recent) }),
    ("daily", "daily, started 10 years ago", { next(daily) }),
    ("weekly", "weekly ×2 MO,TH, started 10 years ago", { next(weekly) }),
    ("monthly", "monthly on the last day, started 10 years ago", { next(monthly) }),
    (
      "walk", "walk: all 3,653 daily occurrences since 2016",
      {
        daily.occurrences(from: Date(timeIntervalSince1970: 1_480_500_000), to: now).count
      }
    ),
  ]
  func next(_ set: RecurrenceSet) -> Int {
    Int(set.nextOccurrence(after: now)?.timeIntervalSince1970 ?? 0)
  }

  if let index = arguments.firstIndex(of: "once"), index + 1 < arguments.count {
    guard let question = questions.first(where: { $0.key == arguments[index + 1] }) else {
      benchFail("--recurrence once takes \(questions.map(\.key).joined(separator: ", "))")
    }
    let times = index + 2 < arguments.count ? Int(arguments[index + 2]) ?? 1 : 1
    var sink = 0
    for _ in 0..<times { sink &+= question.ask() }
    print(sink)
    return
  }

  func median(rounds: Int = 31, perRound: Int, _ body: () -> Int) -> Double {
    var sink = 0
    var samples: [Double] = []
    let clock = ContinuousClock()
    for _ in 0..<rounds {
      let elapsed = clock.measure { for _ in 0..<perRound { sink &+= body() } }
      let (seconds, attoseconds) = elapsed.components
      samples.append((Double(seconds) * 1e6 + Double(attoseconds) / 1e12) / Double(perRound))
    }
    if sink == 42 { print("") }  // Keeps the work observable to the optimizer.
    samples.sort()
    return samples[samples.count / 2]
  }

  print("next occurrence after 2026-12-01 08:00 KST, Asia/Seoul — median µs per call (31 rounds)")
  for question in questions {
    let microseconds = median(perRound: question.key == "walk" ? 5 : 1000, question.ask)
    print(
      question.name.padding(toLength: 50, withPad: " ", startingAt: 0)
        + String(format: "%10.1f", microseconds))
  }
}
