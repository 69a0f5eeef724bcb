import ChulbalCalendar
import ChulbalCore
import ChulbalNotify
import ChulbalStore
import ChulbalSystem
import ChulbalTerminal
import FoundationEssentials
import Glibc

/// `chulbal doctor`: whether alerts can reach this person, and why not when they cannot.
enum DoctorCommand: Command {
  static let name = "doctor"
  static let summary = "알림이 갈 수 있는지 점검합니다 (알림 서버, 데이터베이스)"
  static let usage = ["chulbal doctor [--json]"]
  static let about = """
    D-Bus 세션, 알림 서버(이름, 만든 곳, 버전, 기능), 알림 방식의 순서, 이동 방법마다
    길찾기 순서, 지도 앱 처리기, 데이터베이스(경로, 권한, 스키마 버전, 약속 수), 그리고
    watch가 돌고 있는지를 보여 줍니다. 마지막 줄의 판정은 알림을 막거나 출발 시각을
    틀리게 하는 문제와 그것을 고칠 명령, 또는 '이상 없음'입니다. 점검만 하고 아무것도
    바꾸지 않습니다. 길찾기 서비스에 묻지 않고 키 명령도 실행하지 않습니다.
    """
  static let options: [OptionSpec] = [.database, .json]

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    let path = try options.databasePath(environment)
    var rows: [(String, String, JSONValue)] = []
    let address = environment.variables["DBUS_SESSION_BUS_ADDRESS"] ?? ""
    rows.append(
      (
        "D-Bus 세션", address.isEmpty ? "없음 (DBUS_SESSION_BUS_ADDRESS가 없음)" : address,
        address.isEmpty ? .null : .string(address)
      ))
    var serverFailure: String?
    switch NotificationServer.preflight(variables: environment.variables) {
    case .success(let server):
      let text =
        "\(server.name) \(server.version) (\(server.vendor), 명세 \(server.specVersion)), 기능: "
        + server.capabilities.joined(separator: ", ")
      rows.append(
        (
          "알림 서버", text,
          .object([
            ("name", .string(server.name)), ("vendor", .string(server.vendor)),
            ("version", .string(server.version)), ("spec_version", .string(server.specVersion)),
            ("capabilities", .array(server.capabilities.map(JSONValue.string))),
          ])
        ))
    case .failure(let failure):
      serverFailure = failure.reason
      rows.append(
        ("알림 서버", "쓸 수 없음: \(failure.reason)", .object([("error", .string(failure.reason))])))
    }
    // The store is read only when it can be; a broken one is reported, not a failure here.
    var settings = Settings.defaults
    var database: [(String, JSONValue)] = [("path", .string(path))]
    var databaseText = path
    var problems: [Problem] = []
    // The file's permission whether or not it can be opened: an unreadable mode is a reason
    // it cannot.
    var status = stat()
    let mode = stat(path, &status) == 0 ? Int(status.st_mode & 0o7777) : nil
    do {
      if let store = try Store.open(
        path: path, access: .reading, expander: .libical(environment.zones),
        zones: environment.zones)
      {
        settings = try store.settings()
        let version = try store.version()
        let count = try store.appointmentCount
        databaseText += " (권한 \(mode.map(Self.octal) ?? "?"), 스키마 \(version), 약속 \(count)개)"
        database += [
          ("mode", mode.map { .string(Self.octal($0)) } ?? .null),
          ("schema_version", .integer(version)), ("appointments", .integer(count)),
        ]
      } else {
        databaseText += " (아직 없음: 첫 chulbal add가 만듭니다)"
        database.append(("exists", .bool(false)))
      }
    } catch {
      let message = Outcome.message(for: error)
      databaseText += (mode.map { " (권한 \(Self.octal($0)))" } ?? "") + " — \(message)"
      database += [
        ("mode", mode.map { .string(Self.octal($0)) } ?? .null), ("error", .string(message)),
      ]
      problems.append(Problem(what: "데이터베이스를 읽을 수 없습니다: \(message)", fix: nil))
    }
    // Appointments say where a person will be and when: for the owner alone.
    if let mode, mode & 0o077 != 0, problems.isEmpty {
      problems.append(
        Problem(
          what: "데이터베이스를 다른 사용자도 읽을 수 있습니다 (권한 \(Self.octal(mode)))",
          fix: "chmod 600 \(Self.shellWord(path))"))
    }
    let command = settings.notifyCommand.map(CommandWords.join)
    // As the chain is made: the command backend only with a command to run.
    let chain = settings.backends.filter { $0 != .command || command != nil }
      .map(\.rawValue).joined(separator: " → ")
    let commandText =
      command.map { " (명령: \($0))" }
      ?? (settings.backends.contains(.command) ? " (command는 notify.command가 없어 건너뜀)" : "")
    rows.append(
      (
        "알림 방식", chain + commandText,
        .object([
          ("backends", .array(settings.backends.map { .string($0.rawValue) })),
          ("command", command.map(JSONValue.string) ?? .null),
        ])
      ))
    // Wrong trip times matter less than alerts that never come: their problems go last.
    var routeProblems: [Problem] = []
    rows.append(routes(settings.routes, problems: &routeProblems))
    let schemes = MapProvider.allCases.compactMap { provider in
      MapLinkBuilder.appScheme(provider).map { (provider, $0) }
    }
    let handled = schemes.filter { environment.schemeHandlers.hasHandler(forScheme: $0.1) }
    rows.append(
      (
        "지도 앱",
        handled.isEmpty
          ? "등록된 앱 없음 (웹 링크를 씁니다)"
          : handled.map { "\($0.0.rawValue) (\($0.1)://)" }.joined(separator: ", "),
        .array(handled.map { .string($0.0.rawValue) })
      ))
    rows.append(("데이터베이스", databaseText, .object(database)))
    // Desktop notices need the server unless a command comes before them in the chain.
    if let serverFailure, let libnotify = settings.backends.firstIndex(of: .libnotify),
      !settings.backends[..<libnotify].contains(where: { $0 == .command && command != nil })
    {
      // No command of chulbal's starts a desktop session or a notification daemon.
      problems.append(Problem(what: "데스크톱 알림을 보낼 수 없습니다: \(serverFailure)", fix: nil))
    }
    let watch: String
    let watchJSON: JSONValue
    switch WatchLock.holder(beside: path) {
    case nil:
      watch = "돌고 있지 않음 (\(Self.startWatch))"
      watchJSON = .object([("running", .bool(false))])
      if database.contains(where: { $0.0 == "appointments" }) {
        problems.append(Problem(what: "watch가 돌고 있지 않아 알림이 가지 않습니다", fix: Self.startWatch))
      }
    case .some(let pid):
      watch = "돌고 있음" + (pid.map { " (PID \($0))" } ?? "")
      watchJSON = .object([
        ("running", .bool(true)), ("pid", pid.map { .integer(Int($0)) } ?? .null),
      ])
    }
    rows.append(("watch", watch, watchJSON))
    problems += routeProblems
    if options.has(.json) {
      let keys = [
        "dbus", "notification_server", "backends", "routes", "map_apps", "database", "watch",
      ]
      let verdict: JSONValue = .array(
        problems.map {
          .object([("problem", .string($0.what)), ("fix", $0.fix.map(JSONValue.string) ?? .null)])
        })
      return .success(
        JSONValue.object(zip(keys, rows.map(\.2)).map { ($0, $1) } + [("problems", verdict)])
          .rendered())
    }
    return .success(
      TerminalText.table(rows.map { [$0.0, TextCleaning.visible($0.1)] }) + "\n"
        + verdict(problems) + "\n")
  }

  static let startWatch = "systemctl --user enable --now chulbal-watch"

  /// The row of the route chains, without asking any service or running any key command: each
  /// mode's chain, and as a problem each provider that lacks its setting, which every trip
  /// would pass over.
  static func routes(_ routes: RouteSettings, problems: inout [Problem]) -> (
    String, String, JSONValue
  ) {
    var parts: [String] = []
    for mode in TravelMode.allCases where routes.chain(for: mode) != [.estimate] {
      let chain = routes.chain(for: mode)
      parts.append(
        "\(mode.koreanName) "
          + chain.map { $0 == .estimate ? $0.koreanName : $0.rawValue }
          .joined(separator: " → "))
      for source in chain {
        guard let setting = routes.missingSetting(source) else { continue }
        let key = "route.\(mode.rawValue)"
        problems.append(
          Problem(
            what: "\(key)의 \(source.rawValue)\(Korean.topicParticle(after: source.rawValue)) "
              + "\(setting) 설정이 없어 건너뜁니다 (chulbal config set \(setting) …)", fix: nil))
      }
    }
    let text =
      parts.isEmpty
      ? "추정만 (고르려면: chulbal config set route.car kakao)" : parts.joined(separator: ", ")
    let json: JSONValue = .object(
      TravelMode.allCases.map { mode in
        (mode.rawValue, .array(routes.chain(for: mode).map { .string($0.rawValue) }))
      })
    return ("길찾기", text, json)
  }

  /// Something that stops alerts reaching this person or makes them wrong, and the command
  /// that mends it.
  struct Problem {
    let what: String
    /// The command to run, when one mends it.
    let fix: String?
  }

  /// `판정: 이상 없음`, or the first problem and the command that mends it, saying how many
  /// there are when there are more.
  static func verdict(_ problems: [Problem]) -> String {
    guard let first = problems.first else { return "판정: 이상 없음" }
    let count = problems.count > 1 ? " (문제 \(problems.count)개 중 첫째)" : ""
    return "판정\(count): \(TextCleaning.visible(first.what))"
      + (first.fix.map { ". 고치려면: \(TextCleaning.visible($0))" } ?? "")
  }

  /// `600`, `000`: permission bits as `chmod` takes them.
  static func octal(_ mode: Int) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 3 - digits.count)) + digits
  }

  /// `path` as one word a POSIX shell reads back as it is, for a command a person pastes: as
  /// it is when it holds only characters no shell treats specially, else in single quotes.
  static func shellWord(_ path: String) -> String {
    let plain =
      !path.isEmpty
      && path.unicodeScalars.allSatisfy { scalar in
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
          || "/._-+,:@%=".unicodeScalars.contains(scalar)
      }
    return plain ? path : "'" + path.replacing("'", with: "'\\''") + "'"
  }
}
