import FoundationEssentials

/// What a countdown shows at one instant; with prep time it counts to getting ready, then to
/// departure.
public struct CountdownReading: Equatable, Sendable {
  /// What the reading counts to.
  public enum Phase: Equatable, Sendable {
    /// Getting ready starts at the plan's `ready`.
    case prepare
    /// Leaving, at the plan's `departure`; and after it, until the appointment starts.
    case depart
  }

  /// How long before the target the bar fills and the colour turns.
  public static let barSeconds: TimeInterval = 30 * 60

  public let phase: Phase
  /// Where the departure stands, as ``DeparturePlan/status(at:)`` says.
  public let status: DepartureStatus
  /// The instant counted to: `ready` while preparing, else the departure.
  public let target: Date
  /// Whole seconds to `target`: rounded up ahead (0 exactly at the target), negative and rounded
  /// down when overdue.
  public let seconds: Int
  /// Whether seconds are shown (30 minutes or less to `target`, or past it).
  public let countsSeconds: Bool
  /// `준비 시작까지 12분`, `출발까지 12분 34초` (`남은 시간 1시간` with no trip), `지금 출발하세요!`,
  /// `출발 3분 지남`, `약속 시각입니다`.
  public let text: String
  /// `12분 늦음` when leaving now arrives after the start (``DeparturePlan/lateness(leavingAt:)``),
  /// else nil.
  public let lateness: String?
  /// The remaining or overdue time alone, as the display counts it: `12분 34초`, `1시간 5분`.
  public let duration: String
  /// How much of the last half hour before `target` has passed, 0…1.
  public let progress: Double
  /// 0 while more than 30 minutes remain to `target`, rising to 1 at 5 minutes and after.
  public let urgency: Double

  /// Reads the countdown to `plan` at `now`.
  ///
  /// - Parameter countingReady: count to `ready` first when there is prep time (a status bar counts
  ///   to departure alone).
  public init(plan: DeparturePlan, now: Date, countingReady: Bool = true) {
    status = plan.status(at: now)
    lateness = plan.lateness(leavingAt: now)
    if countingReady, let ready = plan.ready, now < ready {
      phase = .prepare
      target = ready
    } else {
      phase = .depart
      target = plan.departure
    }
    let remaining = target.timeIntervalSince(now)
    progress = min(1, max(0, 1 - remaining / Self.barSeconds))
    urgency = min(1, max(0, (TickPolicy.secondsThreshold - remaining) / (25 * 60)))
    countsSeconds = remaining <= TickPolicy.secondsThreshold
    if remaining > 0 {
      // Far away the display counts whole minutes, so the value is rounded up to one.
      let unit: TimeInterval = countsSeconds ? 1 : 60
      seconds = Int((remaining / unit).rounded(.up) * unit)
      duration = KoreanDuration.text(seconds: seconds, precision: .seconds)
      // With neither travel nor buffer there is no trip to leave for: a timer to the start.
      let timer = plan.travelSeconds == 0 && plan.bufferSeconds == 0
      text = (phase == .prepare ? "준비 시작까지 " : timer ? "남은 시간 " : "출발까지 ") + duration
      return
    }
    let overdue = Int((-remaining).rounded(.down))
    seconds = -overdue
    duration = KoreanDuration.text(seconds: overdue, precision: .seconds)
    // Within the second of departure it is time to leave, even when a late wake finds a timer
    // already started.
    switch status {
    case _ where overdue == 0: text = "지금 출발하세요!"
    case .started(let since) where since >= 60:
      text = "약속 시각 \(KoreanDuration.text(seconds: Int(since), precision: .seconds)) 지남"
    case .started: text = "약속 시각입니다"
    default:
      text = "출발 \(duration) 지남" + (lateness.map { " (\($0))" } ?? "")
    }
  }
}
