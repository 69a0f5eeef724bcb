import ChulbalCore

/// How chulbal was called, read before any command looks at its input: unknown command or option, a
/// missing or wrong-kind value, a word too many. Like swift-argument-parser's `ParserError`; exit
/// status 2, nothing written.
enum ParseError: UsageError, Equatable {
  case unknownCommand(String, suggestion: String?)
  /// An option the command does not have; `command` nil for the options before any command.
  case unknownOption(String, command: String?, suggestion: String?)
  case missingValue(option: String)
  case unexpectedValue(option: String)
  case repeatedOption(String)
  case unexpectedArgument(String, command: String)
  case missingOption(String, command: String, example: String)
  /// A word the command needs, such as an appointment's number, was not given.
  case missingArgument(String, command: String, example: String)
  case invalidValue(option: String, InputError)
  /// A value not among an option's choices; `noun` names what they are (`지도`).
  case invalidChoice(option: String, value: String, accepted: [String], noun: String? = nil)
  case environment(variable: String, InputError)
  /// An argument that is not UTF-8, shown with its bad bytes as `\xFF`.
  case invalidEncoding(String)
  /// An environment variable a path comes from that is not UTF-8, shown as `\xFF`.
  case undecodableVariable(String, shown: String)
  /// A whole number outside what the option takes, such as `--days 0`.
  case invalidNumber(option: String, String, accepted: String)
  /// A time the shell split into words for want of quotes (`--at 내일 저녁 7시`), whole.
  case splitTime(option: String, String)

  var message: String {
    switch self {
    case .unknownCommand(let name, let suggestion):
      return "알 수 없는 명령 '\(name)'" + suggestionHint(suggestion) + " (명령 목록: chulbal --help)"
    case .unknownOption(let name, let command, let suggestion):
      let help = ["chulbal", command, "--help"].compactMap { $0 }.joined(separator: " ")
      return "\(command ?? "chulbal")에 없는 옵션 '\(name)'" + suggestionHint(suggestion)
        + " (옵션 목록: \(help))"
    case .missingValue(let option):
      return "'\(option)' 옵션에 값이 없습니다"
    case .unexpectedValue(let option):
      return "'\(option)' 옵션은 값을 받지 않습니다"
    case .repeatedOption(let option):
      return "'\(option)' 옵션이 두 번 있습니다"
    case .unexpectedArgument(let word, let command):
      return
        "\(command)\(Korean.topicParticle(after: command)) '\(word)' 같은 인수를 받지 않습니다 (옵션 목록: chulbal \(command) --help)"
    case .missingOption(let option, let command, let example):
      return "\(command)에는 '\(option)' 옵션이 필요합니다. 예: \(example)"
    case .missingArgument(let name, let command, let example):
      return "\(command)에는 \(name)\(Korean.subjectParticle(after: name)) 필요합니다. 예: \(example)"
    case .invalidValue(let option, let error):
      return "\(option): \(error)"
    case .invalidChoice(let option, let value, let accepted, let noun):
      let topic = "\(option): '\(value)'\(Korean.topicParticle(after: value))"
      let list = "(\(accepted.joined(separator: ", ")) 중 하나)"
      if let noun { return "\(topic) 지원하지 않는 \(noun)입니다 \(list)" }
      return "\(topic) 쓸 수 없습니다 \(list)"
    case .environment(let variable, let error):
      return "환경 변수 \(variable): \(error)"
    case .invalidEncoding(let shown):
      return
        "인수 '\(shown)'\(Korean.subjectParticle(after: shown)) UTF-8이 아닙니다 (텍스트와 '--db' 경로는 UTF-8로 주세요)"
    case .undecodableVariable(let name, let shown):
      return
        "환경 변수 \(name)의 값 '\(shown)'\(Korean.subjectParticle(after: shown)) UTF-8이 아닙니다 (경로는 UTF-8로 주거나 '--db 파일'을 쓰세요)"
    case .splitTime(let option, let text):
      return "\(option)에 시각이 여러 낱말로 나뉘었습니다. 따옴표로 묶어 주세요: \(option) '\(text)'"
    case .invalidNumber(let option, let text, let accepted):
      return
        "'\(option)'의 값 '\(text)'\(Korean.subjectParticle(after: text)) 잘못되었습니다 (\(accepted)의 정수)"
    }
  }
}
