import ChulbalCalDAV
import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc
import Synchronization

/// What a run of chulbal reads from and does to the world: clock, system zone and zone database,
/// environment variables, console, confirmation, and the desktop that opens links.
///
/// `main` builds the live one; tests pass doubles for every part. Only the watch's wait
/// (``watchWakes``) defaults to the real thing.
public struct Environment: Sendable {
  /// The one source of "now", and what live displays sleep on; `--now` replaces it.
  public var clock: any WallClock
  public var variables: [String: String]
  /// Where live displays draw.
  public var console: any Console
  /// Whether standard input is a terminal a person can answer at.
  public var isInteractive: Bool
  /// Asks the person a yes/no question; only called when `isInteractive`.
  public var confirm: @Sendable (String) -> Bool
  /// Which app schemes have a handler on this desktop.
  public var schemeHandlers: any SchemeHandlerLookup
  /// Hands a link to the desktop.
  public var opener: any LinkOpener
  /// Connects to a CalDAV account; tests pass a recording server.
  public var calendarServer: CalendarServerMaker = Environment.unconnectable
  /// Makes what `watch` waits on for a database path: the event loop unless a test passes a
  /// scripted one.
  public var watchWakes: WakeSourceMaker = Environment.eventLoop
  /// The chulbal program, which `watch` runs `sync` with; nil in an in-process test, where the
  /// watch syncs nothing.
  public var executable: String?
  /// The zone files every zone is read from: `TZDIR`, else the system's.
  public var zones: ZoneDatabase
  private var systemTimeZone: SystemTimeZone
  /// Variables whose values are not UTF-8, shown with their bad bytes as `\xFF`; `variables` holds
  /// them with U+FFFD, so a path read from one is refused.
  public var undecodableVariables: [String: String] = [:]

  /// An environment made of the given parts.
  ///
  /// - Parameters:
  ///   - timeZone: the system zone, or the error its `TZ` gives.
  ///   - zones: the zone database; by default the one `TZDIR` in `variables` names.
  public init(
    clock: any WallClock, console: any Console, timeZone: Result<Zone, InputError>,
    variables: [String: String], zones: ZoneDatabase? = nil,
    schemeHandlers: any SchemeHandlerLookup, opener: any LinkOpener, isInteractive: Bool = false,
    confirm: @escaping @Sendable (String) -> Bool = { _ in false }
  ) {
    self.init(
      clock: clock, console: console,
      systemTimeZone: SystemTimeZone { () throws(InputError) in try timeZone.get() },
      variables: variables, zones: zones ?? ZoneDatabase(variables: variables),
      schemeHandlers: schemeHandlers, opener: opener, isInteractive: isInteractive,
      confirm: confirm)
  }

  private init(
    clock: any WallClock, console: any Console, systemTimeZone: SystemTimeZone,
    variables: [String: String], zones: ZoneDatabase, schemeHandlers: any SchemeHandlerLookup,
    opener: any LinkOpener, isInteractive: Bool, confirm: @escaping @Sendable (String) -> Bool
  ) {
    self.systemTimeZone = systemTimeZone
    self.zones = zones
    self.clock = clock
    self.console = console
    self.variables = variables
    self.schemeHandlers = schemeHandlers
    self.opener = opener
    self.isInteractive = isInteractive
    self.confirm = confirm
  }

