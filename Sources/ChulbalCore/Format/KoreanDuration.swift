/// Lengths of time in Korean: `1시간 5분`, `12분 34초`, `35분`.
public enum KoreanDuration {
  /// How finely to show a duration.
  public enum Precision: Sendable {
    /// Hours and minutes (`1시간 5분`, `35분`); from a day, days, hours and minutes (`1일 16시간 49분`);
    /// from two days, days and hours (`3일 4시간`).
    case minutes
    /// Seconds too while under an hour: `12분 34초`, `45초`; from an hour on, as `.minutes`.
    case seconds
    /// As `.seconds`, but under an hour a clock's minutes and seconds, two digits each
    /// (`09:37`, `00:45`), so a status bar that redraws every second keeps its width.
    case fixedSeconds
  }

  /// The Korean text of a non-negative number of seconds (a negative one is shown as its size).
  public static func text(seconds: Int, precision: Precision = .minutes) -> String {
    var bytes: [UInt8] = []
    append(seconds: seconds, precision: precision, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// ``text(seconds:precision:)`` appended to `bytes` as UTF-8, written into room made once (every
  /// row of `list` shows one).
  public static func append(
    seconds: Int, precision: Precision = .minutes, to bytes: inout [UInt8]
  ) {
    bytes.append(addingCapacity: 64) { room in
      room.withUnsafeMutableBufferPointer { buffer, count in
        guard let start = buffer.baseAddress else { return }
        var end = start + count
        write(seconds: seconds, precision: precision, to: &end)
        count = end - start
      }
    }
  }

  /// Writes ``text(seconds:precision:)`` at `end` and moves past it.
  private static func write(
    seconds: Int, precision: Precision, to end: inout UnsafeMutablePointer<UInt8>
  ) {
    // The size of `Int.min` as well: `abs` would trap on it.
    let total = seconds.magnitude
    let hours = Int(total / 3600)
    let minutes = Int(total % 3600 / 60)
    let secondsPart = Int(total % 60)
    func text(_ name: StaticString) {
      end.initialize(from: name.utf8Start, count: name.utf8CodeUnitCount)
      end += name.utf8CodeUnitCount
    }
    func unit(_ value: Int, _ name: StaticString) {
      end.writeDecimal(value)
      text(name)
    }
    if precision == .fixedSeconds && hours == 0 {
      end.writeDecimal(minutes, digits: 2)
      text(":")
      end.writeDecimal(secondsPart, digits: 2)
      return
    }
    if precision == .seconds && hours == 0 {
      if minutes == 0 { return unit(secondsPart, "초") }
      unit(minutes, "분")
      if secondsPart != 0 {
        text(" ")
        unit(secondsPart, "초")
      }
      return
    }
    if hours == 0 { return unit(minutes, "분") }
    if hours >= 48 {
      unit(hours / 24, "일")
      if hours % 24 != 0 {
        text(" ")
        unit(hours % 24, "시간")
      }
      return
    }
    // A day and a part: `1일 16시간 49분` reads at once, `40시간 49분` has to be worked out.
    if hours >= 24 {
      unit(1, "일")
      if hours > 24 {
        text(" ")
        unit(hours - 24, "시간")
      }
    } else {
      unit(hours, "시간")
    }
    if minutes != 0 {
      text(" ")
      unit(minutes, "분")
    }
  }
}
