/// Lengths of time in Korean: `1시간 5분`, `12분 34초`, `35분`.
public enum KoreanDuration {
  /// How finely to show a duration.
  public enum Precision: Sendable {
    /// Hours and minutes, the seconds dropped: `1시간 5분`, `35분`, `0분`; from a day on, a
    /// day, hours and minutes (`1일 16시간 49분`); from two days on, days and hours: `3일 4시간`.
    case minutes
    /// Seconds too while under an hour: `12분 34초`, `45초`; from an hour on, as `.minutes`.
    case seconds
    /// As `.seconds`, but under an hour always minutes and seconds, two digits each
    /// (`09분 37초`, `00분 45초`), so a status bar that redraws every second keeps its width.
    case fixedSeconds
  }

  /// The Korean text of a non-negative number of seconds (a negative one is shown as its size).
  public static func text(seconds: Int, precision: Precision = .minutes) -> String {
    let total = abs(seconds)
    let hours = total / 3600
    let minutes = total % 3600 / 60
    let secondsPart = total % 60
    if precision == .fixedSeconds && hours == 0 {
      func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
      return "\(twoDigits(minutes))분 \(twoDigits(secondsPart))초"
    }
    if precision == .seconds && hours == 0 {
      if minutes == 0 { return "\(secondsPart)초" }
      return secondsPart == 0 ? "\(minutes)분" : "\(minutes)분 \(secondsPart)초"
    }
    if hours == 0 { return "\(minutes)분" }
    if hours >= 48 {
      let rest = hours % 24
      return rest == 0 ? "\(hours / 24)일" : "\(hours / 24)일 \(rest)시간"
    }
    // A day and a part: `1일 16시간 49분` reads at once, `40시간 49분` has to be worked out.
    if hours >= 24 {
      let rest = hours - 24
      return "1일" + (rest == 0 ? "" : " \(rest)시간") + (minutes == 0 ? "" : " \(minutes)분")
    }
    return minutes == 0 ? "\(hours)시간" : "\(hours)시간 \(minutes)분"
  }
}
