import FoundationEssentials

extension Zone {
  /// The instant at which clocks in this zone show a wall-clock time.
  ///
  /// `localSeconds` counts seconds since 1970-01-01 00:00 *on the wall clock*. A wall time
  /// that does not exist (skipped by a DST gap) moves forward by the length of the gap; a wall
  /// time that occurs twice (DST fall-back) takes the earlier instant.
  ///
  /// - Returns: seconds since 1970-01-01 00:00 UTC.
  public func instant(forLocalSeconds localSeconds: Int) -> Int {
    Self.instant(forLocalSeconds: localSeconds, offset: offset(atSecond:))
  }

  /// ``instant(forLocalSeconds:)`` for a zone whose offsets come from elsewhere (a
  /// calendar's own VTIMEZONE, which libical reads): `offset` gives seconds east of UTC at a
  /// second since 1970 (UTC).
  public static func instant(forLocalSeconds localSeconds: Int, offset: (Int) -> Int) -> Int {
    // Offsets a day either side bracket any single transition near the wall time.
    let before = offset(localSeconds - 86_400)
    let after = offset(localSeconds + 86_400)
    let candidates = [before, after].map { localSeconds - $0 }.filter {
      offset($0) == localSeconds - $0
    }
    if let earliest = candidates.min() { return earliest }
    // In a gap: read the wall time with the offset in force before the gap, which lands the
    // same distance past the gap's end.
    return localSeconds - before
  }
}
