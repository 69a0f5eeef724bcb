import ChulbalSystem
import ChulbalTestSupport
import Foundation
import Testing

/// The private session of `contrib/notify-session.sh`: a bus of its own with dunst on it.
///
/// Tests that need it run when it is there, and also when `CI` is set, where they fail without
/// it, so that a broken harness cannot skip them unnoticed; elsewhere they are skipped.
enum NotifySession {
  static let variables = ProcessInfo.processInfo.environment

  static var isRunning: Bool { variables["CHULBAL_NOTIFY_SESSION"] != nil }

  static var shouldRun: Bool { isRunning || variables["CI"] != nil }

  /// Fails the test unless it runs inside the session.
  static func require(sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(
      isRunning,
      "CI is set, but CHULBAL_NOTIFY_SESSION is not: run the tests inside contrib/notify-session.sh",
      sourceLocation: sourceLocation)
  }

  /// The process id of the session's dunst.
  static func dunstPID(sourceLocation: SourceLocation = #_sourceLocation) throws -> pid_t {
    try #require(
      variables["CHULBAL_DUNST_PID"].flatMap { pid_t($0) }, "CHULBAL_DUNST_PID is not set",
      sourceLocation: sourceLocation)
  }
}

/// The session's dunst, watched and driven through `dunstctl`, each call a child process.
struct Dunst {
  /// One notification in dunst's history, which lists the closed ones.
  struct Closed: Equatable {
    let id: Int
    let summary: String
    let body: String
    let appname: String
    let category: String
    /// The formatted text; the test dunstrc starts it with the urgency: `[critical] `.
    let message: String
  }

  /// Runs `dunstctl arguments` and returns what it wrote.
  @discardableResult
  static func control(
    _ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let folder = TemporaryFolder(prefix: "chulbal-dunstctl")
    let output = folder.path + "/out"
    let errors = folder.path + "/err"
    let child = try ChildProcess(
      ["dunstctl"] + arguments, environment: NotifySession.variables, standardOutput: output,
      standardError: errors)
    let status = child.wait(timeout: 10)
    if status == nil { kill(child.pid, SIGKILL) }
    let text = String(decoding: folder.bytes("out") ?? Data(), as: UTF8.self)
    let problem = String(decoding: folder.bytes("err") ?? Data(), as: UTF8.self)
    try #require(
      status == 0,
      "dunstctl \(arguments.joined(separator: " ")): \(String(describing: status)) \(problem)",
      sourceLocation: sourceLocation)
    return text
  }

  /// How many notifications dunst shows now.
  static func displayed() throws -> Int {
    try #require(Int(control("count", "displayed").trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// Waits until dunst shows at least `count` notifications.
  static func waitUntilDisplayed(
    atLeast count: Int, within limit: Duration = .seconds(5),
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let deadline = ContinuousClock.now + limit
    var shown = try displayed()
    while shown < count && ContinuousClock.now < deadline {
      try Task.checkCancellation()
      usleep(10_000)
      shown = try displayed()
    }
    try #require(
      shown >= count, "dunst shows \(shown) notifications, not \(count)",
      sourceLocation: sourceLocation)
  }

  /// Closes everything shown, so that it is in the history.
  static func closeAll() throws { try control("close-all") }

  /// The closed notifications, newest first.
  static func history() throws -> [Closed] {
    let json = try JSONSerialization.jsonObject(with: Data(control("history").utf8))
    let lists = try #require((json as? [String: Any])?["data"] as? [[[String: Any]]])
    return try (lists.first ?? []).map { entry in
      func value<T>(_ key: String, as type: T.Type = T.self) throws -> T {
        try #require((entry[key] as? [String: Any])?["data"] as? T, "history entry has no \(key)")
      }
      return Closed(
        id: try value("id"), summary: try value("summary"), body: try value("body"),
        appname: try value("appname"), category: try value("category"),
        message: try value("message"))
    }
  }

  /// The highest id in the history, so that a test can tell its own notifications apart.
  static func lastClosedID() throws -> Int { try history().map(\.id).max() ?? 0 }

  /// Closes everything and returns the notifications closed after `id`, oldest first.
  static func closedSince(_ id: Int) throws -> [Closed] {
    try closeAll()
    return try history().filter { $0.id > id }.sorted { $0.id < $1.id }
  }
}

