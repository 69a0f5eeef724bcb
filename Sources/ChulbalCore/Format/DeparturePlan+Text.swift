/// The trip of a plan in words, the same wherever it is shown.
extension DeparturePlan {
  /// `38분 (추정)`, `1시간 10분 (기억한 시간)`: the travel time, marked when chulbal chose it
  /// rather than the person giving it.
  public var travelText: String { travelText(note: nil) }

  /// ``travelText`` with `note` in parentheses in place of the source's mark: `38분 (카카오
  /// 길찾기, 오후 5:40 출발 기준)`.
  public func travelText(note: String?) -> String {
    KoreanDuration.text(seconds: travelSeconds, precision: .seconds)
      + (note.map { " (\($0))" } ?? travelSource.mark)
  }

  /// `이동 38분 (추정) + 여유 10분`, `이동 38분`, `여유 10분`, or `이동·여유 없음` for a kitchen
  /// timer, which has neither.
  public var tripLine: String { tripLine(travelNote: nil) }

  /// ``tripLine`` with `note` in parentheses after the travel time in place of `(추정)`:
  /// `이동 38분 (카카오 길찾기, 오후 5:40 출발 기준) + 여유 10분`.
  public func tripLine(travelNote note: String?) -> String {
    tripLine(travelPhrase: travelSeconds > 0 ? "이동 " + travelText(note: note) : nil)
  }

  /// `travelPhrase` (the trip in words, nil for none) and the buffer, joined by ` + `.
  public func tripLine(travelPhrase: String?) -> String {
    var parts = [travelPhrase].compactMap { $0 }
    if bufferSeconds > 0 {
      parts.append("여유 " + KoreanDuration.text(seconds: bufferSeconds, precision: .seconds))
    }
    return parts.isEmpty ? "이동·여유 없음" : parts.joined(separator: " + ")
  }
}
