/// The trip of a plan in words, the same wherever it is shown.
extension DeparturePlan {
  /// `38분 (추정)`: the travel time, marked when it was estimated rather than given.
  public var travelText: String {
    KoreanDuration.text(seconds: travelSeconds, precision: .seconds)
      + (travelEstimated ? " (추정)" : "")
  }

  /// `38분 (추정) + 여유 10분`; `이동·여유 없음` for a kitchen timer, which has neither.
  public var tripText: String {
    guard travelSeconds > 0 || bufferSeconds > 0 else { return "이동·여유 없음" }
    return "\(travelText) + 여유 \(KoreanDuration.text(seconds: bufferSeconds, precision: .seconds))"
  }

  /// `이동 38분 (추정) + 여유 10분`, or `이동·여유 없음`.
  public var tripLine: String {
    travelSeconds > 0 || bufferSeconds > 0 ? "이동 \(tripText)" : tripText
  }
}
