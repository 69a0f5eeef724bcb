import ChulbalSystem
import Foundation
import Testing

/// The session's dunst, watched and driven through `dunstctl`, each call a child process.
public struct Dunst {
  /// One notification in dunst's history, which lists the closed ones.
  public struct Closed: Equatable {
    public let id: Int
    public let summary: String
    public let body: String
    public let appname: String
    public let category: String
    /// The formatted text; the test dunstrc starts it with the urgency: `[critical] `.
    public let message: String
  }

  /// Runs `dunstctl arguments` and returns what it wrote.
  @discardableResult
  public static func control(
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
  public static func displayed() throws -> Int {
    try #require(Int(control("count", "displayed").trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// Waits until dunst shows at least `count` notifications.
  public static func waitUntilDisplayed(
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
  public static func closeAll() throws { try control("close-all") }

  /// The closed notifications, newest first.
  public static func history() throws -> [Closed] {
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
  public static func lastClosedID() throws -> Int { try history().map(\.id).max() ?? 0 }

  /// Closes everything and returns the notifications closed after `id`, oldest first.
  public static func closedSince(_ id: Int) throws -> [Closed] {
    try closeAll()
    return try history().filter { $0.id > id }.sorted { $0.id < $1.id }
  }
}
