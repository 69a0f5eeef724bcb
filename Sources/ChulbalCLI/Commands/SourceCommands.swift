import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import FoundationEssentials
import Glibc

/// `chulbal source add PATH [--name NAME]`, or a CalDAV account's URL with its sign-in
/// (`SourceAddCommand+CalDAV.swift`), or a feed's (`SourceAddCommand+Feed.swift`).
enum SourceAddCommand: Command {
  static let name = "source add"
  static let summary = "다시 읽을 캘린더(파일, 폴더, CalDAV 서버, 피드)를 등록합니다"
  static let usage = [
    "chulbal source add 경로 [--name 이름]",
    "chulbal source add URL [--user 이름] [--password-command 명령] [--calendar 이름]… "
      + "[--ca-file 파일] [--departures 캘린더] [--name 이름]",
  ]
  static let about = """
    chulbal import --sources가 다시 읽을 캘린더를 등록합니다. 등록할 때 한 번 읽어 보고, 읽을
    수 없으면 등록하지 않습니다. 이름을 주지 않으면 파일이나 폴더의 이름(.ics 빼고)입니다.
    돌고 있는 watch는 등록한 캘린더의 파일이나 폴더가 바뀔 때마다 다시 읽습니다.

    http:// 또는 https:// 주소를 주면 CalDAV 서버(Nextcloud, Radicale, Baïkal, Fastmail,
    iCloud 등)의 캘린더를 등록합니다. 주소에서 캘린더를 찾고 (/.well-known/caldav,
    RFC 6764), --calendar로 고른 캘린더를 (주지 않으면 모두) 오늘부터 가져옵니다. 그다음은
    chulbal sync와 watch가 바뀐 것만 가져옵니다. 비밀번호는 저장하지 않습니다:
    --password-command의 명령을 /bin/sh -c로 그때마다 실행해 첫 줄을 쓰고, 주지 않으면
    ~/.netrc를 씁니다. 인증서는 언제나 확인합니다 (사설 인증 기관은 --ca-file).
    이름을 주지 않으면 서버의 호스트 이름입니다.

    주소가 .ics로 끝나거나 webcal://로 시작하면 읽기만 하는 iCalendar 피드(Google 캘린더의
    비공개 iCal 주소, 학교·스포츠·공휴일 캘린더)로 보고, 찾기 전에 먼저 GET으로 받아
    봅니다. webcal://은 https://로 받습니다 (http로 받으려면 http://로 쓰세요). 다른
    주소에서 CalDAV 캘린더를 찾지 못하면 GET으로 받아 보고, iCalendar가 오면 피드로
    등록합니다. 피드의 이름은 --name을 주지 않으면 피드가 밝힌 이름(X-WR-CALNAME),
    없으면 호스트 이름입니다. --calendar와 --departures는 피드에 쓸 수 없습니다.
    """
  static let nameOption = OptionSpec(
    "--name", value: "이름", help: "캘린더 이름 (기본: 파일이나 폴더 이름, 서버의 호스트 이름)")
  static let user = OptionSpec("--user", value: "이름", help: "CalDAV: 로그인할 사용자 이름")
  static let passwordCommand = OptionSpec(
    "--password-command", value: "명령",
    help: "CalDAV: 비밀번호를 첫 줄에 출력하는 명령, 예: \"pass show dav/cloud\" (기본: ~/.netrc)")
  static let calendar = OptionSpec(
    "--calendar", value: "이름", repeats: true,
    help: "CalDAV: 가져올 캘린더의 표시 이름이나 주소의 마지막 부분. 여러 번 줄 수 있습니다 (기본: 모두)")
  static let caFile = OptionSpec(
    "--ca-file", value: "파일", kind: .file, help: "CalDAV: 믿을 인증 기관의 PEM 파일 (사설 인증서)")
  static let departures = OptionSpec(
    "--departures", value: "캘린더", help: "CalDAV: 출발 시각을 올릴 캘린더 (없으면 만듭니다), 예: 출발")
  static let serverOptions = [user, passwordCommand, calendar, caFile, departures]
  /// `--from` of `source add` and `source edit`.
  static let origin = OptionSpec(
    "--from", value: "장소|위도,경도", kind: .place,
    help: "이 캘린더의 약속이 출발하는 곳: 저장된 장소 이름이나 좌표, 예: 회사 (앞 약속의 장소가 먼저입니다)")
  static let options: [OptionSpec] = [nameOption, origin] + serverOptions + [.now, .database]
  static let operands: [WordKind] = [.file]
  static let epilogue = """
    예:
      chulbal source add ~/.calendars/work
      chulbal source add https://cloud.example.org/remote.php/dav/ --user alice \\
        --password-command "pass show dav/cloud" --calendar 업무
      chulbal source add webcal://example.org/school/calendar.ics --name 학교

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let given = try options.singlePositional("경로", example: "chulbal source add ~/.calendars/work")
    // Checked before anything is read or written; set once the source is kept.
    let reading = try options.store(environment, access: .reading)
    let from = try PlaceReference.read(options, origin).map { try $0.origin(in: reading) }
    let before = Set(try reading?.sources().map(\.name) ?? [])
    let outcome = try add(given, options, environment)
    guard let from, outcome.exitCode == 0 else { return outcome }
    let store = try options.writableStore(environment)
    for source in try store.sources() where !before.contains(source.name) {
      _ = try store.setOrigin(from, ofSource: source.name)
    }
    return outcome
  }

  private static func add(_ given: String, _ options: ParsedOptions, _ environment: Environment)
    throws -> Outcome
  {
    if given.contains("://") { return try addServer(given, options, environment) }
    if let server = serverOptions.first(where: { options[$0] != nil }) {
      throw ParseError.unexpectedArgument(server.name, command: name)
    }
    let path = ImportCommand.absolute(given)
    var base = URL(fileURLWithPath: path).lastPathComponent
    if base.lowercased().hasSuffix(".ics") { base = String(base.dropLast(4)) }
    let sourceName = try keptName(options, else: base, from: isFolder(path) ? "폴더 이름" : "파일 이름")
    try options.checkNow()
    let now = try options.clock(environment, timeZone: nil).now()
    _ = try ImportCommand.read(given, zones: environment.zones)
    let existing = try options.store(environment, access: .writing)
    if let taken = try existing?.sources().first(where: {
      $0.name == sourceName || $0.path == path
    }) {
      throw SourceError.duplicateSource(taken.name)
    }
    let store = try options.writableStore(environment, existing: existing)
    let source = CalendarSource(
      name: sourceName, path: path, kind: isFolder(path) ? .folder : .file, addedAt: now)
    guard try store.addSource(source) else { throw SourceError.duplicateSource(sourceName) }
    let shown = TextCleaning.visible(sourceName)
    return .success(
      "캘린더 '\(shown)'\(Korean.objectParticle(after: shown)) 등록했습니다 (\(TextCleaning.visible(path))). "
        + "가져오려면: chulbal import --sources\n")
  }
}

extension SourceAddCommand {
  /// The name to keep a source under: `--name`, else `derived`, the name of the file, folder
  /// or host (`from` says which, `폴더 이름`).
  ///
  /// - Throws: `UsageError` when the name is empty, holds a control character, or starts with
  ///   `-`, which `source remove` and `sync` would read as an option; one that was derived
  ///   says so and how to give `--name`.
  static func keptName(_ options: ParsedOptions, else derived: String, from origin: String)
    throws -> String
  {
    let given = options[nameOption]
    let name = given ?? derived
    guard let reason = problem(withSourceName: name) else { return name }
    guard given != nil else {
      throw SourceError.unusableSourceName(name, from: origin, reason: reason)
    }
    throw ParseError.invalidValue(option: nameOption.name, .sourceName(name, reason: reason))
  }

  /// Why `name` cannot name a source, or nil when it can.
  static func problem(withSourceName name: String) -> String? {
    if name.trimmingWhitespace().isEmpty { return "비어 있습니다" }
    if name.unicodeScalars.contains(where: TextCleaning.isControl) { return "제어 문자가 들어 있습니다" }
    if name.hasPrefix("-") { return "'-'로 시작해 옵션과 구분할 수 없습니다" }
    return nil
  }

  /// Whether `path` is a folder (following a symbolic link).
  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}

/// `chulbal source list [--json]`
enum SourceListCommand: Command {
  static let name = "source list"
  static let summary = "등록한 캘린더를 봅니다"
  static let usage = ["chulbal source list [--json]"]
  static let about = "등록한 캘린더의 종류, 경로나 주소, 마지막으로 잘 읽거나 동기화한 때, 가져온 일정 수와 건너뛴 일정 수, 마지막 오류를 보여 줍니다."
  static let options: [OptionSpec] = [.now, .database, .json]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    try options.checkNow()
    let zone = try environment.timeZone(option: nil)
    let now = try options.clock(environment, timeZone: zone).now()
    let sources = try options.store(environment, access: .reading)?.sources() ?? []
    if options.has(.json) {
      let format = KoreanDateFormat(timeZone: zone)
      return .success(
        JSONValue.array(
          sources.map { source in
            let place: (String, JSONValue) =
              source.kind.isServer
              ? ("url", .string(source.path)) : ("path", .string(source.path))
            var fields: [(String, JSONValue)] = [
              ("name", .string(source.name)), place, ("kind", .string(source.kind.rawValue)),
              ("last_read_at", source.lastReadAt.map { .string(format.iso8601($0)) } ?? .null),
              ("event_count", source.eventCount.map { .integer($0) } ?? .null),
              ("skipped_count", source.skippedCount.map { .integer($0) } ?? .null),
              ("last_error", source.lastError.map { .string($0) } ?? .null),
            ]
            if source.kind.isServer {
              fields += [
                ("user", source.user.map { .string($0) } ?? .null)
              ]
            }
            if source.kind == .caldav {
              fields.append(
                ("departures_url", source.departuresURL.map { .string($0) } ?? .null))
            }
            return .object(fields)
          }
        ).rendered())
    }
    guard !sources.isEmpty else {
      return .success("등록한 캘린더가 없습니다. 추가하려면: chulbal source add ~/.calendars/work\n")
    }
    let format = KoreanDateFormat(timeZone: zone)
    let rows = sources.map { source -> [String] in
      var events = source.eventCount.map { "\($0)개" } ?? ""
      if let skipped = source.skippedCount, skipped > 0 { events += " (건너뜀 \(skipped))" }
      return [
        source.name, kindLabel(source.kind), source.path,
        source.lastReadAt.map { format.full($0, seenAt: now) } ?? "읽은 적 없음",
        events,
        source.lastError.map { "오류: \($0)" } ?? "",
      ]
    }
    return .success(
      TerminalText.table([["이름", "종류", "경로·주소", "마지막으로 읽음", "일정", ""]] + rows))
  }

  static func kindLabel(_ kind: CalendarSource.Kind) -> String {
    switch kind {
    case .file: "파일"
    case .folder: "폴더"
    case .caldav: "CalDAV"
    case .feed: "피드"
    }
  }
}

/// `chulbal source edit NAME --from PLACE`
enum SourceEditCommand: Command {
  static let name = "source edit"
  static let summary = "등록한 캘린더의 출발지를 바꿉니다"
  static let usage = ["chulbal source edit 이름 --from 장소|위도,경도|none"]
  static let about = """
    이 캘린더에서 가져온 약속이 출발하는 곳을 정합니다: 회사 캘린더의 약속은 회사에서.
    앞 약속이 끝나고 곧 출발하면 (설정 origin.chain) 그 장소에서 출발하고, --from으로 출발지를
    준 약속은 그대로입니다. none이면 기본 출발지에서 출발합니다. 이미 가져온 약속의 이동 시간도
    다시 계산합니다.
    """
  static let options: [OptionSpec] = [SourceAddCommand.origin, .database]
  static let operands: [WordKind] = [.source(serverOnly: false)]
  static let epilogue = """
    예:
      chulbal source edit work --from 회사
      chulbal source edit work --from none

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let sourceName = try options.singlePositional(
      "캘린더 이름", example: "chulbal source edit work --from 회사")
    guard let text = options[SourceAddCommand.origin] else {
      throw ValidationError.nothingToEdit([SourceAddCommand.origin.name])
    }
    let clears = ["none", "없음"].contains(text.trimmingWhitespace().lowercased())
    let existing = try options.store(environment, access: .writing)
    guard let existing, try existing.sources().contains(where: { $0.name == sourceName }) else {
      throw SourceError.unknownSource(sourceName)
    }
    let from =
      clears
      ? nil : try PlaceReference.read(options, SourceAddCommand.origin)?.origin(in: existing)
    guard try existing.setOrigin(from, ofSource: sourceName) else {
      throw SourceError.unknownSource(sourceName)
    }
    let shown = TextCleaning.visible(sourceName)
    guard let from else {
      return .success("캘린더 '\(shown)'의 약속은 이제 기본 출발지에서 출발합니다\n")
    }
    let place = from.name.map(TextCleaning.visible) ?? AppointmentView.text(from.coordinate)
    return .success("캘린더 '\(shown)'의 약속은 이제 \(place)에서 출발합니다\n")
  }
}

