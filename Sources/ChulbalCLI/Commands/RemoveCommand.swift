import ChulbalCore
import ChulbalStore

/// `chulbal remove ID…`: deletes appointments, after asking.
enum RemoveCommand: Command {
  static let name = "remove"
  static let summary = "약속을 지웁니다"
  static let operands: [WordKind] = [.appointment]
  static let repeatsLastOperand = true
  static let usage = ["chulbal remove 번호|제목… [--yes]"]
  static let about = """
    약속을 지웁니다. 터미널에서는 먼저 묻고, 입력이 터미널이 아니면 --yes가 있어야 지웁니다.
    여럿을 주면 모두 한 번에 지우거나 하나도 지우지 않습니다.
    """
  static let yes = OptionSpec("--yes", short: "-y", help: "묻지 않고 지웁니다")
  static let options: [OptionSpec] = [yes, .database]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    guard !options.positionals.isEmpty else {
      throw UsageError.missingArgument("약속 번호나 제목", command: name, example: "chulbal remove 3")
    }
    let store = try options.store(environment, access: .writing)
    var chosen: [Appointment] = []
    for selector in options.positionals {
      let appointment = try AppointmentSelector.find(selector, in: store)
      if !chosen.contains(where: { $0.id == appointment.id }) { chosen.append(appointment) }
    }
    let labels = chosen.map { "#\($0.id) \($0.title)" }
    if !options.has(yes) {
      let what = labels.joined(separator: ", ")
      guard environment.isInteractive else { throw UsageError.needsConfirmation(what) }
      guard environment.confirm("\(TextCleaning.visible(what)) — 지울까요?") else {
        throw RuntimeFailure.notRemoved
      }
    }
    _ = try store?.delete(ids: chosen.map(\.id))
    return .success(labels.map { "\(TextCleaning.visible($0)) — 지웠습니다\n" }.joined())
  }
}
