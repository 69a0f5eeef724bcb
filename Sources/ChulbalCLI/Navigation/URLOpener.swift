import ChulbalCore
import Foundation

/// Opens a link on this desktop with `xdg-open` (or `gio open`), safely.
///
/// The URL is one argument to a program started with `posix_spawn`: no shell ever sees it.
/// Only allowed schemes are opened, never a URL that starts with `-` (xdg-open would read it
/// as an option), and only inside a graphical session. The opener's standard streams are not
/// ours, so a browser it leaves running cannot hold chulbal's output open.
struct URLOpener {
  enum Failure: Error, Equatable {
    case notAllowed(String)
    case noDisplay
    case noOpener
    case failed(program: String, status: Int32, message: String)

    var message: String {
      switch self {
      case .notAllowed(let url): "열지 않는 링크입니다: '\(url)'"
      case .noDisplay: "그래픽 세션이 아닙니다 (DISPLAY와 WAYLAND_DISPLAY가 없음)"
      case .noOpener: "xdg-open도 gio도 찾을 수 없습니다 (apt install xdg-utils)"
      case .failed(let program, let status, let message):
        "\(program)가 링크를 열지 못했습니다 (종료 상태 \(status)\(message.isEmpty ? "" : ": \(message)"))"
      }
    }
  }

  let variables: [String: String]
  /// How long to wait for the opener to report; past that it is taken as launched.
  var timeout: TimeInterval = 2

  static let webSchemes: Set<String> = ["https", "http"]

  /// Opens `link` if its scheme is allowed: web links always, app schemes only when
  /// `appSchemeRegistered` says an app is installed for them.
  func open(_ link: MapLink, appSchemeRegistered: Bool) throws(Failure) {
    let url = link.url
    let allowed =
      Self.webSchemes.contains(link.scheme)
      || (link.kind == .app && appSchemeRegistered
        && MapProvider.allCases.compactMap(MapLinks.appScheme).contains(link.scheme))
    guard allowed, !url.hasPrefix("-"),
      !url.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
    else { throw .notAllowed(url) }
    guard
      [variables["DISPLAY"], variables["WAYLAND_DISPLAY"]].contains(where: { $0?.isEmpty == false })
    else { throw .noDisplay }
    let candidates: [[String]] = [["xdg-open", url], ["gio", "open", url]]
    guard let command = candidates.first(where: { find($0[0]) != nil }) else { throw .noOpener }
    try run(command, executable: find(command[0])!)
  }

  /// The full path of `program` on `PATH`, or nil.
  func find(_ program: String) -> String? {
    let path = variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(program)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  private func run(_ argv: [String], executable: String) throws(Failure) {
    let errorPath = NSTemporaryDirectory() + "chulbal-open-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var arguments = argv.map { strdup($0) } + [nil]
    defer { arguments.forEach { free($0) } }
    var environment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { environment.forEach { free($0) } }
    var pid = pid_t()
    guard posix_spawn(&pid, executable, &actions, nil, &arguments, &environment) == 0 else {
      throw .noOpener
    }
    // Wait at most `timeout`: an opener still running then has handed the link to a program.
    let deadline = Date().addingTimeInterval(timeout)
    var status: Int32 = 0
    while true {
      let done = waitpid(pid, &status, WNOHANG)
      if done == pid { break }
      if done < 0 && errno != EINTR { return }
      if Date() >= deadline { return }
      usleep(10_000)
    }
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    guard exitStatus == 0 else {
      let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
      let firstLine = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      throw .failed(program: argv[0], status: exitStatus, message: firstLine)
    }
  }
}
