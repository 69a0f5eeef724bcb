import ChulbalCalDAV
import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc
import Synchronization

/// What a run of chulbal reads from and does to the world: the clock, the system time zone,
/// environment variables, the console, a person to confirm a deletion, and the desktop that
/// opens links.
///
/// `main` builds the live one; everything below takes what it needs from here, so tests pass
/// doubles for every part, and no part defaults to the real thing but the watch's wait
/// (``watchWakes``), which only `watch` uses.
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
  /// Makes what `watch` waits on for the database at a path: the event loop (a timer, inotify,
  /// the ending signals) unless a test passes a scripted one.
  public var watchWakes: WakeSourceMaker = Environment.eventLoop
  /// The chulbal program itself, which `watch` runs `sync` with; nil where there is none (an
  /// in-process test), and the watch then syncs nothing.
  public var executable: String?
  private var systemTimeZone: SystemTimeZone
  /// Environment variables whose values are not UTF-8, by name, each value shown with its bad
  /// bytes as `\xFF`; `variables` holds them with U+FFFD, so a path read from one is refused.
  public var undecodableVariables: [String: String] = [:]

  /// An environment made of the given parts.
  ///
  /// - Parameter timeZone: the system zone, or the error its `TZ` gives.
  public init(
    clock: any WallClock, console: any Console, timeZone: Result<Zone, InputError>,
    variables: [String: String], schemeHandlers: any SchemeHandlerLookup,
    opener: any LinkOpener, isInteractive: Bool = false,
    confirm: @escaping @Sendable (String) -> Bool = { _ in false }
  ) {
    self.init(
      clock: clock, console: console,
      systemTimeZone: SystemTimeZone { () throws(InputError) in try timeZone.get() },
      variables: variables, schemeHandlers: schemeHandlers, opener: opener,
      isInteractive: isInteractive, confirm: confirm)
  }

  private init(
    clock: any WallClock, console: any Console, systemTimeZone: SystemTimeZone,
    variables: [String: String], schemeHandlers: any SchemeHandlerLookup,
    opener: any LinkOpener, isInteractive: Bool, confirm: @escaping @Sendable (String) -> Bool
  ) {
    self.systemTimeZone = systemTimeZone
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
  /// Call it first, before anything opens a file: it sets up the standard streams and signals
  /// (`StandardConsole.start`). A `TZ` that names no zone of the database is kept as an error
  /// rather than silently read as UTC; it is reported only by a command that needs the system
  /// zone (no `--tz`).
  ///
  /// The system zone is looked up the first time a command asks for it: finding it reads the
  /// zone database, which `--version` and most commands with `--tz` never need.
  public static func live() -> Environment {
    let (variables, undecodable) = ProcessArguments.environment()
    let console = StandardConsole.start(variables: variables)
    // Zones are read where the C library reads them: `TZDIR`, else the system's database.
    Zone.useDatabase(ZoneDatabase(variables: variables).directory)
    var environment = Environment(
      clock: SystemWallClock(wakingWhenReaderLeaves: STDOUT_FILENO), console: console,
      systemTimeZone: SystemTimeZone { () throws(InputError) in
        try findSystemTimeZone(variables, database: nil)
      }, variables: variables,
      schemeHandlers: XDGSchemeHandlers(variables: variables),
      opener: URLOpener(variables: variables), isInteractive: isatty(STDIN_FILENO) == 1,
      confirm: { question in
        try? console.write("\(question) [y/N] ", to: .error)
        return isYes(readLine() ?? "")
      })
    environment.undecodableVariables = undecodable.mapValues(CLI.shown)
    environment.calendarServer = Environment.liveCalendarServer
    // The kernel's name for this program, which a child started from it runs too; read at
    // no cost here, unlike the link's target.
    environment.executable = "/proc/self/exe"
    return environment
  }

  /// Whether an answer to a yes/no question is yes: `y`, `yes`, `예`, `네`, `응`, `ㅇ`, and
  /// `ㅛ`, which is what the y key gives with a Korean keyboard layout on.
  static func isYes(_ answer: String) -> Bool {
    let word = answer.trimmingWhitespace().lowercased()
    return ["y", "yes", "예", "네", "응", "ㅇ", "ㅛ"].contains(word)
  }

  /// The system zone as the C library reads `TZ` (tzset(3)), by its IANA name.
  ///
  /// - unset, or `:` alone: the site-wide zone, `/etc/localtime`, named by the link into the
  ///   zone database;
  /// - empty: UTC;
  /// - an absolute path (with or without the `:` POSIX allows): a file in the zone database,
  ///   named by its place there (`/usr/share/zoneinfo/America/New_York`);
  /// - a file of the database (`Asia/Seoul`, `EST5EDT`, `:Asia/Seoul`);
  /// - otherwise a POSIX rule, whose offset counts west: `UTC+9` is `Etc/GMT+9`, nine hours
  ///   *behind* UTC, and `<+09>-9` is `Etc/GMT-9`.
  ///
  /// What no IANA name stands for (a daylight-saving rule such as `EST5EDT,M3.2.0,M11.1.0`,
  /// a part-hour offset such as `<+0530>-5:30`, a file outside the database) is an error
  /// saying to give `--tz`, as is a name no zone has; chulbal stores the zone with each
  /// appointment, so it must be a name.
  static func systemTimeZone(
    _ variables: [String: String], database: ZoneDatabase? = nil
  ) -> Result<Zone, InputError> {
    Result { () throws(InputError) in try findSystemTimeZone(variables, database: database) }
  }

  /// ``systemTimeZone(_:database:)`` as a function that throws, which is what the live
  /// environment calls: holding a Result makes the Swift runtime build its metadata, one of
  /// its conformance searches, at every start-up.
  private static func findSystemTimeZone(
    _ variables: [String: String], database: ZoneDatabase?
  ) throws(InputError) -> Zone {
    let database = database ?? ZoneDatabase(variables: variables)
    guard let tz = variables["TZ"] else { return localTimeZone(database) }
    if tz.isEmpty { return .gmt }
    let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    if name.isEmpty { return localTimeZone(database) }
    if name.hasPrefix("/") {
      guard let zoneName = database.name(ofFile: name) else {
        throw .unstorableTimeZone(tz, reason: "시간대 데이터베이스(\(database.directory))의 파일이 아닙니다")
      }
      guard let zone = Zone(identifier: zoneName, database: database.directory) else {
        throw .unknownZone(tz)
      }
      return zone
    }
    if database.contains(name) {
      guard let zone = Zone(identifier: name, database: database.directory) else {
        throw .unknownZone(tz)
      }
      return zone
    }
    if let rule = POSIXTimeZoneRule(name) {
      if let identifier = rule.fixedZoneIdentifier,
        let zone = Zone(identifier: identifier, database: database.directory)
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
    guard let zone = Zone(identifier: name, database: database.directory) else {
      throw .unknownZone(tz)
    }
    return zone
  }

  /// The site-wide zone: `/etc/localtime`'s name in the zone database; for a copy, the name
  /// `/etc/timezone` gives; else UTC, as the C library reads a machine with no
  /// `/etc/localtime` (tzset(3)).
  private static func localTimeZone(_ database: ZoneDatabase) -> Zone {
    database.name(ofFile: database.localTime).flatMap {
      Zone(identifier: $0, database: database.directory)
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
      guard let zone = Zone(identifier: option) else {
        let error: InputError =
          Zone.isOffsetIdentifier(option) ? .offsetTimeZone(option) : .unknownZone(option)
        throw ParseError.invalidValue(option: OptionSpec.timeZone.name, error)
      }
      return zone
    }
    let (zone, error) = systemTimeZone.value
    guard let zone else { throw ParseError.environment(variable: "TZ", error ?? .unknownZone("")) }
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
    Zone(identifier: identifier) ?? readerZone(else: .gmt)
  }

  /// The zone the person reading is in, the system zone; `fallback` when `TZ` names none,
  /// which only a command that needs the system zone itself reports.
  func readerZone(else fallback: Zone) -> Zone {
    (try? timeZone(option: nil)) ?? fallback
  }
}

/// Makes the server a CalDAV source is synced with, from its account.
public typealias CalendarServerMaker = @Sendable (DAVAccount) throws(DAVError) -> any CalendarServer

/// Makes what `watch` waits on, from the path of its database.
public typealias WakeSourceMaker = @Sendable (String) throws(SystemCallError) -> any WakeSource

extension Environment {
  /// The server for an environment that was given none: it refuses, as a server that
  /// cannot be reached does.
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

/// The system zone, found the first time it is asked for and kept.
///
/// Kept as a zone or an error, never as a Result: holding and copying a Result makes the
/// Swift runtime build its metadata, which costs a start-up one of its conformance searches.
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
