import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalTerminal
import Foundation

/// `chulbal source add PATH [--name NAME]`
enum SourceAddCommand: Command {
  static let name = "source add"
  static let summary = "다시 읽을 캘린더(.ics 파일이나 vdir 폴더)를 등록합니다"
  static let usage = ["chulbal source add 경로 [--name 이름]"]
  static let about = """
    chulbal import --sources가 다시 읽을 캘린더를 등록합니다. 등록할 때 한 번 읽어 보고, 읽을
    수 없으면 등록하지 않습니다. 이름을 주지 않으면 파일이나 폴더의 이름(.ics 빼고)입니다.
    돌고 있는 watch는 등록한 캘린더의 파일이나 폴더가 바뀔 때마다 다시 읽습니다.
    """
  static let nameOption = OptionSpec("--name", value: "이름", help: "출처 이름 (기본: 파일이나 폴더 이름)")
  static let options: [OptionSpec] = [nameOption, .now, .database]
  static let operands: [WordKind] = [.file]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let given = try options.singlePositional("경로", example: "chulbal source add ~/.calendars/work")
    let path = ImportCommand.absolute(given)
    var base = URL(fileURLWithPath: path).lastPathComponent
    if base.lowercased().hasSuffix(".ics") { base = String(base.dropLast(4)) }
    let sourceName = options[nameOption] ?? base
    try PlaceAddCommand.validate(name: sourceName, option: nameOption.name)
    try options.checkNow()
    let now = try options.clock(environment, timeZone: nil).now()
    _ = try ImportCommand.read(given)
    var status = stat()
    let isFolder = stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    let existing = try options.store(environment, access: .writing)
    if let taken = try existing?.sources().first(where: {
      $0.name == sourceName || $0.path == path
    }) {
      throw UsageError.duplicateSource(taken.name)
    }
    let store = try options.writableStore(environment, existing: existing)
    let source = CalendarSource(
      name: sourceName, path: path, kind: isFolder ? .folder : .file, addedAt: now)
    guard try store.addSource(source) else { throw UsageError.duplicateSource(sourceName) }
    let shown = TextCleaning.visible(sourceName)
    return .success(
      "출처 '\(shown)'\(Korean.objectParticle(after: shown)) 등록했습니다 (\(TextCleaning.visible(path))). "
        + "가져오려면: chulbal import --sources\n")
  }
}

/// `chulbal source list [--json]`
enum SourceListCommand: Command {
  static let name = "source list"
  static let summary = "등록한 캘린더를 봅니다"
  static let usage = ["chulbal source list [--json]"]
  static let about = "등록한 캘린더와 마지막으로 읽은 때, 가져온 일정 수, 마지막 오류를 보여 줍니다."
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
            .object([
              ("name", .string(source.name)), ("path", .string(source.path)),
              ("kind", .string(source.kind.rawValue)),
              ("last_read_at", source.lastReadAt.map { .string(format.iso8601($0)) } ?? .null),
              ("event_count", source.eventCount.map { .integer($0) } ?? .null),
              ("last_error", source.lastError.map { .string($0) } ?? .null),
            ])
          }
        ).rendered())
    }
    guard !sources.isEmpty else {
      return .success("등록한 캘린더가 없습니다. 추가하려면: chulbal source add ~/.calendars/work\n")
    }
    let format = KoreanDateFormat(timeZone: zone)
    let rows = sources.map { source in
      [
        source.name, source.path,
        source.lastReadAt.map { format.full($0, seenAt: now) } ?? "읽은 적 없음",
        source.eventCount.map { "\($0)개" } ?? "",
        source.lastError.map { "오류: \($0)" } ?? "",
      ]
    }
    return .success(TerminalText.table([["이름", "경로", "마지막으로 읽음", "일정", ""]] + rows))
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

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    let sourceName = try options.singlePositional(
      "출처 이름", example: "chulbal source remove work")
    if options.has(yes), options.has(keep) {
      throw UsageError.unexpectedArgument(keep.name, command: name)
    }
    let store = try options.store(environment, access: .writing)
    guard let store, let source = try store.sources().first(where: { $0.name == sourceName })
    else { throw UsageError.unknownSource(sourceName) }
    let count = try store.importedCount(source: source.path)
    let shown = TextCleaning.visible(sourceName)
    var removing = options.has(yes)
    if count > 0, !options.has(yes), !options.has(keep) {
      let what = "출처 '\(shown)'에서 가져온 약속 \(count)개"
      guard environment.isInteractive else {
        throw UsageError.sourceNeedsConfirmation(sourceName, count: count)
      }
      removing = environment.confirm("\(what)도 지울까요? (아니요: 약속은 남깁니다)")
    }
    let deleted = try store.removeSource(named: sourceName, appointments: removing) ?? 0
    let removed = "출처 '\(shown)'\(Korean.objectParticle(after: shown)) 뺐습니다"
    guard count > 0 else { return .success(removed + "\n") }
    let kept = removing ? "가져온 약속 \(deleted)개도 지웠습니다" : "가져온 약속 \(count)개는 남겼습니다"
    return .success("\(removed). \(kept)\n")
  }
}
