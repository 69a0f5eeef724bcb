import ChulbalCore
import ChulbalNotify
import FoundationEssentials

/// `chulbal notify --test`: one notice through the chain, to see which backend shows it.
enum NotifyCommand: Command {
  static let name = "notify"
  static let summary = "시험 알림을 보내 어떤 방식으로 가는지 봅니다"
  static let usage = ["chulbal notify --test [--json]"]
  static let about = """
    watch와 같은 순서(설정 notify.backends)로 시험 알림을 하나 보내고, 어느 방식이 보냈는지와
    걸린 시간을 알려 줍니다. 앞의 방식이 안 되면 왜 안 되는지도 씁니다.
    """
  static let test = OptionSpec("--test", help: "시험 알림을 보냅니다")
  static let options: [OptionSpec] = [test, .database, .json]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    guard options.has(test) else {
      throw ParseError.missingOption("--test", command: name, example: "chulbal notify --test")
    }
    let settings = try options.store(environment, access: .reading)?.settings() ?? .defaults
    let notifiers = NotifierSet(settings: settings, environment: environment)
    defer { notifiers.close() }
    let notice = Notice(
      key: 0, summary: "chulbal 시험 알림", body: "이 알림이 보이면 출발 알림도 이렇게 옵니다",
      urgency: .normal)
    let started = ContinuousClock.now
    let result = notifiers.chain.deliver(notice)
    let (seconds, attoseconds) = (ContinuousClock.now - started).components
    let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
    if options.has(.json) {
      let failures = result.failures.map { failure in
        JSONValue.object([
          ("backend", .string(failure.backend)), ("reason", .string(failure.reason)),
        ])
      }
      return Outcome(
        standardOutput: JSONValue.object([
          ("delivered_by", result.deliveredBy.map(JSONValue.string) ?? .null),
          ("milliseconds", .number((milliseconds * 10).rounded() / 10)),
          ("backends", .array(notifiers.chain.backends.map { .string($0.name) })),
          ("failures", .array(failures)),
        ]).rendered(),
        exitCode: result.deliveredBy == nil ? Outcome.failureExitCode : 0)
    }
    guard let backend = result.deliveredBy else {
      throw RuntimeFailure.notDelivered(result.failures.map(\.message))
    }
    let skipped = result.failures.map { "  \($0.backend): \($0.reason)\n" }.joined()
    let shown = milliseconds.decimalText(places: 1)
    return .success(
      "\(backend)\(Korean.directionParticle(after: backend)) 보냈습니다 (\(shown)ms)\n"
        + (skipped.isEmpty ? "" : "앞에서 안 된 방식:\n" + skipped))
  }
}
