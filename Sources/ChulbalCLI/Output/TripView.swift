import ChulbalCore
import ChulbalTerminal

/// A remembered trip as `trip list`, `trip forget` and `edit --travel` show it.
enum TripView {
  /// `집 → 회사`: each end's name, or its coordinate when it has none.
  static func route(_ trip: RememberedTrip) -> String {
    let from = trip.origin.name ?? AppointmentView.text(trip.origin.coordinate)
    let to = trip.destinationName ?? AppointmentView.text(trip.destination)
    return TextCleaning.visible("\(from) → \(to)")
  }

  /// `1시간 10분`: the travel time in the words `show` uses for it.
  static func travel(_ trip: RememberedTrip) -> String {
    KoreanDuration.text(seconds: trip.travelSeconds, precision: .seconds)
  }

  /// `집 → 회사 (대중교통 1시간 10분)`: what completion says beside the trip's number.
  static func description(_ trip: RememberedTrip) -> String {
    "\(route(trip)) (\(trip.mode.koreanName) \(travel(trip)))"
  }

  /// `#1 집 → 회사 (대중교통 1시간 10분)`.
  static func summary(_ trip: RememberedTrip) -> String {
    "#\(trip.id) \(description(trip))"
  }

  /// What `edit --travel` adds when it remembers a trip, and how many appointments followed.
  static func rememberedLine(_ trip: RememberedTrip, replanned: Int) -> String {
    var text = "이동 시간을 기억합니다: \(summary(trip)). 같은 두 곳 사이의 약속에 추정 대신 씁니다\n"
    if replanned > 0 { text += "같은 두 곳 사이의 약속 \(replanned)개의 출발 시각을 다시 계획했습니다\n" }
    return text
  }

  /// `trip list`'s table.
  static func table(_ trips: [RememberedTrip]) -> String {
    let rows = trips.map {
      ["\($0.id)", route($0), $0.mode.koreanName, travel($0)]
    }
    return TerminalText.table([["번호", "길", "수단", "이동 시간"]] + rows)
  }

  /// `{"id", "origin": {"name", "coord"}, "destination": {"name", "coord"}, "mode",
  /// "travel_minutes"}`.
  static func json(_ trip: RememberedTrip) -> JSONValue {
    .object([
      ("id", .integer(trip.id)),
      (
        "origin",
        .object([
          ("name", trip.origin.name.map(JSONValue.string) ?? .null),
          ("coord", AppointmentView.json(trip.origin.coordinate)),
        ])
      ),
      (
        "destination",
        .object([
          ("name", trip.destinationName.map(JSONValue.string) ?? .null),
          ("coord", AppointmentView.json(trip.destination)),
        ])
      ),
      ("mode", .string(trip.mode.rawValue)),
      ("travel_minutes", .minutes(seconds: trip.travelSeconds)),
    ])
  }
}