/// `chulbal source remove NAME [--yes|--keep]`
enum SourceRemoveCommand: Command {
  static let name = "source remove"
  static let summary = "등록한 캘린더를 뺍니다"
  static let usage = ["chulbal source remove 이름 [--yes|--keep]"]
  static let about = """
    등록한 캘린더를 뺍니다. 그 캘린더에서 가져온 약속도 지울지 터미널에서는 묻고, 입력이
    터미널이 아니면 --yes(약속도 지움)나 --keep(약속은 남김)이 있어야 합니다.
    """
  static let yes = OptionSpec("--yes", short: "-y", help: "묻지 않고 가져온 약속도 지웁니다")
  static let keep = OptionSpec("--keep", help: "가져온 약속은 남겨 둡니다")
  static let options: [OptionSpec] = [yes, keep, .database]
  static let operands: [WordKind] = [.source(serverOnly: false)]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let sourceName = try options.singlePositional(
      "캘린더 이름", example: "chulbal source remove work")
    if options.has(yes), options.has(keep) {
      throw ParseError.unexpectedArgument(keep.name, command: name)
    }
    let store = try options.store(environment, access: .writing)
    guard let store, let source = try store.sources().first(where: { $0.name == sourceName })
    else { throw SourceError.unknownSource(sourceName) }
    let count = try store.importedCount(source: source.path)
    let shown = TextCleaning.visible(sourceName)
    var removing = options.has(yes)
    if count > 0, !options.has(yes), !options.has(keep) {
      let what = "캘린더 '\(shown)'에서 가져온 약속 \(count)개"
      guard environment.isInteractive else {
        throw SourceError.sourceNeedsConfirmation(sourceName, count: count)
      }
      removing = environment.confirm("\(what)도 지울까요? (아니요: 약속은 남깁니다)")
    }
    let deleted = try store.removeSource(named: sourceName, appointments: removing) ?? 0
    let removed = "캘린더 '\(shown)'\(Korean.objectParticle(after: shown)) 뺐습니다"
    guard count > 0 else { return .success(removed + "\n") }
    let kept = removing ? "가져온 약속 \(deleted)개도 지웠습니다" : "가져온 약속 \(count)개는 남겼습니다"
    return .success("\(removed). \(kept)\n")
  }
}