  /// The real clock, environment, terminal and desktop; the system zone honours `TZ`.
  ///
  /// Call it first: it sets up the standard streams and signals (`StandardConsole.start`). A `TZ`
  /// naming no zone is kept as an error, reported only by a command that needs the system zone (no
  /// `--tz`), and the zone is looked up only when first asked for.
  public static func live() -> Environment {
    let (variables, undecodable) = ProcessArguments.environment()
    let console = StandardConsole.start(variables: variables)
    // Zones are read where the C library reads them: `TZDIR`, else the system's database.
    let zones = ZoneDatabase(variables: variables)
    var environment = Environment(
      clock: SystemWallClock(wakingWhenReaderLeaves: STDOUT_FILENO), console: console,
      systemTimeZone: SystemTimeZone { () throws(InputError) in
        try findSystemTimeZone(variables, database: zones)
      }, variables: variables, zones: zones,
      schemeHandlers: XDGSchemeHandlers(variables: variables),
      opener: URLOpener(variables: variables), isInteractive: isatty(STDIN_FILENO) == 1,
      confirm: { question in
        try? console.write("\(question) [y/N] ", to: .error)
        return isYes(readLine() ?? "")
      })
    environment.undecodableVariables = undecodable.mapValues(CLI.shown)
    environment.calendarServer = Environment.liveCalendarServer
    // The kernel's name for this program, which a child runs too; free to read, unlike the link's
    // target.
    environment.executable = "/proc/self/exe"
    return environment
  }

  /// Whether an answer to a yes/no question is yes: `y`, `yes`, `예`, `네`, `응`, `ㅇ`, or `ㅛ` (the y
  /// key on a Korean layout).
  static func isYes(_ answer: String) -> Bool {
    let word = answer.trimmingWhitespace().lowercased()
    return ["y", "yes", "예", "네", "응", "ㅇ", "ㅛ"].contains(word)
  }

  /// The system zone as the C library reads `TZ` (tzset(3)), by its IANA name.
  ///
  /// - unset or `:`: `/etc/localtime`, named by its link into the database;
  /// - empty: UTC;
  /// - an absolute path (with or without `:`): a file in the database, named by its place there;
  /// - a file of the database (`Asia/Seoul`, `EST5EDT`, `:Asia/Seoul`);
  /// - otherwise a POSIX rule, whose offset counts west: `UTC+9` is `Etc/GMT+9`, `<+09>-9` is
  ///   `Etc/GMT-9`.
  ///
  /// What no IANA name stands for (a DST rule, a part-hour offset, a file outside the database) or
  /// an unknown name is an error asking for `--tz`: appointments store the zone's name.
  static func systemTimeZone(
    _ variables: [String: String], database: ZoneDatabase? = nil
  ) -> Result<Zone, InputError> {
    Result { () throws(InputError) in
      try findSystemTimeZone(variables, database: database ?? ZoneDatabase(variables: variables))
    }
  }

  /// ``systemTimeZone(_:database:)`` as a throwing function for the live environment: holding a
  /// Result costs start-up time (runtime metadata).
  private static func findSystemTimeZone(
    _ variables: [String: String], database: ZoneDatabase
  ) throws(InputError) -> Zone {
    guard let tz = variables["TZ"] else { return localTimeZone(database) }
    if tz.isEmpty { return .gmt }
    let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    if name.isEmpty { return localTimeZone(database) }
    if name.hasPrefix("/") {
      guard let zoneName = database.name(ofFile: name) else {
        throw .unstorableTimeZone(tz, reason: "시간대 데이터베이스(\(database.directory))의 파일이 아닙니다")
      }
      guard let zone = database.zone(named: zoneName) else {
        throw database.unknownZone(tz)
      }
      return zone
    }
    if database.contains(name) {
      guard let zone = database.zone(named: name) else {
        throw database.unknownZone(tz)
      }
      return zone
    }
    if let rule = POSIXTimeZoneRule(name) {
      if let identifier = rule.fixedZoneIdentifier,
        let zone = database.zone(named: identifier)
      {
        return zone
      }
      let offset = rule.standardOffsetSeconds
      let reason =
        if rule.hasDaylightSaving {
          "서머타임 규칙은 약속과 함께 저장할 수 없습니다"
        } else if UTCOffset.isValid(offset) {
          "UTC\(offset < 0 ? "-" : "+")\(Self.clock(abs(offset))) 고정 오프셋에는 IANA 이름이 없습니다"
        } else {
          UTCOffset.rule
        }
      throw .unstorableTimeZone(tz, reason: reason)
    }
    // UTC's names, known without a zone file.
    guard let zone = database.zone(named: name) else {
      throw database.unknownZone(tz)
    }
    return zone
  }

