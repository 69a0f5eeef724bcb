import FoundationEssentials

/// The trip of an appointment in words, with where it starts when the origin rule chained it.
extension Appointment {
  /// `회사에서 이동 3분 (추정) + 여유 10분` after an appointment at 회사, `이동 없음 (같은 장소) +
  /// 여유 10분` when the previous appointment is at the destination, else
  /// ``DeparturePlan/tripLine``.
  ///
  /// - Parameter timeOfDay: the time of day of an instant as the reader reads it (`오후 5:40`),
  ///   for the departure a provider's trip was asked about.
  public func tripLine(timeOfDay: (Date) -> String) -> String {
    plan.tripLine(travelPhrase: travelPhrase(timeOfDay: timeOfDay))
  }

  /// The trip without the buffer: `회사에서 이동 3분 (추정)` after an appointment at 회사,
  /// `이동 없음 (같은 장소)` at its place, `이동 38분 (카카오 길찾기, 오후 5:40 출발 기준)`; nil
  /// without a trip.
  public func travelPhrase(timeOfDay: (Date) -> String) -> String? {
    guard travelSeconds > 0 else { return origin?.reason == .same ? "이동 없음 (같은 장소)" : nil }
    let from = origin?.reason == .previous ? origin?.fromText.map { $0 + " " } : nil
    return (from ?? "") + "이동 " + travelText(timeOfDay: timeOfDay)
  }

  /// `38분 (추정)`, `1시간 10분 (기억한 시간)`, `38분 (카카오 길찾기, 오후 5:40 출발 기준)`: the
  /// travel time and, unless the person gave it, where it came from.
  public func travelText(timeOfDay: (Date) -> String) -> String {
    let plan = plan
    guard let source = travelSource.route, let routeDeparture else { return plan.travelText }
    return plan.travelText(note: source.basis(departing: timeOfDay(routeDeparture)))
  }
}

extension Origin {
  /// `회사에서`: the named place a chained trip starts from; nil for a bare coordinate.
  public var fromText: String? {
    name.map { TextCleaning.visible($0) + "에서" }
  }

  /// `앞 약속 '회의'의 장소`, `기본 장소`, …: why the trip starts here, as `show` says it.
  public var reasonText: String {
    let after = after.map { "앞 약속 '\(TextCleaning.visible($0))'" } ?? "앞 약속"
    switch reason {
    case .given: return "직접 정한 출발지"
    case .same: return "\(after)의 장소, 같은 곳이라 이동 없음"
    case .previous: return "\(after)의 장소"
    case .source: return "캘린더의 출발지"
    case .default: return "기본 출발지"
    }
  }
}
