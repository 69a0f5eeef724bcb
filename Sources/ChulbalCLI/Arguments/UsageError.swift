import ChulbalCore

/// Something wrong with how chulbal was called; always exit status 2, nothing written.
enum UsageError: Error, Equatable {
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
  /// A value that is not one of a fixed list.
  /// A value not among those an option takes; `noun` names what they are (`지도`), for a
  /// message that says the value is not one of them.
  case invalidChoice(option: String, value: String, accepted: [String], noun: String? = nil)
  case environment(variable: String, InputError)
  case unknownSetting(String, suggestion: String?)
  case unknownAppointment(String)
  case ambiguousAppointment(String, matches: [String])
  /// A saved place named where a place or a coordinate may be given (`--from`).
  case unknownPlace(String)
  /// A saved place named where only a saved place will do (`place remove`).
  case unknownSavedPlace(String)
  /// Neither a coordinate nor a saved place, where either will do (`--coord`, `plan --to`).
  case neitherCoordinateNorPlace(option: String, String)
  case duplicatePlace(String)
  /// `place edit --rename` onto the name of another place.
  case placeNameTaken(String)
  case needsConfirmation(String)
  case emptyTitle
  /// No travel time for `add`/`edit`, and no coordinate (or no origin) to estimate one from.
  /// No travel time and nothing to estimate it from; `place` is the `--place` that named no
  /// saved place, `hasPlaces` whether any place is saved (then none is the default).
  case noTravel(missingDestination: Bool, place: String? = nil, hasPlaces: Bool = false)
  /// `plan` with neither `--travel` nor a route.
  case planNeedsTravel
  /// `plan --from` without `--to`, or the other way round.
  case incompleteRoute
  /// `plan --travel` with `--from`, `--to` or `--mode`.
  case travelWithRoute
  case allWithPast
  /// `remove --on-server` of an appointment not read from a CalDAV calendar.
  case notFromServer(String)
  /// `remove --on-server` of one instance of a calendar's series (an RDATE start or a moved
  /// instance read on its own), which is not a resource of its own on the server.
  case instanceOnServer(String)
  /// `remove --on-server --on DAY`.
  case onServerWithOn
  case bigWithPlain
  case followWithNow
  /// An appointment named by `word` together with an ad-hoc `--at`.
  case selectorWithAt(String)
  /// An appointment named by `word` together with an ad-hoc `--to`/`--coord`.
  case selectorWithDestination(String)
  /// `countdown --travel`, `--buffer` or `--tz` without `--at`.
  case needsAt(option: String)
  /// `nav --to` without a name or a coordinate.
  case noDestination
  /// A travel estimate past the week that typed durations are held to.
  case estimateTooLong(seconds: Int)
  /// `plan --from 0,0` or `--to 0,0`: the coordinate that means "none", given for a route.
  case unknownCoordinate(option: String)
  /// `nav --provider tmap` for a place with no coordinate: TMAP has no search by name.
  case tmapNeedsCoordinate
  /// `nav --app` without `--qr`, which is all it changes.
  case appWithoutQR
  /// `nav --qr --all`: a QR code holds one link, `--all` lists many.
  case qrWithAll
  /// `nav --qr --json`: the drawing after the JSON would make it unreadable to a program.
  case qrWithJSON
  /// `nav --open --all`: one link is opened, `--all` lists many.
  case openWithAll
  /// An argument that is not UTF-8, shown with its bad bytes as `\xFF`.
  case invalidEncoding(String)
  /// An environment variable a path comes from that is not UTF-8, shown as `\xFF`.
  case undecodableVariable(String, shown: String)
  /// `--at` names a time already past, without `--past`; `afternoon` is the reading still
  /// ahead, if one is.
  case pastStart(String, afternoon: String?)
  /// `edit` or `place edit` with nothing to change; the options that change something, and a
  /// command line that changes one.
  case nothingToEdit([String], example: String = "chulbal edit 3 --at 19:30")
  /// A whole number outside what the option takes, such as `--days 0`.
  case invalidNumber(option: String, String, accepted: String)
  /// A program for `notify.command` that cannot be run.
  case unrunnableCommand(String, reason: String)
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
  /// A calendar file or folder `import` cannot read: its own words, with the file and line.
  case calendar(String)
  /// `source add` of a name or a path kept already.
  case duplicateSource(String)
  /// `source add` of a feed with an option only a CalDAV account takes.
  case notForFeeds(String)
  /// `import` of a URL instead of a file.
  case importOfAddress(String)
  /// `source remove` of a name no source has.
  case unknownSource(String)
  /// `source remove` of a source with appointments, without a terminal to ask on and with
  /// neither `--yes` nor `--keep`.
  case sourceNeedsConfirmation(String, count: Int)
  /// `source add` of a URL that is not http, https, webcal or webcals.
  case notCalDAVAddress(String)
  /// `source add` of a URL with a user name or password in it; shown with them removed.
  case credentialsInAddress(String)
  /// `--password-command` failed or printed nothing.
  case passwordCommand(PasswordCommand.Failure)
  /// `--departures` naming a calendar `--calendar` also reads.
  case departuresAlsoRead(String)
  /// `source add` without `--name`, where the name taken from the file, the folder or the
  /// host (`from`: `폴더 이름`) cannot name a source, and why.
  case unusableSourceName(String, from: String, reason: String)
  /// `--calendar` naming no calendar the server has; with the names it has.
  case unknownCalendars([String], found: [String])
  /// `sync` of a name no CalDAV source or feed has; with the names there are.
  case unknownServerSource(String, names: [String])
  /// `--ca-file` that cannot be read.
  case unreadableFile(option: String, path: String, reason: String)

