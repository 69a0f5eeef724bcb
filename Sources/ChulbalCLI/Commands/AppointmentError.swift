import ChulbalCore

/// What `add`, `edit`, `remove` and the commands that name an appointment refuse in what they
/// were given: an empty title, no way to know the travel, a start already past, an appointment
/// or an occurrence that is not there, a repetition that cannot be.
///
/// Always exit status 2, nothing written.
enum AppointmentError: UsageError, Equatable {
  /// No appointment is numbered or titled so; `suggestion` is a title a typo away.
  case unknownAppointment(String, suggestion: String? = nil)
  /// Several titles start with the word, or, when `contained`, hold it.
  case ambiguousAppointment(String, matches: [String], contained: Bool = false)
  case emptyTitle
  /// No travel time and nothing to estimate it from; `place` is the `--place` that named no
  /// saved place, `hasPlaces` whether any place is saved (then none is the default).
  case noTravel(missingDestination: Bool, place: String? = nil, hasPlaces: Bool = false)
  /// `--at` names a time already past, without `--past`; `afternoon` is the reading still
  /// ahead, if one is.
  case pastStart(String, afternoon: String?)
  /// `--until` or `--count` without `--repeat`.
  case needsRepeat(option: String)
  /// `--until` with `--count`: RFC 5545 allows one end.
  case untilWithCount
  /// `--repeat` with an `--at` that repeats already (`매주 화요일 7시`).
  case repeatTwice(at: String, repeat: String)
  /// `--on` for an appointment that does not repeat.
  case notASeries(String)
  /// `--on` naming a day the series has no occurrence on; its next occurrences.
  case noOccurrence(String, day: String, series: String, next: [String])
  /// `edit --on` without `--at`, or with an option that changes more than the start.
  case occurrenceNeedsAt(option: String?)
  /// `edit --on … --at T` where another occurrence of the series starts at `T` already.
  case occurrenceTaken(String, series: String, start: String)
  /// `--until` naming a day before the series' first start.
  case untilBeforeStart(String, start: String)
  /// `remove --on-server` of an appointment not read from a CalDAV calendar.
  case notFromServer(String)
  /// `remove --on-server` of one instance of a calendar's series (an RDATE start or a moved
  /// instance read on its own), which is not a resource of its own on the server.
  case instanceOnServer(String)
  /// `remove --on-server --on DAY`.
  case onServerWithOn
  /// `add` of a title at a time that already has it, with no terminal to ask and no `--yes`.
  case duplicate(String)
  /// `--end` and `--for` together.
  case endWithLength
  /// `--end` before the start.
  case endBeforeStart(String, start: String)

