import ChulbalCore

/// What `plan`, `countdown` and `nav` refuse in the trip they were given: no travel time and
/// no route to estimate one, options that do not go together, an estimate past a week; and a
/// remembered trip `trip forget` cannot find.
///
/// Always exit status 2, nothing written.
enum TripError: UsageError, Equatable {
  /// `plan` with neither `--travel` nor a route.
  case planNeedsTravel
  /// `plan --from` without `--to`, or the other way round.
  case incompleteRoute
  /// `plan --travel` with `--from`, `--to` or `--mode`.
  case travelWithRoute
  /// An appointment named by `word` together with an ad-hoc `--at`.
  case selectorWithAt(String)
  /// `countdown --travel`, `--buffer` or `--tz` without `--at`.
  case needsAt(option: String)
  /// A travel estimate past the week that typed durations are held to.
  case estimateTooLong(seconds: Int)
  /// `plan --from 0,0` or `--to 0,0`: the coordinate that means "none", given for a route.
  case unknownCoordinate(option: String)
  /// `trip forget` of a word that is no remembered trip's number.
  case unknownTrip(String)

  var message: String {
    switch self {
    case .planNeedsTravel:
      return "이동 시간이 없습니다: '--travel 35m'처럼 주거나, '--from 위도,경도 --to 위도,경도'로 추정하세요 "
        + "(이동이 없으면 '--travel 0')"
    case .incompleteRoute:
      return "이동 시간을 추정하려면 '--from'과 '--to'를 함께 주세요"
    case .travelWithRoute:
      return "'--travel'을 주면 '--from', '--to', '--mode'는 쓰지 않습니다 (둘 중 하나만)"
    case .selectorWithAt(let word):
      return "'--at'을 주면 약속 번호('\(word)')는 쓰지 않습니다"
    case .needsAt(let option):
      return
        "'\(option)'\(Korean.topicParticle(after: option)) '--at'과 함께 씁니다 (저장한 약속은 chulbal edit로 바꾸세요)"
    case .estimateTooLong(let seconds):
      return "추정한 이동 시간(\(KoreanDuration.text(seconds: seconds)))이 일주일보다 깁니다: "
        + "좌표를 확인하거나 '--travel 2h'처럼 이동 시간을 주세요"
    case .unknownCoordinate(let option):
      return "'\(option) 0,0'은 좌표가 없다는 뜻입니다: 실제 좌표를 주거나 '--travel 35m'처럼 이동 시간을 주세요"
    case .unknownTrip(let word):
      return
        "기억한 이동 '\(word)'\(Korean.subjectParticle(after: word)) 없습니다 (번호는 chulbal trip list로 봅니다)"
    }
  }
}