  /// The site-wide zone: `/etc/localtime`'s name; for a copy, the name in `/etc/timezone`; else
  /// UTC, as tzset(3) does.
  private static func localTimeZone(_ database: ZoneDatabase) -> Zone {
    database.name(ofFile: database.localTime).flatMap {
      database.zone(named: $0)
    } ?? database.zoneNamedLocally() ?? .gmt
  }

  /// `05:30` for 19 800 seconds.
  private static func clock(_ seconds: Int) -> String {
    let hours = seconds / 3600
    let minutes = seconds % 3600 / 60
    return (hours < 10 ? "0" : "") + "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes)"
  }

  /// The zone of `--tz` when given (an IANA name), else the system zone.
  func timeZone(option: String?) throws(ParseError) -> Zone {
    if let option {
      guard let zone = zones.zone(named: option) else {
        let error: InputError =
          Zone.isOffsetIdentifier(option) ? .offsetTimeZone(option) : zones.unknownZone(option)
        throw ParseError.invalidValue(option: OptionSpec.timeZone.name, error)
      }
      return zone
    }
    let (zone, error) = systemTimeZone.value
    guard let zone else {
      throw ParseError.environment(variable: "TZ", error ?? zones.unknownZone(""))
    }
    return zone
  }

  /// The columns a table of appointments is fitted to: when standard output is a terminal,
  /// `COLUMNS` if it holds a positive number, else the terminal's own width; nil when output
  /// goes to a pipe or a file, whose reader (a script, `grep`) gets every cell whole.
  var fittingColumns: Int? {
    guard console.isTerminal else { return nil }
    if let text = variables["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    return console.width()
  }

  /// A zone stored with an appointment; the system zone if this machine has lost it.
  func timeZone(stored identifier: String) -> Zone {
    zones.zone(named: identifier) ?? readerZone(else: .gmt)
  }

  /// The reader's zone, the system zone; `fallback` when `TZ` names none (reported only by commands
  /// that need it).
  func readerZone(else fallback: Zone) -> Zone {
    (try? timeZone(option: nil)) ?? fallback
  }
}

/// Makes the server a CalDAV source is synced with, from its account.
public typealias CalendarServerMaker = @Sendable (DAVAccount) throws(DAVError) -> any CalendarServer

/// Makes what `watch` waits on, from the path of its database.
public typealias WakeSourceMaker = @Sendable (String) throws(SystemCallError) -> any WakeSource

extension Environment {
  /// The server for an environment given none: it refuses, as an unreachable one does.
  public static let unconnectable: CalendarServerMaker = { account throws(DAVError) in
    throw .unreachable(url: account.url.absoluteString, reason: "이 환경에는 CalDAV 클라이언트가 없습니다")
  }

  /// The real client.
  static let liveCalendarServer: CalendarServerMaker = { account throws(DAVError) in
    try CalDAVClient(account: account)
  }

  /// The real wait: an ``EventLoop`` on the database's folder.
  static let eventLoop: WakeSourceMaker = { path throws(SystemCallError) in
    try EventLoop.watchingDatabase(at: path)
  }
}

/// The system zone, found when first asked for and kept, as a zone or an error rather than a Result
/// (whose metadata costs start-up time).
private final class SystemTimeZone: Sendable {
  private let find: @Sendable () throws(InputError) -> Zone
  private let found = Mutex<(zone: Zone?, error: InputError?)?>(nil)

  init(_ find: @escaping @Sendable () throws(InputError) -> Zone) {
    self.find = find
  }

  var value: (zone: Zone?, error: InputError?) {
    found.withLock { found in
      if let found { return found }
      let value: (Zone?, InputError?)
      do throws(InputError) {
        value = (try find(), nil)
      } catch {
        value = (nil, error)
      }
      found = value
      return value
    }
  }
}
