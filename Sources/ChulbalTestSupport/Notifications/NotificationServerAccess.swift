import Testing

/// Gives a suite the session's notification server to itself, from its first test to its last:
/// suites of several targets run at once, and one's `dunstctl action 0` or `count displayed` would
/// see another's notifications.
public struct NotificationServerAccess: SuiteTrait, TestScoping {
  public var isRecursive: Bool { false }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await Self.turn.acquire()
    do {
      try await function()
    } catch {
      await Self.turn.release()
      throw error
    }
    await Self.turn.release()
  }

  private static let turn = Turn()

  /// One holder at a time, the others waiting in order.
  private actor Turn {
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
      guard held else {
        held = true
        return
      }
      await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
      if waiting.isEmpty { held = false } else { waiting.removeFirst().resume() }
    }
  }
}

extension Trait where Self == NotificationServerAccess {
  /// The session's notification server, for this suite alone while it runs.
  public static var notificationServer: Self { Self() }
}
