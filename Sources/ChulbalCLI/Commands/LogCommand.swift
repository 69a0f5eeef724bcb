import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import FoundationEssentials

/// `chulbal log`: what the watch did with each alert of the last days.
enum LogCommand: Command {
  static let name = "log"
  static let summary = "최근 알림 기록을 봅니다 (보냄, 놓침, 미룸)"
  static let usage = ["chulbal log [--days N] [--json]"]
  static let about = """
    watch가 최근 며칠(기본 7일) 동안 알림마다 한 일을 새것부터 보여 줍니다: 언제 어느 방식으로
    보냈는지, 절전 따위로 놓쳤는지, 미뤘는지, '출발했어요'로 늦음 알림을 그쳤는지.
    """
  static let days = OptionSpec("--days", value: "N", help: "며칠 치를 볼지 (1~3650, 기본 7)")
  static let options: [OptionSpec] = [
    days, OptionSpec.timeZone.help("시각을 보여 줄 시간대 (기본: 시스템 시간대)"), .now, .database, .json,
  ]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    var dayCount = 7
    if let text = options[days] {
      guard let value = Int(text), (1...3650).contains(value) else {
        throw ParseError.invalidNumber(option: days.name, text, accepted: "1~3650")
      }
      dayCount = value
    }
    let zone = try environment.timeZone(option: options[.timeZone])
    let now = try options.clock(environment, timeZone: zone).now()
    let since = now.addingTimeInterval(-TimeInterval(dayCount) * 86_400)
    let entries = try options.store(environment, access: .reading)?.alertLog(since: since) ?? []
    let format = KoreanDateFormat(timeZone: zone)
    if options.has(.json) {
      return .success(
        JSONValue.array(
          entries.map { entry in
            var members: [(String, JSONValue)] = [
              ("appointment_id", .integer(entry.id.appointmentID)), ("title", .string(entry.title)),
              ("kind", .string(entry.kind.rawValue)),
              ("lead_minutes", .minutes(seconds: entry.id.leadSeconds)),
              ("due", .string(format.iso8601(entry.id.due))),
              ("outcome", .string(entry.outcome.name)),
              ("recorded_at", .string(format.iso8601(entry.recordedAt))),
            ]
            if case .delivered(let backend) = entry.outcome, !backend.isEmpty {
              members.append(("backend", .string(backend)))
            }
            if case .snoozed(let until) = entry.outcome {
              members.append(("snoozed_until", .string(format.iso8601(until))))
            }
            return JSONValue.object(members)
          }
        ).rendered())
    }
    guard !entries.isEmpty else {
      return .success(
        "최근 \(dayCount)일 동안 알림 기록이 없습니다. 알림은 chulbal watch가 보냅니다 "
          + "(systemctl --user enable --now chulbal-watch)\n")
    }
    let rows = entries.map { entry -> [String] in
      // `출발했어요` is kept under the start, where no notice is due; it happened when pressed.
      let alert =
        entry.outcome == .acknowledged
        ? "\(format.time(entry.recordedAt)) (출발했어요)"
        : "\(format.time(entry.id.due)) (\(Alert.name(kind: entry.kind, leadSeconds: entry.id.leadSeconds)))"
      return [
        format.full(entry.recordedAt, seenAt: now),
        "#\(entry.id.appointmentID) \(TextCleaning.visible(entry.title))", alert,
        outcomeText(entry.outcome, format: format),
      ]
    }
    return .success(TerminalText.table([["기록", "약속", "알림", "결과"]] + rows))
  }

  static func outcomeText(_ outcome: AlertOutcome, format: KoreanDateFormat) -> String {
    switch outcome {
    case .claimed: "보내는 중 (끝나지 않음)"
    case .delivered(let backend): backend.isEmpty ? "보냄" : "보냄 (\(backend))"
    case .missed: "놓침"
    case .snoozed(let until): "미룸 → \(format.time(until))"
    case .acknowledged: "늦음 알림 그침"
    }
  }
}
