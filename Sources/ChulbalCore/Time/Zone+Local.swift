import FoundationEssentials

extension Zone {
  /// The instant, in seconds since 1970 UTC, at which this zone's clocks show `localSeconds`
  /// (seconds since 1970-01-01 00:00 on the wall clock). A time skipped by a DST gap moves forward
  /// by the gap; a repeated one takes the earlier instant.
  public func instant(forLocalSeconds localSeconds: Int) -> Int {
    Self.instant(forLocalSeconds: localSeconds, offset: offset(atSecond:))
  }

  /// ``instant(forLocalSeconds:)`` for offsets from elsewhere (a calendar's own VTIMEZONE):
  /// `offset` gives seconds east of UTC at a UTC second.
  public static func instant(forLocalSeconds localSeconds: Int, offset: (Int) -> Int) -> Int {
    // Offsets a day either side bracket any single transition near the wall time.
    let before = offset(localSeconds - 86_400)
    let after = offset(localSeconds + 86_400)
    let candidates = [before, after].map { localSeconds - $0 }.filter {
      offset($0) == localSeconds - $0
    }
    if let earliest = candidates.min() { return earliest }
    // In a gap: the offset before it, which lands as far past the gap's end.
    return localSeconds - before
  }
}
