/// The trip of a plan in words, the same wherever it is shown.
extension DeparturePlan {
  /// `38분 (추정)`, `1시간 10분 (기억한 시간)`: the travel time, marked when chulbal chose it
  /// rather than the person giving it.
  public var travelText: String {
    KoreanDuration.text(seconds: travelSeconds, precision: .seconds) + travelSource.mark
  }

  /// `이동 38분 (추정) + 여유 10분`, `이동 38분`, `여유 10분`, or `이동·여유 없음` for a kitchen
  /// timer, which has neither.
  public var tripLine: String {
    var parts: [String] = []
    if travelSeconds > 0 { parts.append("이동 " + travelText) }
    if bufferSeconds > 0 {
      parts.append("여유 " + KoreanDuration.text(seconds: bufferSeconds, precision: .seconds))
    }
    return parts.isEmpty ? "이동·여유 없음" : parts.joined(separator: " + ")
  }
}