/// The `Notify` calls on the session bus, as `dbus-monitor` prints them: a second witness, for
/// what dunst's history leaves out (the icon, the hints, the buttons, `replaces_id`).
final class NotifyMonitor {
  /// One `Notify` call's arguments, each line trimmed: `string "chulbal"`, `uint32 0`, …
  struct Call {
    let lines: [String]

    var replacesID: UInt32? {
      lines.count > 1 && lines[1].hasPrefix("uint32 ") ? UInt32(lines[1].dropFirst(7)) : nil
    }
    var icon: String? { lines.count > 2 ? lines[2] : nil }
    /// The action keys and labels, in order.
    var actions: [String] {
      guard let open = lines.firstIndex(of: "array ["),
        let close = lines[open...].firstIndex(of: "]")
      else { return [] }
      return Array(lines[(open + 1)..<close])
    }
    /// The value line of the hint `name`, such as `variant byte 2`.
    func hint(_ name: String) -> String? {
      guard let index = lines.firstIndex(of: "string \"\(name)\""), index + 1 < lines.count
      else { return nil }
      return lines[index + 1].split(separator: " ", omittingEmptySubsequences: true)
        .joined(separator: " ")
    }
  }

  private let folder = TemporaryFolder(prefix: "chulbal-monitor")
  private let child: ChildProcess

  /// Starts the monitor and waits until it listens, which it shows by printing the loss of
  /// its own name.
  init(sourceLocation: SourceLocation = #_sourceLocation) throws {
    child = try ChildProcess(
      ["dbus-monitor", "--session", "interface='org.freedesktop.Notifications',member='Notify'"],
      environment: NotifySession.variables, standardOutput: folder.path + "/out")
    let deadline = ContinuousClock.now + .seconds(5)
    while !text.contains("member=NameLost") && ContinuousClock.now < deadline { usleep(10_000) }
    try #require(
      text.contains("member=NameLost"), "dbus-monitor did not start", sourceLocation: sourceLocation
    )
  }

  deinit {
    kill(child.pid, SIGKILL)
    _ = child.wait()
  }

  private var text: String { String(decoding: folder.bytes("out") ?? Data(), as: UTF8.self) }

  /// The calls seen so far, once there are at least `count` of them.
  func calls(atLeast count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Call]
  {
    let deadline = ContinuousClock.now + .seconds(5)
    var calls = parse()
    while calls.count < count && ContinuousClock.now < deadline {
      usleep(10_000)
      calls = parse()
    }
    try #require(
      calls.count >= count, "dbus-monitor saw \(calls.count) Notify calls",
      sourceLocation: sourceLocation)
    return calls
  }

  private func parse() -> [Call] {
    var calls: [[String]] = []
    var inCall = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("method call ") || line.hasPrefix("signal ")
        || line.hasPrefix("method return ")
      {
        inCall = line.hasPrefix("method call ") && line.hasSuffix("member=Notify")
        if inCall { calls.append([]) }
      } else if inCall, !line.isEmpty {
        calls[calls.count - 1].append(line.trimmingCharacters(in: .whitespaces))
      }
    }
    // The last call may still be being written; it is complete once its timeout is there.
    return calls.filter { $0.last?.hasPrefix("int32 ") == true }.map(Call.init)
  }
}

/// Runs a poll source as a long-running loop would, until `done` says so or `limit` passes.
///
/// - Returns: whether `done` said so.
func pump(
  _ source: any PollSource, within limit: Duration = .seconds(5), until done: () -> Bool
) -> Bool {
  let deadline = ContinuousClock.now + limit
  while !done() {
    let left = deadline - ContinuousClock.now
    guard left > .zero else { return false }
    var (descriptors, timeout) = source.prepare()
    let leftMilliseconds =
      Int32(left.components.seconds * 1000)
      + Int32(left.components.attoseconds / 1_000_000_000_000_000) + 1
    let wait = timeout < 0 ? leftMilliseconds : min(timeout, leftMilliseconds)
    _ = poll(&descriptors, nfds_t(descriptors.count), wait)
    source.dispatch(descriptors)
  }
  return true
}

/// The text markup stands for: what a person reads of a body sent to a server that reads markup.
func unescapingMarkup(_ text: String) -> String {
  text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    .replacingOccurrences(of: "&amp;", with: "&")
}
