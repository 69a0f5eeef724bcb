/// The trip of a plan in words, the same wherever it is shown.
extension DeparturePlan {
  /// `38분 (추정)`: the travel time, marked when it was estimated rather than given.
  public var travelText: String {
    KoreanDuration.text(seconds: travelSeconds, precision: .seconds)
      + (travelEstimated ? " (추정)" : "")
  }

  /// `38분 (추정) + 여유 10분`, `38분`, `여유 10분`: what there is of travel and buffer, for a
  /// line that names the travel already (`이동  대중교통 · 38분 …`); `이동·여유 없음` for a
  /// kitchen timer, which has neither.
  public var tripText: String { trip(travelWord: "") }

  /// `이동 38분 (추정) + 여유 10분`, `이동 38분`, `여유 10분`, or `이동·여유 없음`.
  public var tripLine: String { trip(travelWord: "이동 ") }

  private func trip(travelWord: String) -> String {
    var parts: [String] = []
    if travelSeconds > 0 { parts.append(travelWord + travelText) }
    if bufferSeconds > 0 {
      parts.append("여유 " + KoreanDuration.text(seconds: bufferSeconds, precision: .seconds))
    }
    return parts.isEmpty ? "이동·여유 없음" : parts.joined(separator: " + ")
  }
}
