import Foundation

/// What a countdown shows at one instant: the remaining (or overdue) time in words.
public struct CountdownReading: Equatable, Sendable {
  /// Where the departure stands, as ``DeparturePlan/status(at:)`` says.
  public let status: DepartureStatus
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

  /// Reads the countdown to `plan`'s departure at `now`.
  ///
  /// - Parameter countdownStart: when the countdown began, for the progress bar.
  public init(plan: DeparturePlan, now: Date, countdownStart: Date) {
    status = plan.status(at: now)
    let remaining = plan.departure.timeIntervalSince(now)
    let total = plan.departure.timeIntervalSince(countdownStart)
    progress = total > 0 ? min(1, max(0, now.timeIntervalSince(countdownStart) / total)) : 1
    urgency = min(1, max(0, (TickPolicy.secondsThreshold - remaining) / (25 * 60)))
    if case .upcoming = status {
      // Far away the display counts whole minutes, so the value is rounded up to one.
      let unit: TimeInterval = remaining > TickPolicy.secondsThreshold ? 60 : 1
      seconds = Int((remaining / unit).rounded(.up) * unit)
      duration = KoreanDuration.text(seconds: seconds, precision: .seconds)
      text = "출발까지 " + duration
      return
    }
    let overdue = Int((-remaining).rounded(.down))
    seconds = -overdue
    duration = KoreanDuration.text(seconds: overdue, precision: .seconds)
    text = overdue == 0 ? "지금 출발하세요!" : duration + " 늦음"
  }
}
