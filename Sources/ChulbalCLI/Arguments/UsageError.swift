import ChulbalCore

/// Something wrong with how chulbal was called; always exit status 2.
enum UsageError: Error, Equatable {
  case unknownCommand(String, suggestion: String?)
  case unknownOption(String, command: String, suggestion: String?)
  case missingValue(option: String)
  case unexpectedValue(option: String)
  case repeatedOption(String)
  case unexpectedArgument(String, command: String)
  case missingOption(String, command: String, example: String)
  case invalidValue(option: String, InputError)
  case conflict(String)
  case environment(variable: String, InputError)
  case unknownSetting(String, suggestion: String?)
  case unknownAppointment(String)
  case ambiguousAppointment(String, matches: [String])
  case unknownPlace(String)
  case duplicatePlace(String)
  case needsConfirmation(String)

  var message: String {
    switch self {
    case .unknownCommand(let name, let suggestion):
      return "알 수 없는 명령 '\(name)'" + Self.hint(suggestion) + " (명령 목록: chulbal --help)"
    case .unknownOption(let name, let command, let suggestion):
      return "\(command)에 없는 옵션 '\(name)'" + Self.hint(suggestion)
        + " (옵션 목록: chulbal \(command) --help)"
    case .missingValue(let option):
      return "'\(option)' 옵션에 값이 없습니다"
    case .unexpectedValue(let option):
      return "'\(option)' 옵션은 값을 받지 않습니다"
    case .repeatedOption(let option):
      return "'\(option)' 옵션이 두 번 있습니다"
    case .unexpectedArgument(let word, let command):
      return "\(command)는 '\(word)' 같은 인수를 받지 않습니다 (옵션 목록: chulbal \(command) --help)"
    case .missingOption(let option, let command, let example):
      return "\(command)에는 '\(option)' 옵션이 필요합니다, 예: \(example)"
    case .invalidValue(let option, let error):
      return "\(option): \(error)"
    case .conflict(let message):
      return message
    case .environment(let variable, let error):
      return "환경 변수 \(variable): \(error)"
    case .unknownSetting(let key, let suggestion):
      return "알 수 없는 설정 '\(key)'" + Self.hint(suggestion)
        + " (설정: \(Settings.Key.allCases.map(\.rawValue).joined(separator: ", ")))"
    case .unknownAppointment(let selector):
      return "약속 '\(selector)'이(가) 없습니다 (목록: chulbal list --all)"
    case .ambiguousAppointment(let selector, let matches):
      return "'\(selector)'(으)로 시작하는 약속이 여럿입니다: \(matches.joined(separator: ", ")) — 번호로 고르세요"
    case .unknownPlace(let name):
      return "저장된 장소 '\(name)'이(가) 없습니다 (목록: chulbal place list; 좌표는 '37.5,127.0'처럼)"
    case .duplicatePlace(let name):
      return "장소 '\(name)'은(는) 이미 있습니다 (바꾸려면 먼저 chulbal place remove \(name))"
    case .needsConfirmation(let what):
      return "\(what)을(를) 확인할 터미널이 없습니다; 정말 지우려면 '--yes'를 붙이세요"
    }
  }

  private static func hint(_ suggestion: String?) -> String {
    suggestion.map { " — 혹시 '\($0)'?" } ?? ""
  }
}

/// The closest of `candidates` to a mistyped word, if one is close enough to be a typo.
func suggestion(for word: String, among candidates: [String]) -> String? {
  let scored = candidates.map { ($0, editDistance(word, $0)) }
  guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else {
    return nil
  }
  return best.0
}

/// Levenshtein distance between two words.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  var previous = Array(0...b.count)
  for (i, ca) in a.enumerated() {
    var current = [i + 1]
    for (j, cb) in b.enumerated() {
      current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
    }
    previous = current
  }
  return previous[b.count]
}
