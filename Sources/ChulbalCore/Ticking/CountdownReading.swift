import Foundation

/// What a countdown shows at one instant: the remaining (or overdue) time in words.
public struct CountdownReading: Equatable, Sendable {
  public enum Phase: Equatable, Sendable {
    /// Departure is ahead.
    case counting
    /// Departure has come: the first minute after it.
    case leaveNow
    /// More than a minute past departure, before the appointment starts.
    case late
    /// The appointment has started.
    case started
  }

  public let phase: Phase
  /// Whole seconds to departure as the display counts them: rounded up while ahead (so it
  /// reads 0 exactly at departure), negative and rounded down when overdue.
  public let seconds: Int
  /// `출발까지 12분 34초`, `출발까지 1시간 5분`, `지금 출발하세요!`, `3분 늦음`.
  public let text: String
  /// The remaining or overdue time alone, as the display counts it: `12분 34초`, `1시간 5분`.
  public let duration: String
  /// How much of the wait since `countdownStart` has passed, 0…1.
  public let progress: Double
  /// 0 while more than 30 minutes remain, rising to 1 at 5 minutes and after.
  public let urgency: Double

  /// Reads the countdown at `now`.
  ///
  /// - Parameters:
  ///   - departure: the instant counted down to.
  ///   - start: when the appointment starts (the overdue count stops there).
  ///   - countdownStart: when the countdown began, for the progress bar.
  public init(departure: Date, start: Date, now: Date, countdownStart: Date) {
    let remaining = departure.timeIntervalSince(now)
    let total = departure.timeIntervalSince(countdownStart)
    progress = total > 0 ? min(1, max(0, now.timeIntervalSince(countdownStart) / total)) : 1
    urgency = min(1, max(0, (TickPolicy.secondsThreshold - remaining) / (25 * 60)))
    if remaining > 0 {
      phase = .counting
      // Far away the display counts whole minutes, so the value is rounded up to one.
      let unit: TimeInterval = remaining > TickPolicy.secondsThreshold ? 60 : 1
      seconds = Int((remaining / unit).rounded(.up) * unit)
      duration = KoreanDuration.text(seconds: seconds, precision: .seconds)
      text = "출발까지 " + duration
      return
    }
    let overdue = Int((-remaining).rounded(.down))
    seconds = -overdue
    phase = now > start ? .started : overdue < 60 ? .leaveNow : .late
    duration = KoreanDuration.text(seconds: overdue, precision: .seconds)
    text = overdue == 0 ? "지금 출발하세요!" : duration + " 늦음"
  }
}
