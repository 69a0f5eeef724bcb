import ChulbalCore
import Foundation
import Synchronization
import Testing

/// A wall clock that tests drive: each sleep lands on its deadline, unless the script says the
/// machine was suspended past it (a jump forward) or the clock was set back (a jump back).
/// Each scripted jump happens once.
public final class ScriptedClock: WallClock {
  private let state: Mutex<(now: Date, sleeps: [Date], jumps: [Date: TimeInterval])>

  /// - Parameter jumps: for a sleep's deadline, how far from it the process wakes.
  public init(now: Date, jumps: [Date: TimeInterval] = [:]) {
    state = Mutex((now, [], jumps))
  }

  public func now() -> Date { state.withLock { $0.now } }

  public func sleep(until deadline: Date) {
    state.withLock { state in
      #expect(deadline > state.now, "a sleep must always be forward")
      state.sleeps.append(deadline)
      state.now = deadline.addingTimeInterval(state.jumps.removeValue(forKey: deadline) ?? 0)
    }
  }

  /// Sets the clock to `instant`, forward or back: a person setting it, or a resume from
  /// suspend.
  public func set(to instant: Date) {
    state.withLock { $0.now = instant }
  }

  /// Every deadline slept to, in order.
  public var sleeps: [Date] { state.withLock { $0.sleeps } }
}

/// A clock for code that must not read the time: any use is a test failure.
public struct UnexpectedClock: WallClock {
  public init() {}

  public func now() -> Date {
    Issue.record("the clock was read, which this test did not expect")
    return Date(timeIntervalSince1970: 0)
  }

  public func sleep(until deadline: Date) {
    Issue.record("the clock was slept on, which this test did not expect")
  }
}
