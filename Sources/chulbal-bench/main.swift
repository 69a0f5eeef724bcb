import ChulbalCore
import ChulbalSystem
import Foundation

// Korean full-format strings per call, four ways side by side in one run.
// Prints a table (or JSON with --json); never asserts. Build with -c release.

if let index = CommandLine.arguments.firstIndex(of: "--watch-replan"),
  index + 1 < CommandLine.arguments.count
{
  benchWatchReplan(path: CommandLine.arguments[index + 1])
  exit(0)
}

if CommandLine.arguments.contains("--ics") {
  benchICalendar(arguments: CommandLine.arguments)
  exit(0)
}

if CommandLine.arguments.contains("--recurrence") {
  benchRecurrence(arguments: CommandLine.arguments)
  exit(0)
}

if let index = CommandLine.arguments.firstIndex(of: "--make-data"),
  index + 2 < CommandLine.arguments.count, let count = Int(CommandLine.arguments[index + 1])
{
  // --make-data N DIR [--series M [--stale-days D]]
  func number(after flag: String) -> Int {
    guard let at = CommandLine.arguments.firstIndex(of: flag), at + 1 < CommandLine.arguments.count
    else { return 0 }
    guard let value = Int(CommandLine.arguments[at + 1]) else {
      benchFail("\(flag) needs a number")
    }
    return value
  }
  makeBenchData(
    count: count, folder: CommandLine.arguments[index + 2], series: number(after: "--series"),
    staleDays: number(after: "--stale-days"))
  exit(0)
}

// --alternate ROUNDS --helper PEAK_RSS --run LABEL PROGRAM ARG… --run LABEL PROGRAM ARG…
if let index = CommandLine.arguments.firstIndex(of: "--alternate"),
  index + 1 < CommandLine.arguments.count, let rounds = Int(CommandLine.arguments[index + 1])
{
  var programs: [(label: String, argv: [String])] = []
  var helper: String?
  var words = CommandLine.arguments[(index + 2)...]
  if words.first == "--helper", words.count > 1 {
    helper = words.dropFirst().first
    words = words.dropFirst(2)
  }
  for word in words {
    if word == "--run" {
      programs.append(("", []))
    } else if let last = programs.indices.last {
      if programs[last].label.isEmpty {
        programs[last].label = word
      } else {
        programs[last].argv.append(word)
      }
    }
  }
  guard let helper, !programs.isEmpty, programs.allSatisfy({ !$0.argv.isEmpty }) else {
    print(
      "usage: chulbal-bench --alternate ROUNDS --helper PEAK_RSS --run LABEL PROGRAM [ARG…] --run …"
    )
    exit(2)
  }
  benchAlternate(rounds: rounds, warmup: max(2, rounds / 10), helper: helper, programs: programs)
  exit(0)
}

let json = CommandLine.arguments.contains("--json")
guard let zone = TimeZone(identifier: "Asia/Seoul"),
  let ourZone = benchZones.zone(named: "Asia/Seoul")
else {
  benchFail("this machine has no Asia/Seoul zone")
}
let pattern = KoreanDateFormat.Pattern.full.rawValue
let korean = Locale(identifier: "ko_KR")

// 2026-01-01T00:00Z ..< 2028-01-01T00:00Z, scattered by the golden ratio (a Weyl sequence):
// evenly over the two years and in no order, and the same instants every run.
let spread = (0..<4096).map { index in
  let fraction = (Double(index) * 0.618_033_988_749_894_9).truncatingRemainder(dividingBy: 1)
  return Date(timeIntervalSince1970: 1_767_225_600 + fraction * 63_072_000)
}
let countdownStart = Date(timeIntervalSince1970: 1_796_014_800)
let consecutive = (0..<4096).map { countdownStart.addingTimeInterval(Double($0)) }

