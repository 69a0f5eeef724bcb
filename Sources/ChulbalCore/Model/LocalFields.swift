import FoundationEssentials

/// The fields of an appointment brought in from a calendar that the person set in chulbal
/// (`edit`), which reading the calendar again keeps.
///
/// The calendar stays the authority on what it says (title, start, place, note, the series);
/// these are what it does not say, or says less well than the person who knows the trip.
public struct LocalFields: OptionSet, Equatable, Sendable {
  public let rawValue: Int

  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  public static let travel = LocalFields(rawValue: 1 << 0)
  public static let origin = LocalFields(rawValue: 1 << 1)
  public static let mode = LocalFields(rawValue: 1 << 2)
  public static let buffer = LocalFields(rawValue: 1 << 3)
  public static let prep = LocalFields(rawValue: 1 << 4)
  public static let alerts = LocalFields(rawValue: 1 << 5)
  /// The destination's coordinate, kept while the calendar's place is the one it was set for.
  public static let coordinate = LocalFields(rawValue: 1 << 6)

  /// Each field with its name in JSON, in the order `show` lists them.
  public static let named: [(field: LocalFields, name: String)] = [
    (.coordinate, "coord"), (.origin, "origin"), (.mode, "mode"), (.travel, "travel"),
    (.buffer, "buffer"), (.prep, "prep"), (.alerts, "alerts"),
  ]

  /// The JSON names of the fields held, in ``named``'s order.
  public var names: [String] {
    Self.named.filter { contains($0.field) }.map(\.name)
  }
}

extension AppointmentDraft {
  /// Whether the draft changes what a calendar says of an event (title, start, zone, place,
  /// note): fields the calendar's next change of the event replaces.
  public var changesCalendarFields: Bool {
    title != nil || start != nil || timeZone != nil || place != nil || note != nil
  }

  /// The local fields after this draft is applied (``applied(to:)``) to an appointment whose
  /// local fields were `previous`, giving `result`: those the draft sets are added, and the
  /// travel stops being local once it is estimated again (a new origin or destination).
  public func localFields(over previous: LocalFields, result: Appointment) -> LocalFields {
    var fields = previous
    if travelSeconds != nil { fields.insert(.travel) }
    if origin != nil { fields.insert(.origin) }
    if mode != nil { fields.insert(.mode) }
    if bufferSeconds != nil { fields.insert(.buffer) }
    if prepSeconds != nil { fields.insert(.prep) }
    if alertLeads != nil { fields.insert(.alerts) }
    if coordinate != nil { fields.insert(.coordinate) }
    if result.travelSource.isWorkedOut { fields.remove(.travel) }
    return fields
  }
}

extension Appointment {
  /// This appointment, as a calendar gives it anew, over `stored`, the row kept for the same
  /// event, whose `local` fields the person set.
  ///
  /// What the person chose in chulbal stays: origin, mode, buffer, preparation and alerts (set
  /// when the event was first read, from the settings or by `edit`), a local travel, and a
  /// local coordinate while the calendar's place is the same text. The trip is estimated again
  /// from what is kept when the calendar's own figure was an estimate or the default, so a
  /// changed place is planned from the person's origin, not from the default place.
  /// The occurrences of a series the person skipped (nil) or moved (to the instant given) in
  /// chulbal, by the wall time the rule gives them, are laid over the calendar's series.
  ///
  /// - Returns: the appointment to keep, and its local fields (a coordinate set for a place
  ///   the calendar has since changed is no longer one).
  public func keepingLocal(
    _ local: LocalFields, of stored: Appointment, occurrences: [WallTime: Date?] = [:]
  ) -> (appointment: Appointment, local: LocalFields) {
    var result = self
    var local = local
    if var repetition = result.repetition, !occurrences.isEmpty {
      for (wall, start) in occurrences {
        if let start {
          repetition.exceptions.remove(wall)
          repetition.overrides[wall] = start
        } else {
          repetition.exceptions.insert(wall)
          repetition.overrides[wall] = nil
        }
      }
      result.repetition = repetition
    }
    result.origin = stored.origin
    result.mode = stored.mode
    result.bufferSeconds = stored.bufferSeconds
    result.prepSeconds = stored.prepSeconds
    result.alertLeads = stored.alertLeads
    if local.contains(.coordinate) {
      if place == stored.place {
        result.coordinate = stored.coordinate
      } else {
        local.remove(.coordinate)
      }
    }
    if local.contains(.travel) {
      result.travelSeconds = stored.travelSeconds
      result.travelSource = stored.travelSource
      return (result, local)
    }
    // The calendar's figure is its own (an export's X-CHULBAL-TRAVEL, Apple's travel time)
    // when it is not an estimate and one could have been made from what it gave.
    let ownFigure =
      !travelEstimated
      && (try? TravelEstimate.seconds(from: origin?.coordinate, to: coordinate, mode: mode)) != nil
    if !ownFigure,
      let seconds = try? TravelEstimate.seconds(
        from: result.origin?.coordinate, to: result.coordinate, mode: result.mode)
    {
      result.travelSeconds = seconds
      result.travelSource = .estimate
    }
    return (result, local)
  }
}
