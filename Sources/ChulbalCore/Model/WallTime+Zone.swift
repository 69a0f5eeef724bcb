import FoundationEssentials

extension CivilDate {
  /// The day clocks in `zone` show at `instant`.
  public init(_ instant: Date, in zone: Zone) {
    self = WallTime(instant, in: zone).date
  }
}

extension WallTime {
  /// What clocks in `zone` show at `instant`, to the second.
  public init(_ instant: Date, in zone: Zone) {
    let second = Int(instant.timeIntervalSince1970.rounded(.down))
    self.init(secondsSinceEpoch: second + zone.offset(atSecond: second))
  }

  /// The instant clocks in `zone` show this wall time (the earlier of a repeated one, the
  /// pre-gap reading of a skipped one, as ``Zone/instant(forLocalSeconds:)`` chooses).
  public func instant(in zone: Zone) -> Date {
    Date(timeIntervalSince1970: TimeInterval(zone.instant(forLocalSeconds: secondsSinceEpoch)))
  }
}