  var message: String {
    switch self {
    case .notCalDAVAddress(let text):
      return
        "'\(text)'\(Korean.topicParticle(after: text)) 캘린더 주소가 아닙니다 (http://, https:// 또는 webcal://로 시작하는 주소)"
    case .credentialsInAddress(let shown):
      return "주소에 사용자 이름이나 비밀번호를 넣지 마세요 ('\(shown)'): --user와 --password-command를 쓰세요"
    case .passwordCommand(let failure):
      return failure.message
    case .departuresAlsoRead(let name):
      let quoted = "'\(name)'"
      return
        "\(quoted)\(Korean.topicParticle(after: quoted)) 가져올 캘린더(--calendar)이면서 출발 캘린더(--departures)일 수 "
        + "없습니다. 출발은 따로 둔 캘린더에 올리세요 (예: --departures 출발)"
    case .unusableSourceName(let name, let origin, let reason):
      return "\(origin) '\(name)'\(Korean.objectParticle(after: name)) 출처 이름으로 쓸 수 없습니다: \(reason) "
        + "(--name으로 다른 이름을 주세요, 예: --name 업무)"
    case .unknownCalendars(let names, let found):
      let list = names.map { "'\($0)'" }.joined(separator: ", ")
      return "서버에 \(list) 캘린더가 없습니다 (있는 캘린더: \(found.joined(separator: ", ")))"
    case .unknownServerSource(let name, let names):
      let list = names.isEmpty ? "없음" : names.joined(separator: ", ")
      return "동기화할 출처 '\(name)'\(Korean.subjectParticle(after: name)) 없습니다 (CalDAV 서버와 피드: \(list))"
    case .unreadableFile(let option, let path, let reason):
      return "\(option) '\(path)'\(Korean.objectParticle(after: path)) 읽을 수 없습니다: \(reason)"
    case .calendar(let message):
      return message
    case .notForFeeds(let option):
      return "\(option)\(Korean.topicParticle(after: option)) CalDAV 서버에만 씁니다: 피드는 캘린더 하나이고 읽기만 합니다"
    case .importOfAddress(let text):
      return "'\(text)'\(Korean.topicParticle(after: text)) 파일이 아니라 주소입니다. "
        + "서버의 캘린더나 피드는 등록해서 가져오세요: chulbal source add '\(text)'"
    case .duplicateSource(let name):
      return "출처 '\(name)'\(Korean.topicParticle(after: name)) 이미 있습니다 (목록: chulbal source list)"
    case .sourceNeedsConfirmation(let name, let count):
      return "터미널이 아니라서 물어볼 수 없습니다. 출처 '\(name)'에서 가져온 약속 \(count)개도 지우려면 --yes, "
        + "남기려면 --keep을 붙이세요"
    case .unknownSource(let name):
      return "출처 '\(name)'\(Korean.subjectParticle(after: name)) 없습니다 (목록: chulbal source list)"
    case .unknownCommand(let name, let suggestion):
      return "알 수 없는 명령 '\(name)'" + Self.hint(suggestion) + " (명령 목록: chulbal --help)"
    case .unknownOption(let name, let command, let suggestion):
      let help = ["chulbal", command, "--help"].compactMap { $0 }.joined(separator: " ")
      return "\(command ?? "chulbal")에 없는 옵션 '\(name)'" + Self.hint(suggestion)
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
    case .nothingToEdit(let options, let example):
      return
        "바꿀 것이 없습니다. \(options.joined(separator: ", ")) 가운데 하나 이상을 주세요 (예: \(example))"
    case .pastStart(let shown, let afternoon):
      return "이미 지난 시각입니다: \(shown)"
        + (afternoon.map { " (오후라면 '\($0)')" } ?? "")
        + ". 지난 약속으로 남기려면 --past를 붙이세요"
    case .invalidNumber(let option, let text, let accepted):
      return
        "'\(option)'의 값 '\(text)'\(Korean.subjectParticle(after: text)) 잘못되었습니다 (\(accepted)의 정수)"
    case .needsRepeat(let option):
      return
        "'\(option)'\(Korean.topicParticle(after: option)) --repeat와 함께만 씁니다 (예: --repeat weekly \(option) \(option == "--count" ? "10" : "\"12월 31일\""))"
    case .notASeries(let label):
      return
        "\(label)\(Korean.topicParticle(after: label)) 반복 약속이 아닙니다 (--on은 반복 약속의 회차 하나를 고를 때 씁니다)"
    case .noOccurrence(let text, let day, let series, let next):
      let coming = next.isEmpty ? "남은 회차가 없습니다" : "다음 회차: " + next.joined(separator: ", ")
      return "--on '\(text)': \(series)에는 \(day)에 회차가 없습니다 (\(coming))"
    case .occurrenceTaken(let text, let series, let start):
      return
        "--at '\(text)': \(series)에는 \(start)에 이미 회차가 있습니다 (다른 시각을 주거나, 그 회차를 먼저 remove --on으로 건너뛰세요)"
    case .occurrenceNeedsAt(let option):
      guard let option else {
        return "edit --on에는 회차를 옮길 --at이 필요합니다 (예: --on \"12월 8일\" --at \"오후 8시\")"
      }
      return
        "edit --on은 회차의 시각(--at)만 바꿉니다; '\(option)'\(Korean.topicParticle(after: option)) --on 없이 반복 전체에 주세요"
    case .untilWithCount:
      return "--until과 --count는 함께 쓸 수 없습니다 (끝나는 날짜나 횟수 중 하나만)"
    case .repeatTwice(let at, let word):
      return
        "--at '\(at)'에 반복이 이미 있어 --repeat '\(word)'\(Korean.objectParticle(after: word)) 함께 쓸 수 없습니다 (둘 중 하나만 주세요)"
    case .untilBeforeStart(let text, let start):
      return "--until '\(text)': 첫 약속(\(start))보다 앞선 날입니다 (첫 약속 날이나 그 뒤의 날짜를 주세요)"
    case .unrunnableCommand(let program, let reason):
      return
        "notify.command의 프로그램 '\(program)'\(Korean.objectParticle(after: program)) 실행할 수 없습니다: \(reason)"
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
    case .unknownSetting(let key, let suggestion):
      return "알 수 없는 설정 '\(key)'" + Self.hint(suggestion)
        + " (설정: \(Settings.Key.allCases.map(\.rawValue).joined(separator: ", ")))"
    case .unknownAppointment(let selector):
      return
        "약속 '\(selector)'\(Korean.subjectParticle(after: selector)) 없습니다 (목록: chulbal list --all)"
    case .ambiguousAppointment(let selector, let matches):
      return
        "'\(selector)'\(Korean.directionParticle(after: selector)) 시작하는 약속이 여럿입니다: \(matches.joined(separator: ", ")) — 번호로 고르세요"
    case .unknownPlace(let name):
      return
        "저장된 장소 '\(name)'\(Korean.subjectParticle(after: name)) 없습니다 (목록: chulbal place list; 좌표는 '37.5,127.0'처럼)"
    case .unknownSavedPlace(let name):
      return "저장된 장소 '\(name)'\(Korean.subjectParticle(after: name)) 없습니다 (목록: chulbal place list)"
    case .neitherCoordinateNorPlace(let option, let text):
      return
        "\(option): '\(text)'\(Korean.topicParticle(after: text)) 좌표도 저장된 장소도 아닙니다 (좌표는 '37.5,127.0'처럼; 목록: chulbal place list)"
    case .duplicatePlace(let name):
      return
        "장소 '\(name)'\(Korean.topicParticle(after: name)) 이미 있습니다 (바꾸려면: chulbal place edit \(name) --coord 위도,경도)"
    case .placeNameTaken(let name):
      return
        "장소 '\(name)'\(Korean.topicParticle(after: name)) 이미 있습니다: 다른 이름을 주세요 (그 장소를 지우려면: chulbal place remove \(name))"
    case .needsConfirmation(let what):
      return "터미널이 아니라서 확인할 수 없습니다. 지우려면 --yes를 붙이세요: \(what)"
    case .emptyTitle:
      return "제목이 비어 있습니다, 예: chulbal add \"저녁 약속\" --at …"
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
        : "출발지('--from 집' 또는 기본 장소)를 주면 추정합니다 (기본 장소: \(defaultPlace))"
      return "이동 시간을 정할 수 없습니다: '--travel 30m'처럼 주거나, \(missing)"
    case .planNeedsTravel:
      return "이동 시간이 없습니다: '--travel 35m'처럼 주거나, '--from 위도,경도 --to 위도,경도'로 추정하세요 "
        + "(이동이 없으면 '--travel 0')"
    case .incompleteRoute:
      return "이동 시간을 추정하려면 '--from'과 '--to'를 함께 주세요"
    case .travelWithRoute:
      return "'--travel'을 주면 '--from', '--to', '--mode'는 쓰지 않습니다 (둘 중 하나만)"
    case .allWithPast:
      return "'--all'과 '--past'는 함께 쓸 수 없습니다"
    case .notFromServer(let what):
      return
        "'\(what)'\(Korean.topicParticle(after: what)) CalDAV 캘린더에서 가져온 약속이 아니라서 서버에서 지울 수 없습니다 "
        + "(--on-server 없이 지우면 이 컴퓨터에서 지웁니다)"
    case .onServerWithOn:
      return "'--on-server'와 '--on'은 함께 쓸 수 없습니다 (회차 하나는 서버에서 따로 지울 수 없습니다)"
    case .instanceOnServer(let what):
      return "'\(what)'\(Korean.topicParticle(after: what)) 반복 일정의 회차 하나라서 서버에서 따로 지울 수 없습니다. "
        + "캘린더 앱에서 지우세요"
    case .bigWithPlain:
      return "'--big'과 '--plain'은 함께 쓸 수 없습니다 (--plain은 한 줄씩 씁니다)"
    case .followWithNow:
      return "'--follow'는 실제 시계를 따르므로 '--now'와 함께 쓸 수 없습니다"
    case .selectorWithAt(let word):
      return "'--at'을 주면 약속 번호('\(word)')는 쓰지 않습니다"
    case .selectorWithDestination(let word):
      return "'--to'/'--coord'를 주면 약속 번호('\(word)')는 쓰지 않습니다"
    case .needsAt(let option):
      return
        "'\(option)'\(Korean.topicParticle(after: option)) '--at'과 함께 씁니다 (저장한 약속은 chulbal edit로 바꾸세요)"
    case .noDestination:
      return "목적지의 이름도 좌표도 없습니다: '--to 이름 --coord 위도,경도'를 주세요"
    case .estimateTooLong(let seconds):
      return "추정한 이동 시간(\(KoreanDuration.text(seconds: seconds)))이 일주일보다 깁니다: "
        + "좌표를 확인하거나 '--travel 2h'처럼 이동 시간을 주세요"
    case .unknownCoordinate(let option):
      return "'\(option) 0,0'은 좌표가 없다는 뜻입니다: 실제 좌표를 주거나 '--travel 35m'처럼 이동 시간을 주세요"
    case .tmapNeedsCoordinate:
      return "티맵 링크에는 목적지 좌표가 필요합니다 (티맵에는 이름 검색 링크가 없습니다): '--coord 위도,경도'를 주거나 다른 지도를 고르세요"
    case .appWithoutQR:
      return "'--app'은 '--qr'과 함께 씁니다 (QR 코드에 https 대신 앱 링크를 담습니다)"
    case .qrWithAll:
      return "'--qr'과 '--all'은 함께 쓸 수 없습니다 (QR 코드에는 링크 하나만 담습니다)"
    case .qrWithJSON:
      return "'--qr'과 '--json'은 함께 쓸 수 없습니다 (QR 코드를 JSON 뒤에 그리면 JSON이 깨집니다)"
    case .openWithAll:
      return "'--open'은 '--all'과 함께 쓸 수 없습니다 (여는 링크는 하나입니다)"
    case .invalidEncoding(let shown):
      return
        "인수 '\(shown)'\(Korean.subjectParticle(after: shown)) UTF-8이 아닙니다 (텍스트와 '--db' 경로는 UTF-8로 주세요)"
    case .undecodableVariable(let name, let shown):
      return
        "환경 변수 \(name)의 값 '\(shown)'\(Korean.subjectParticle(after: shown)) UTF-8이 아닙니다 (경로는 UTF-8로 주거나 '--db 파일'을 쓰세요)"
    }
  }

  private static func hint(_ suggestion: String?) -> String {
    suggestion.map { " — 혹시 '\($0)'?" } ?? ""
  }
}

/// The closest of `candidates` to a mistyped word, if one is close enough to be a typo.
///
/// A difference of letter case alone counts as closer than any other edit, so `-v` suggests
/// `-V` rather than `-h`.
func suggestion(for word: String, among candidates: [String]) -> String? {
  let scored = candidates.map {
    ($0, editDistance(word.lowercased(), $0.lowercased()), editDistance(word, $0))
  }
  guard let best = scored.min(by: { ($0.1, $0.2) < ($1.1, $1.2) }),
    best.2 <= max(2, word.count / 3)
  else {
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