/// Median nanoseconds per call over `rounds` rounds of `perRound` calls.
func measure(
  rounds: Int, perRound: Int, instants: [Date], _ body: (Date) -> String
) -> Double {
  var sink = 0
  var samples: [Double] = []
  let clock = ContinuousClock()
  var index = 0
  for _ in 0..<rounds {
    let elapsed = clock.measure {
      for _ in 0..<perRound {
        sink &+= body(instants[index & 4095]).utf8.count
        index &+= 1
      }
    }
    let (seconds, attoseconds) = elapsed.components
    samples.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(perRound))
  }
  if sink == 42 { print("") }  // Keeps the work observable to the optimizer.
  samples.sort()
  return samples[samples.count / 2]
}

func fresh(_ date: Date) -> String {
  let formatter = DateFormatter()
  formatter.locale = korean
  formatter.timeZone = zone
  formatter.dateFormat = pattern
  return formatter.string(from: date)
}

let cachedFormatter = DateFormatter()
cachedFormatter.locale = korean
cachedFormatter.timeZone = zone
cachedFormatter.dateFormat = pattern

var style = Date.FormatStyle(locale: korean, timeZone: zone)
  .month(.defaultDigits).day(.defaultDigits).weekday(.abbreviated).hour(
    .defaultDigits(amPM: .abbreviated)
  )
  .minute(.twoDigits)

let ours = KoreanDateFormat(timeZone: ourZone)

struct Row {
  let name: String
  let key: String
  let spread: Double
  let consecutive: Double
}

let rows = [
  Row(
    name: "DateFormatter, new per call", key: "fresh",
    spread: measure(rounds: 21, perRound: 200, instants: spread, fresh),
    consecutive: measure(rounds: 21, perRound: 200, instants: consecutive, fresh)),
  Row(
    name: "DateFormatter, cached", key: "cached",
    spread: measure(rounds: 41, perRound: 5000, instants: spread) {
      cachedFormatter.string(from: $0)
    },
    consecutive: measure(rounds: 41, perRound: 5000, instants: consecutive) {
      cachedFormatter.string(from: $0)
    }),
  Row(
    name: "Date.FormatStyle", key: "formatstyle",
    spread: measure(rounds: 41, perRound: 5000, instants: spread) { $0.formatted(style) },
    consecutive: measure(rounds: 41, perRound: 5000, instants: consecutive) { $0.formatted(style) }),
  Row(
    name: "chulbal KoreanDateFormat", key: "chulbal",
    spread: measure(rounds: 101, perRound: 50_000, instants: spread) { ours.full($0) },
    consecutive: measure(rounds: 101, perRound: 50_000, instants: consecutive) { ours.full($0) }),
]

let cached = rows[1]
let chulbal = rows[3]
if json {
  let fields = rows.map { "\"\($0.key)\": \(String(format: "%.1f", $0.spread))" }
  let consecutiveFields = rows.map {
    "\"\($0.key)\": \(String(format: "%.1f", $0.consecutive))"
  }
  print(
    """
    { "format_ns": { \(fields.joined(separator: ", ")) }, \
    "format_ns_consecutive_seconds": { \(consecutiveFields.joined(separator: ", ")) }, \
    "speedup_vs_cached": \(String(format: "%.1f", cached.spread / chulbal.spread)) }
    """)
} else {
  print("Korean full format 'M월 d일 (E) a h:mm', Asia/Seoul — median ns per call")
  print(
    "sample: \(ours.full(spread[0]))  (DateFormatter: \(cachedFormatter.string(from: spread[0])))")
  print("")
  func column(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
  print(column("approach", 30) + column("2026–2027 spread", 20) + "consecutive seconds")
  for row in rows {
    print(
      column(row.name, 30) + column(String(format: "%10.1f", row.spread), 20)
        + String(format: "%10.1f", row.consecutive))
  }
  print("")
  print(
    String(
      format: "chulbal vs cached DateFormatter: %.1f× (spread), %.1f× (consecutive)",
      cached.spread / chulbal.spread, cached.consecutive / chulbal.consecutive))
}
