import ChulbalCore

/// What `import`, `sync` and the `source` commands refuse in what they were given: a calendar
/// that cannot be read, an address or a name that cannot be a source, a source that is not there.
///
/// Always exit status 2, nothing written.
enum SourceError: UsageError, Equatable {
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
  /// `--departures` naming a calendar that holds events chulbal did not write (`foreign` of
  /// them): chulbal would write its departures among the person's own.
  case departuresNotEmpty(String, foreign: Int)
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
    case .calendar(let message):
      return message
    case .duplicateSource(let name):
      return "캘린더 '\(name)'\(Korean.topicParticle(after: name)) 이미 있습니다 (목록: chulbal source list)"
    case .notForFeeds(let option):
      return "\(option)\(Korean.topicParticle(after: option)) CalDAV 서버에만 씁니다: 피드는 캘린더 하나이고 읽기만 합니다"
    case .importOfAddress(let text):
      return "'\(text)'\(Korean.topicParticle(after: text)) 파일이 아니라 주소입니다. "
        + "서버의 캘린더나 피드는 등록해서 가져오세요: chulbal source add '\(text)'"
    case .unknownSource(let name):
      return "캘린더 '\(name)'\(Korean.subjectParticle(after: name)) 없습니다 (목록: chulbal source list)"
    case .sourceNeedsConfirmation(let name, let count):
      return "터미널이 아니라서 물어볼 수 없습니다. 캘린더 '\(name)'에서 가져온 약속 \(count)개도 지우려면 --yes, "
        + "남기려면 --keep을 붙이세요"
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
    case .departuresNotEmpty(let name, let foreign):
      return "'\(name)' 캘린더에 chulbal이 쓰지 않은 일정이 \(foreign)개 있어 출발 캘린더(--departures)로 쓸 수 "
        + "없습니다. 출발은 빈 캘린더에 올리세요: 서버에 없는 이름을 주면 새로 만듭니다 (예: --departures 출발)"
    case .unusableSourceName(let name, let origin, let reason):
      return
        "\(origin) '\(name)'\(Korean.objectParticle(after: name)) 캘린더 이름으로 쓸 수 없습니다: \(reason) "
        + "(--name으로 다른 이름을 주세요, 예: --name 업무)"
    case .unknownCalendars(let names, let found):
      let list = names.map { "'\($0)'" }.joined(separator: ", ")
      return "서버에 \(list) 캘린더가 없습니다 (있는 캘린더: \(found.joined(separator: ", ")))"
    case .unknownServerSource(let name, let names):
      let list = names.isEmpty ? "없음" : names.joined(separator: ", ")
      return
        "동기화할 캘린더 '\(name)'\(Korean.subjectParticle(after: name)) 없습니다 (CalDAV 서버와 피드: \(list))"
    case .unreadableFile(let option, let path, let reason):
      return "\(option) '\(path)'\(Korean.objectParticle(after: path)) 읽을 수 없습니다: \(reason)"
    }
  }
}
