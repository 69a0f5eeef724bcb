import Foundation
import Synchronization

/// The UTC offsets of one time zone, looked up by instant without asking ICU each time.
///
/// Offsets are read from `TimeZone` once per year-long slice of time, on first use, and kept:
/// the offset at the slice's start and every transition inside it. A lookup is then an array
/// index and a scan of at most a few transitions. Shared by every thread through a mutex.
final class ZoneOffsets: Sendable {
  /// The slices cover 1900-01-01T00:00Z up to about 2200; instants outside are not tabled.
  static let firstSecond = -2_208_988_800
  static let sliceSeconds = 31_556_952  // One mean Gregorian year.
  static let sliceCount = 300
  static let lastSecond = firstSecond + sliceSeconds * sliceCount

  private struct Slice {
    var startOffset: Int
    var transitions: [(at: Int, offset: Int)]

    func offset(at second: Int) -> Int {
      var offset = startOffset
      for transition in transitions where second >= transition.at {
        offset = transition.offset
      }
      return offset
    }
  }

  let timeZone: TimeZone
  private let slices: Mutex<[Slice?]>

  private init(timeZone: TimeZone) {
    self.timeZone = timeZone
    slices = Mutex(Array(repeating: nil, count: Self.sliceCount))
  }

  private static let cache = Mutex<[String: ZoneOffsets]>([:])

  /// The shared table for a zone, created on first request.
  static func shared(for timeZone: TimeZone) -> ZoneOffsets {
    cache.withLock { cache in
      if let table = cache[timeZone.identifier] { return table }
      let table = ZoneOffsets(timeZone: timeZone)
      cache[timeZone.identifier] = table
      return table
    }
  }

  /// Whether `second` (since 1970, UTC) falls inside the tabled range.
  @inline(__always)
  static func covers(_ second: Int) -> Bool {
    second >= firstSecond && second < lastSecond
  }

  /// Seconds east of UTC at `second`, which must be inside the tabled range.
  func offset(atSecond second: Int) -> Int {
    let index = (second - Self.firstSecond) / Self.sliceSeconds
    return slices.withLock { slices in
      if slices[index] == nil { slices[index] = makeSlice(index) }
      // Read where it is kept: a copy of the slice retained and released its transitions,
      // a third of the lookup, which every time shown makes (callgrind, `agenda`).
      return slices[index].unsafelyUnwrapped.offset(at: second)
    }
  }

  private func makeSlice(_ index: Int) -> Slice {
    let start = Self.firstSecond + index * Self.sliceSeconds
    let end = start + Self.sliceSeconds
    var slice = Slice(
      startOffset: timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(start))),
      transitions: [])
    var cursor = Date(timeIntervalSince1970: TimeInterval(start))
    while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor),
      next.timeIntervalSince1970 < TimeInterval(end)
    {
      let at = Int(next.timeIntervalSince1970.rounded(.up))
      slice.transitions.append((at, timeZone.secondsFromGMT(for: next)))
      cursor = next
    }
    return slice
  }
}
