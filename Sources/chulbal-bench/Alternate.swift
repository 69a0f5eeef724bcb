import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one run of a program cost: wall time from fork to exit, and its peak resident set as
/// the kernel accounts it (`wait4`'s `ru_maxrss`).
struct RunCost {
  let milliseconds: Double
  let peakKilobytes: Int
  let status: Int32
}

/// Runs `argv` once through `helper` (contrib/bench/peak-rss.c), a small forking process, since a
/// child starts with its parent's peak RSS.
func runOnce(_ argv: [String], helper: String, environment: [String: String]) -> RunCost {
  let output = NSTemporaryDirectory() + "peak-rss-\(getpid()).txt"
  let arguments = ([helper, output] + argv).map { strdup($0) } + [nil]
  let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    arguments.forEach { free($0) }
    variables.forEach { free($0) }
  }
  var pid: pid_t = 0
  let spawned = posix_spawn(&pid, helper, nil, nil, arguments, variables)
  guard spawned == 0 else {
    benchFail("cannot run \(helper): \(String(cString: strerror(spawned)))")
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  guard status == 0, let text = try? String(contentsOfFile: output, encoding: .utf8) else {
    benchFail("\(helper) failed for \(argv.joined(separator: " ")) (status \(status))")
  }
  let fields = text.split(separator: " ").compactMap {
    Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
  }
  guard fields.count == 3 else { benchFail("\(helper) wrote '\(text)', not three numbers") }
  return RunCost(
    milliseconds: Double(fields[0]) / 1000, peakKilobytes: fields[1], status: Int32(fields[2]))
}

/// Medians and spread of several programs run in turn (A B C A B C …), so a noisy neighbour slows
/// all alike. One line per program: median ms, 10th–90th percentile, peak RSS, and the per-round
/// ratio of the first program's time to this one's (median, 10th–90th percentile).
func benchAlternate(
  rounds: Int, warmup: Int, helper: String, programs: [(label: String, argv: [String])]
) {
  let environment = ProcessInfo.processInfo.environment
  var costs = Array(repeating: [RunCost](), count: programs.count)
  for round in 0..<(warmup + rounds) {
    for (index, program) in programs.enumerated() {
      let cost = runOnce(program.argv, helper: helper, environment: environment)
      if round == 0 && cost.status != 0 {
        print(
          "\(program.label): exit status \(cost.status >> 8) (\(program.argv.joined(separator: " ")))"
        )
      }
      if round >= warmup { costs[index].append(cost) }
    }
  }
  func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
  }
  func f(_ value: Double) -> String { String(format: value < 10 ? "%.2f" : "%.1f", value) }
  for (index, program) in programs.enumerated() {
    let times = costs[index].map(\.milliseconds)
    let peak = Double(costs[index].map(\.peakKilobytes).max() ?? 0) / 1024
    var line =
      "\(program.label): median \(f(percentile(times, 0.5))) ms "
      + "(p10–p90 \(f(percentile(times, 0.1)))–\(f(percentile(times, 0.9)))), "
      + "peak RSS \(String(format: "%.1f", peak)) MB"
    if index > 0 {
      let ratios = zip(costs[0], costs[index]).map { $0.milliseconds / $1.milliseconds }
      line +=
        ", \(programs[0].label) ÷ \(program.label) \(String(format: "%.2f", percentile(ratios, 0.5)))× "
        + "(p10–p90 \(String(format: "%.2f", percentile(ratios, 0.1)))–"
        + "\(String(format: "%.2f", percentile(ratios, 0.9))))"
    }
    print(line)
  }
}

/// Says what went wrong on standard error, in one line, and ends the benchmark with status 1.
func benchFail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("chulbal-bench: \(message)\n".utf8))
  exit(1)
}
