import ChulbalCore

/// What the other commands refuse in what they were given, each named by the command: options
/// that do not go together, a setting that is not there, nothing to change, a removal that
/// needs a yes.
///
/// Always exit status 2, nothing written.
enum ValidationError: UsageError, Equatable {
  case unknownSetting(String, suggestion: String?)
  case needsConfirmation(String)
  case allWithPast
  case bigWithPlain
  case followWithNow
  /// `edit` or `place edit` with nothing to change; the options that change something, and a
  /// command line that changes one.
  case nothingToEdit([String], example: String = "chulbal edit 3 --at 19:30")
  /// A program for `notify.command` that cannot be run.
  case unrunnableCommand(String, reason: String)

  var message: String {
    switch self {
    case .unknownSetting(let key, let suggestion):
      return "알 수 없는 설정 '\(key)'" + suggestionHint(suggestion) + " (목록: chulbal config get)"
    case .needsConfirmation(let what):
      return "터미널이 아니라서 확인할 수 없습니다. 지우려면 --yes를 붙이세요: \(what)"
    case .allWithPast:
      return "'--all'과 '--past'는 함께 쓸 수 없습니다"
    case .bigWithPlain:
      return "'--big'과 '--plain'은 함께 쓸 수 없습니다 (--plain은 한 줄씩 씁니다)"
    case .followWithNow:
      return "'--follow'는 실제 시계를 따르므로 '--now'와 함께 쓸 수 없습니다"
    case .nothingToEdit(let options, let example):
      return
        "바꿀 것이 없습니다. \(options.joined(separator: ", ")) 가운데 하나 이상을 주세요 (예: \(example))"
    case .unrunnableCommand(let program, let reason):
      return
        "notify.command의 프로그램 '\(program)'\(Korean.objectParticle(after: program)) 실행할 수 없습니다: \(reason)"
    }
  }
}
