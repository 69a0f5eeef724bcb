import ChulbalCalDAV
import ChulbalCore
import ChulbalStore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// `source add URL …`: a CalDAV account, its calendars found, chosen and synced a first time
/// before anything is kept; or a feed (`SourceAddCommand+Feed.swift`).
extension SourceAddCommand {
  static func addServer(_ text: String, _ options: ParsedOptions, _ environment: Environment)
    throws -> Outcome
  {
    let url = try serverURL(text)
    let feedFirst = namesFeed(text)
    if feedFirst, let option = [calendar, departures].first(where: { options[$0] != nil }) {
      throw SourceError.notForFeeds(option.name)
    }
    let user = options[user]
    let command = options[passwordCommand]
    if command != nil, user == nil {
      throw ParseError.missingOption(
        Self.user.name, command: name,
        example: "chulbal source add \(url.absoluteString) --user 이름 --password-command 명령")
    }
    if let command, command.trimmingWhitespace().isEmpty {
      throw ParseError.missingValue(option: passwordCommand.name)
    }
    let caPath = try options[caFile].map { path throws in
      let absolute = ImportCommand.absolute(path)
      try checkReadable(absolute, option: caFile.name)
      return absolute
    }
    let wanted = options.values(calendar)
    let departuresName = options[departures]
    // Its departures would be read back as appointments, and its events lost among them.
    if let departuresName, wanted.contains(departuresName) {
      throw SourceError.departuresAlsoRead(departuresName)
    }
    let explicitName = options[nameOption]
    let sourceName = try keptName(options, else: url.host ?? url.absoluteString, from: "호스트 이름")
    try options.checkNow()
    let zone = try environment.timeZone(option: nil)
    let now = try options.clock(environment, timeZone: zone).now()
    let key = url.absoluteString
    let existing = try options.store(environment, access: .writing)
    // A feed named by no --name is named after it has been read (``addFeed``).
    let nameKnown = explicitName != nil || !feedFirst
    if let taken = try existing?.sources().first(where: {
      (nameKnown && $0.name == sourceName) || $0.path == key
    }) {
      throw SourceError.duplicateSource(taken.name)
    }
    var source = CalendarSource(
      name: sourceName, path: key, kind: .caldav, addedAt: now, user: user,
      passwordCommand: command, caFile: caPath)
    // A password command that fails is a runtime failure like an unreachable server: the
    // command may be right and the password store behind it locked or slow.
    let server = try ServerSync.connect(source, environment: environment)
    func addFeed(_ answer: FeedAnswer, found: String?) throws -> Outcome {
      try Self.addFeed(
        answer, source: source, named: explicitName, existing: existing, options: options,
        environment: environment, zone: zone, now: now, found: found)
    }
    if feedFirst { return try addFeed(try server.feed(at: url, known: FeedVersion()), found: nil) }
    let found: [DAVCalendar]
    do throws(DAVError) {
      found = try server.discoverCalendars()
    } catch {
      // Discovery found no CalDAV account: a GET says whether the address is a feed.
      guard wanted.isEmpty, departuresName == nil, mayBeFeed(error) else { throw error }
      let answer: FeedAnswer
      do throws(DAVError) {
        answer = try server.feed(at: url, known: FeedVersion())
      } catch let feedError {
        throw DAVError.neitherCalDAVNorFeed(caldav: error, feed: feedError)
      }
      return try addFeed(answer, found: "이 주소는 CalDAV 서버가 아니라 iCalendar 피드입니다: 읽기만 합니다.\n")
    }
    if let departuresName {
      try checkDepartures(
        departuresName, wanted: wanted, among: found, server: server, zones: environment.zones)
    }
    // The departures calendar is chulbal's own: never read back as appointments.
    let candidates = found.filter { calendar in
      departuresName.map { !matches(calendar, $0) } ?? true
    }
    let chosen = try choose(wanted, among: candidates)
    guard !chosen.isEmpty else { throw DAVError.noCalendars(url: key) }
    let context = try ImportCommand.Context(store: existing, zone: zone, zones: environment.zones)
    let sync = ServerSync(
      store: try options.writableStore(environment, existing: existing), context: context,
      environment: environment, now: now)
    let first = try sync.firstSync(chosen, key: key, server: server)
    // Found, or made, only once the calendars have come in: a failed first sync makes
    // nothing on the server.
    if let departuresName {
      source.departuresURL = try DepartureCalendarSync.calendarURL(
        named: departuresName, among: found, server: server
      ).absoluteString
    }
    guard
      let counts = try sync.store.addServerSource(
        source, updates: first.updates, batch: first.batch, now: now)
    else { throw SourceError.duplicateSource(sourceName) }
    var report = ImportCommand.Report(
      dryRun: false, travel: context.settings.defaultTravelSeconds, zone: zone)
    report.add(first.plan)
    report.counts = counts
    let departures = sync.pushDepartures(source, server: server)
    let failed = departures.failure.map { [$0] } ?? []
    let shown = TextCleaning.visible(sourceName)
    let names = chosen.map { "'\(TextCleaning.visible(calendarName($0)))'" }.joined(separator: ", ")
    return Outcome(
      standardOutput:
        "캘린더 '\(shown)'\(Korean.objectParticle(after: shown)) 등록했습니다 "
        + "(\(TextCleaning.visible(key))의 \(names)). 다시 가져오려면: chulbal sync\n"
        + report.text + (departures.line ?? ""),
      standardError: Outcome.diagnostics(failed),
      exitCode: failed.isEmpty ? 0 : Outcome.failureExitCode)
  }

