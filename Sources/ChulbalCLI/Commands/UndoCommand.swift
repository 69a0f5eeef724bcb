import ChulbalCore
import ChulbalStore

/// `chulbal undo`: reverses the last `remove`, `edit`, `import` or `place` change.
enum UndoCommand: Command {
  static let name = "undo"
  static let summary = "마지막 변경을 되돌립니다"
  static let usage = ["chulbal undo"]
  static let about = """
    remove, edit, import, place add·edit·remove로 바꾼 것 가운데 마지막 하나를 되돌립니다.
    한 번만 되돌릴 수 있고, 되돌린 것을 다시 되돌리지는 않습니다. 서버에서도 지운 약속
    (remove --on-server)은 되돌릴 수 없습니다.
    """
  static let options: [OptionSpec] = [.database]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    guard let store = try options.store(environment, access: .writing),
      let record = try store.undo()
    else { throw RuntimeFailure.nothingToUndo }
    let zone = try environment.timeZone(option: nil)
    let when = KoreanDateFormat(timeZone: zone).full(
      record.recordedAt, seenAt: environment.clock.now())
    return .success("되돌렸습니다: \(TextCleaning.visible(record.summary)) (\(when)에 한 변경)\n")
  }
}