  var message: String {
    switch self {
    case .endWithLength:
      return "'--end'와 '--for'는 함께 쓸 수 없습니다 (끝나는 시각이나 길이 중 하나만 주세요)"
    case .endBeforeStart(let end, let start):
      return "끝나는 시각이 시작보다 앞섭니다: \(end) (시작: \(start))"
    case .notFromServer(let what):
      return "'\(what)'\(Korean.topicParticle(after: what)) CalDAV 캘린더에서 가져온 약속이 아니라서 "
        + "서버에서 지울 수 없습니다 (--on-server 없이 지우면 이 컴퓨터에서 지웁니다)"
    case .duplicate(let what):
      return "같은 약속이 이미 있습니다: \(what). 그래도 추가하려면 --yes를 붙이세요"
    case .onServerWithOn:
      return "'--on-server'와 '--on'은 함께 쓸 수 없습니다 (회차 하나는 서버에서 따로 지울 수 없습니다)"
    case .instanceOnServer(let what):
      return "'\(what)'\(Korean.topicParticle(after: what)) 반복 일정의 회차 하나라서 "
        + "서버에서 따로 지울 수 없습니다. 캘린더 앱에서 지우세요"
    case .unknownAppointment(let selector, let suggestion):
      return
        "약속 '\(selector)'\(Korean.subjectParticle(after: selector)) 없습니다 (목록: chulbal list --all)"
        + suggestionHint(suggestion)
    case .ambiguousAppointment(let selector, let matches, let contained):
      let which =
        contained
        ? "'\(selector)'\(Korean.subjectParticle(after: selector)) 들어간"
        : "'\(selector)'\(Korean.directionParticle(after: selector)) 시작하는"
      return "\(which) 약속이 여럿입니다: \(matches.joined(separator: ", ")) — 번호로 고르세요"
    case .emptyTitle:
      return "제목이 비어 있습니다. 예: chulbal add \"저녁 약속\" --at …"
    case .noTravel(let missingDestination, let place, let hasPlaces):
      if missingDestination, let place {
        return "이동 시간을 정할 수 없습니다: '\(place)'\(Korean.topicParticle(after: place)) 저장된 장소가 "
          + "아니라서 좌표가 없습니다. '--travel 30m'처럼 주거나 '--coord 위도,경도'를 주세요 "
          + "(저장된 장소: chulbal place list)"
      }
      // Only a missing origin is helped by a default place.
      let defaultPlace =
        hasPlaces
        ? "chulbal place edit 이름 --default" : "chulbal place add 집 --coord 위도,경도 --default"
      let missing =
        missingDestination
        ? "도착지 좌표('--coord 위도,경도')나 저장된 장소('--place 회사')를 주면 추정합니다"
        : "출발지('--from 집' 또는 기본 출발지)를 주면 추정합니다 (기본 출발지 정하기: \(defaultPlace))"
      return "이동 시간을 정할 수 없습니다: '--travel 30m'처럼 주거나, \(missing)"
    case .pastStart(let shown, let afternoon):
      return "이미 지난 시각입니다: \(shown)"
        + (afternoon.map { " (오후라면 '\($0)')" } ?? "")
        + ". 지난 약속으로 남기려면 --past를 붙이세요"
    case .needsRepeat(let option):
      return
        "'\(option)'\(Korean.topicParticle(after: option)) --repeat와 함께만 씁니다 (예: --repeat weekly \(option) \(option == "--count" ? "10" : "\"12월 31일\""))"
    case .untilWithCount:
      return "--until과 --count는 함께 쓸 수 없습니다 (끝나는 날짜나 횟수 중 하나만)"
    case .repeatTwice(let at, let word):
      return
        "--at '\(at)'에 반복이 이미 있어 --repeat '\(word)'\(Korean.objectParticle(after: word)) 함께 쓸 수 없습니다 (둘 중 하나만 주세요)"
    case .notASeries(let label):
      return
        "\(label)\(Korean.topicParticle(after: label)) 반복 약속이 아닙니다 (--on은 반복 약속의 회차 하나를 고를 때 씁니다)"
    case .noOccurrence(let text, let day, let series, let next):
      let coming = next.isEmpty ? "남은 회차가 없습니다" : "다음 회차: " + next.joined(separator: ", ")
      return "--on '\(text)': \(series)에는 \(day)에 회차가 없습니다 (\(coming))"
    case .occurrenceNeedsAt(let option):
      guard let option else {
        return "edit --on에는 회차를 옮길 --at이 필요합니다 (예: --on \"12월 8일\" --at \"오후 8시\")"
      }
      return
        "edit --on은 회차의 시각(--at)만 바꿉니다. '\(option)'\(Korean.topicParticle(after: option)) --on 없이 반복 전체에 주세요"
    case .occurrenceTaken(let text, let series, let start):
      return
        "--at '\(text)': \(series)에는 \(start)에 이미 회차가 있습니다 (다른 시각을 주거나, 그 회차를 먼저 remove --on으로 건너뛰세요)"
    case .untilBeforeStart(let text, let start):
      return "--until '\(text)': 첫 약속(\(start))보다 앞선 날입니다 (첫 약속 날이나 그 뒤의 날짜를 주세요)"
    }
  }
}