  /// Refuses, before anything is written, a departures calendar the server has that is also
  /// one to read (named otherwise: `--calendar 업무 --departures work`), or that holds events
  /// chulbal did not write: its departures would be put among the person's own events, and a
  /// phone would ring for them in the person's main calendar. A name the server has no
  /// calendar of is made later, empty.
  ///
  /// - Throws: ``SourceError/departuresAlsoRead(_:)``, ``SourceError/departuresNotEmpty(_:foreign:)``;
  ///   the `DAVError` of reading the calendar.
  static func checkDepartures(
    _ name: String, wanted: [String], among found: [DAVCalendar], server: any CalendarServer,
    zones: ZoneDatabase
  ) throws {
    guard let calendar = found.first(where: { matches($0, name) }) else { return }
    if wanted.contains(where: { matches(calendar, $0) }) {
      throw SourceError.departuresAlsoRead(name)
    }
    let foreign = try DepartureCalendarSync.foreignEvents(
      in: calendar.url, server: server, zones: zones)
    guard foreign == 0 else { throw SourceError.departuresNotEmpty(name, foreign: foreign) }
  }

  /// The http or https URL `text` gives, without credentials. `webcal` and `webcals` (the
  /// schemes calendar sites link feeds with, to open a calendar program) are https: the
  /// scheme says nothing of how to fetch, and a feed's link may hold a secret. Plain http is
  /// used only when the person writes `http://`.
  static func serverURL(_ text: String) throws -> URL {
    guard var components = URLComponents(string: text),
      var scheme = components.scheme?.lowercased(), addressSchemes.contains(scheme),
      let host = components.host, !host.isEmpty
    else { throw SourceError.notCalDAVAddress(text) }
    if scheme.hasPrefix("webcal") { scheme = "https" }
    if components.user != nil || components.password != nil {
      components.user = nil
      components.password = nil
      throw SourceError.credentialsInAddress(components.string ?? "")
    }
    components.scheme = scheme
    if components.path.isEmpty { components.path = "/" }
    guard let url = components.url else { throw SourceError.notCalDAVAddress(text) }
    return url
  }

  /// The schemes of the addresses `source add` takes (lower case).
  static let addressSchemes: Set = ["http", "https", "webcal", "webcals"]

  /// Whether `text` names a feed rather than a CalDAV account: a `webcal` address, or one
  /// whose path ends in `.ics`. It is asked for with a GET before any discovery.
  static func namesFeed(_ text: String) -> Bool {
    guard let components = URLComponents(string: text) else { return false }
    return components.scheme?.lowercased().hasPrefix("webcal") == true
      || components.path.lowercased().hasSuffix(".ics")
  }

  /// Whether a discovery that failed so may have been asked of a feed: it found no WebDAV
  /// there (a status that is not a success, an answer that is not a multistatus) or no
  /// calendar. Not when the server could not be reached or refused the sign-in, which a GET
  /// would meet again, nor when it answered as a CalDAV server does (an href elsewhere).
  static func mayBeFeed(_ error: DAVError) -> Bool {
    switch error {
    case .notFound, .forbidden, .status, .malformedResponse, .noCalendars: true
    default: false
    }
  }

  /// What a calendar is called: its display name, else the last segment of its URL.
  static func calendarName(_ calendar: DAVCalendar) -> String {
    calendar.displayName ?? calendar.url.lastPathComponent
  }

  /// Whether `name` names `calendar`: its display name, or the last segment of its URL.
  static func matches(_ calendar: DAVCalendar, _ name: String) -> Bool {
    calendar.displayName == name || calendar.url.lastPathComponent == name
  }

  /// The calendars `wanted` names (by display name or last URL segment); all of them when it
  /// names none.
  static func choose(_ wanted: [String], among calendars: [DAVCalendar]) throws
    -> [DAVCalendar]
  {
    guard !wanted.isEmpty else { return calendars }
    let missing = wanted.filter { name in !calendars.contains { matches($0, name) } }
    guard missing.isEmpty else {
      throw SourceError.unknownCalendars(
        missing, found: calendars.map { TextCleaning.visible(calendarName($0)) })
    }
    return calendars.filter { calendar in wanted.contains { matches(calendar, $0) } }
  }

  /// Refuses a path that names no regular file this process can read.
  static func checkReadable(_ path: String, option: String) throws {
    var status = stat()
    guard stat(path, &status) == 0 else {
      // Read, not made: a missing name is the file that is not there (as a calendar file's).
      let code = errno
      let reason = code == ENOENT ? "파일이 없습니다" : SystemErrorText.reason(code)
      throw SourceError.unreadableFile(option: option, path: path, reason: reason)
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw SourceError.unreadableFile(option: option, path: path, reason: "파일이 아닙니다")
    }
    guard access(path, R_OK) == 0 else {
      throw SourceError.unreadableFile(
        option: option, path: path, reason: SystemErrorText.reason(errno))
    }
  }
}
