import ChulbalSystem
import Foundation
import Testing

/// The `Notify` calls on the session bus, as `dbus-monitor` prints them: a second witness, for
/// what dunst's history leaves out (the icon, the hints, the buttons, `replaces_id`).
public final class NotifyMonitor {
  /// One `Notify` call's arguments, each line trimmed: `string "chulbal"`, `uint32 0`, …
  public struct Call {
    public let lines: [String]

    public var replacesID: UInt32? {
      lines.count > 1 && lines[1].hasPrefix("uint32 ") ? UInt32(lines[1].dropFirst(7)) : nil
    }
    public var icon: String? { lines.count > 2 ? lines[2] : nil }
    /// The action keys and labels, in order.
    public var actions: [String] {
      guard let open = lines.firstIndex(of: "array ["),
        let close = lines[open...].firstIndex(of: "]")
      else { return [] }
      return Array(lines[(open + 1)..<close])
    }
    /// The value line of the hint `name`, such as `variant byte 2`.
    public func hint(_ name: String) -> String? {
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
  public init(sourceLocation: SourceLocation = #_sourceLocation) throws {
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
  public func calls(atLeast count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> [Call]
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
