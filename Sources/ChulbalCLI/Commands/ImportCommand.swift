import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalSystem
import FoundationEssentials

/// `chulbal import PATH… [--dry-run] [--json]`: keeps the events of iCalendar files and vdir
/// folders as appointments.
enum ImportCommand: Command {
  static let name = "import"
  static let summary = "iCalendar(.ics) 파일이나 vdir 폴더의 일정을 가져옵니다"
  static let usage = [
    "chulbal import 경로… [--dry-run] [--json]", "chulbal import --sources [--dry-run] [--json]",
  ]
  static let about = """
    Google 캘린더, Outlook, Apple 캘린더, Thunderbird가 내보낸 .ics 파일이나 vdirsyncer와
    khal이 쓰는 vdir 폴더(일정마다 .ics 파일 하나)의 일정을 약속으로 저장합니다. 같은 파일을
    다시 가져오면 UID로 찾아 바뀐 일정만 그 자리에서 고치고 (알림 기록은 그대로이고, 캘린더에서
    바뀌지 않은 일정은 chulbal에서 고친 대로 둡니다), 파일에서 없어진 일정은 지웁니다. 종일 일정, 취소된 일정, 'config set me'의 주소가 거절한 일정, chulbal이 따를 수
    없는 반복(FREQ=HOURLY 등)은 건너뛰고 셉니다. 이동 시간은 X-CHULBAL-TRAVEL이 있으면 그
    값, 좌표(GEO, Apple의 구조화된 위치, LOCATION과 이름이 같은 저장된 장소)와 출발지가
    있으면 추정, 없으면 'travel' 설정(기본 30분)입니다. 모든 파일을 한 트랜잭션으로
    저장합니다: 읽을 수 없는 파일이 하나라도 있으면 아무것도 저장하지 않습니다.

    --sources는 'chulbal source add'로 등록한 캘린더를 모두 다시 읽습니다. 읽을 수 없는
    캘린더는 오류를 기록해 두고 (source list에 보입니다) 나머지는 가져옵니다.
    """
  static let dryRun = OptionSpec("--dry-run", help: "저장하지 않고 무엇을 가져올지만 보여 줍니다")
  static let sources = OptionSpec("--sources", help: "등록한 캘린더(source add)를 모두 다시 읽습니다")
  static let options: [OptionSpec] = [sources, dryRun, .now, .database, .json]
  static let operands: [WordKind] = [.file]
  static let repeatsLastOperand = true
  static let epilogue = """
    예:
      chulbal import ~/Downloads/calendar.ics
      chulbal import ~/.calendars/work --dry-run

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    guard !options.positionals.isEmpty || options.has(sources) else {
      throw ParseError.missingArgument(
        "가져올 파일", command: name, example: "chulbal import ~/Downloads/calendar.ics")
    }
    try options.checkNow()
    let zone = try environment.timeZone(option: nil)
    let now = try options.clock(environment, timeZone: zone).now()
    // The same file named twice is read once: it is one calendar.
    var calendars: [(source: String, contents: CalendarContents)] = []
    for path in options.positionals
    where !calendars.contains(where: { $0.source == absolute(path) }) {
      calendars.append((absolute(path), try read(path, zones: environment.zones)))
    }
    let writing = !options.has(dryRun)
    let existing = try options.store(environment, access: writing ? .writing : .reading)
    let context = try Context(store: existing, zone: zone, zones: environment.zones)
    var report = Report(dryRun: !writing, travel: context.settings.defaultTravelSeconds, zone: zone)
    var reading = Reading()
    for calendar in calendars {
      // A file named on the command line is bad input.
      reading.add(context.plan(calendar.contents), source: calendar.source, into: &report)
    }
    if options.has(sources) {
      // A CalDAV source or a feed is brought in by `chulbal sync`.
      let all = try existing?.sources() ?? []
      let registered = all.filter { !$0.kind.isServer }
      if registered.isEmpty && calendars.isEmpty {
        return .success(
          all.isEmpty
            ? "등록한 캘린더가 없습니다. 추가하려면: chulbal source add ~/.calendars/work\n"
            : "파일 캘린더는 없습니다 (CalDAV 캘린더와 피드는 chulbal sync)\n")
      }
      reading.read(
        registered.filter { source in !calendars.contains(where: { $0.source == source.path }) },
        context: context, into: &report)
    }
    let batches = reading.batches
    let failures = reading.failures
    let failed = reading.failed
    var routes: RouteAsker?
    if writing {
      let store = try options.writableStore(environment, existing: existing)
      let files = batches.map { URL(fileURLWithPath: $0.source).lastPathComponent }
      // The trips the import will plan, asked of the route providers before it writes.
      routes = try RouteAsker(store: store, environment: environment, now: now)
      try routes?.prepare { _ = try store.importCalendars(batches, now: now, failures: failures) }
      report.routeLimit = routes?.limitLine
      report.counts = try store.recordingUndo(name, now: now) {
        try store.advanceSeries(now: now)
        let counts = try store.importCalendars(batches, now: now, failures: failures)
        return (counts, "\(TextCleaning.visible(files.joined(separator: ", "))) 가져오기")
      }
    } else if let existing {
      report.counts = try existing.plannedImport(batches)
    } else {
      report.counts.added = batches.reduce(0) { $0 + $1.appointments.count }
    }
    return Outcome(
      standardOutput: options.has(.json) ? report.json.rendered() : report.text,
      standardError: Outcome.diagnostics((routes?.passedOver ?? []) + failed),
      exitCode: failed.isEmpty ? 0 : Outcome.failureExitCode)
  }

  /// What every calendar of one import is read with.
  struct Context {
    let settings: Settings
    let defaultOrigin: Origin?
    var places: [String: Coordinate] = [:]
    /// The zone of floating times.
    let zone: Zone
    let zones: ZoneDatabase

    init(store: Store?, zone: Zone, zones: ZoneDatabase) throws {
      settings = try store?.settings() ?? .defaults
      defaultOrigin = try store?.defaultPlace()?.origin
      for place in try store?.places() ?? [] { places[place.name] = place.coordinate }
      self.zone = zone
      self.zones = zones
    }

    /// What a calendar's contents give.
    func plan(_ contents: CalendarContents) -> CalendarImport {
      CalendarImport(
        contents: contents, settings: settings, defaultOrigin: defaultOrigin, places: places,
        floatingTimeZone: zone.identifier, zones: zones)
    }
  }

  /// The calendars read so far: what to keep of each, and the sources that failed.
  struct Reading {
    var batches: [Store.CalendarBatch] = []
    /// Sources that could not be read or kept, to record with the import.
    var failures: [(path: String, error: String)] = []
    /// A line for each failure, for standard error.
    var failed: [String] = []

    mutating func add(_ plan: CalendarImport, source: String, into report: inout Report) {
      report.add(plan)
      batches.append(Store.CalendarBatch(source: source, plan: plan))
    }

    /// Reads `sources` as `import --sources` does: one that cannot be read, or whose events
    /// cannot be kept, is recorded and passed over.
    mutating func read(_ sources: [CalendarSource], context: Context, into report: inout Report) {
      for source in sources {
        let plan: CalendarImport
        do throws(SourceError) {
          plan = context.plan(try ImportCommand.read(source.path, zones: context.zones))
        } catch {
          fail(source, error.message)
          continue
        }
        add(plan, source: source.path, into: &report)
      }
    }

    private mutating func fail(_ source: CalendarSource, _ message: String) {
      failures.append((source.path, message))
      failed.append("캘린더 '\(source.name)': \(message)")
    }
  }

  /// The events at `path`, or the one line that says why they cannot be read.
  static func read(_ path: String, zones: ZoneDatabase) throws(SourceError) -> CalendarContents {
    // A URL is not a file that is missing: it is brought in by `source add` and `sync`.
    if path.contains("://"), let scheme = URLComponents(string: path)?.scheme?.lowercased(),
      SourceAddCommand.addressSchemes.contains(scheme)
    {
      throw SourceError.importOfAddress(path)
    }
    do {
      return try ICalendarFile.read(path: path, zones: zones)
    } catch {
      throw SourceError.calendar(error.description)
    }
  }

  /// `path` from the root, so that the same file imported from another folder is the same
  /// source.
  static func absolute(_ path: String) -> String {
    let full =
      path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    return URL(fileURLWithPath: full).standardizedFileURL.path
  }

  /// What an import did, or would do with `--dry-run`.
  struct Report {
    let dryRun: Bool
    /// The `travel` setting.
    let travel: Int
    let zone: Zone
    var counts = Store.ImportCounts()
    var skipped: [CalendarImport.Skip: Int] = [:]
    var withoutCoordinate = 0
    var withDefaultTravel = 0
    var floating = 0
    var unresolvedZones = 0
    var extraRules = 0
    var duplicates = 0
    var unreadable: [CalendarContents.Unreadable] = []
    /// How many trips kept the estimate for want of route requests (``RouteAsker/limitLine``).
    var routeLimit: String?

    /// The most unreadable events named one by one; the rest are counted.
    static let unreadableShown = 5

    mutating func add(_ plan: CalendarImport) {
      skipped.merge(plan.skipped, uniquingKeysWith: +)
      withoutCoordinate += plan.withoutCoordinate
      withDefaultTravel += plan.withDefaultTravel
      floating += plan.floating
      unresolvedZones += plan.unresolvedZones
      extraRules += plan.extraRules
      duplicates += plan.duplicates
      unreadable += plan.unreadable
    }

    /// `새로 12 · 바뀜 3 · 건너뜀 2 (종일 일정 1, 취소됨 1)` and what the person should know.
    var text: String {
      let skippedTotal = skipped.values.reduce(0, +)
      var parts = ["새로 \(counts.added)", "바뀜 \(counts.updated)"]
      if counts.unchanged > 0 { parts.append("그대로 \(counts.unchanged)") }
      if counts.removed > 0 { parts.append("지움 \(counts.removed)") }
      let reasons = CalendarImport.Skip.allCases.compactMap { skip in
        skipped[skip].map { "\(skip.label) \($0)" }
      }
      parts.append(
        "건너뜀 \(skippedTotal)" + (reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))"))
      var lines = [parts.joined(separator: " · ")]
      // Which events were not read, and why: the person can mend them in their calendar.
      for event in unreadable.prefix(Self.unreadableShown) {
        lines.append("  읽지 못함: " + TextCleaning.visible(event.description))
      }
      if unreadable.count > Self.unreadableShown {
        lines.append("  … 그 밖에 \(unreadable.count - Self.unreadableShown)개 (모두 보려면: --json)")
      }
      // Said when something came in or changed, not again at every sync that changed nothing.
      let changed = counts.added + counts.updated > 0
      if changed, withoutCoordinate > 0 { lines.append("좌표가 없는 일정: \(withoutCoordinate)개") }
      if changed, withDefaultTravel > 0 {
        let duration = KoreanDuration.text(seconds: travel)
        lines.append(
          "이동 시간을 추정할 수 없는 일정 \(withDefaultTravel)개에는 기본값 \(duration)\(Korean.objectParticle(after: duration)) 썼습니다 "
            + "(바꾸려면: chulbal config set travel 45m)")
      }
      if floating > 0 {
        lines.append("시간대가 없는 시각 \(floating)개는 시스템 시간대(\(zone.identifier))로 읽었습니다")
      }
      if unresolvedZones > 0 {
        lines.append(
          "시간대(TZID)를 알아내지 못한 일정 \(unresolvedZones)개는 파일의 VTIMEZONE이나 "
            + "X-WR-TIMEZONE, 둘 다 없으면 시스템 시간대(\(zone.identifier))로 읽었습니다")
      }
      if extraRules > 0 {
        lines.append("반복 규칙(RRULE)이 여럿인 일정 \(extraRules)개는 첫 규칙만 따랐습니다")
      }
      if duplicates > 0 {
        lines.append(
          "UID가 겹치는 일정 \(duplicates)개는 빼고, UID마다 가장 새로 고친 것(SEQUENCE가 큰 것, "
            + "같으면 파일에서 마지막 것)만 가져왔습니다")
      }
      if let routeLimit { lines.append(routeLimit) }
      if dryRun { lines.append("--dry-run: 아무것도 저장하지 않았습니다") }
      return lines.map { $0 + "\n" }.joined()
    }

    var json: JSONValue {
      .object([
        ("added", .integer(counts.added)), ("updated", .integer(counts.updated)),
        ("unchanged", .integer(counts.unchanged)), ("removed", .integer(counts.removed)),
        (
          "skipped",
          .object(CalendarImport.Skip.allCases.map { ($0.rawValue, .integer(skipped[$0] ?? 0)) })
        ),
        ("without_coordinate", .integer(withoutCoordinate)),
        ("default_travel", .integer(withDefaultTravel)), ("floating", .integer(floating)),
        ("unresolved_zones", .integer(unresolvedZones)), ("extra_rules", .integer(extraRules)),
        ("duplicates", .integer(duplicates)),
        (
          "unreadable",
          .array(
            unreadable.map { event in
              .object([
                ("file", .string(event.file)), ("line", .integer(event.line)),
                ("property", event.property.map(JSONValue.string) ?? .null),
                ("reason", .string(event.reason)),
              ])
            })
        ),
        ("dry_run", .bool(dryRun)),
      ])
    }
  }
}

extension Store.CalendarBatch {
  /// What `plan` keeps of one calendar, each appointment by its event's identity, as the
  /// appointments of `source`: a file's path or a CalDAV source's URL.
  init(source: String, plan: CalendarImport) {
    var appointments: [Store.CalendarKey: Appointment] = [:]
    for item in plan.items {
      appointments[Store.CalendarKey(uid: item.uid, instance: item.instance)] = item.appointment
    }
    self.init(
      source: source, appointments: appointments, skipped: plan.skipped.values.reduce(0, +))
  }
}
