import FoundationEssentials

/// One series' starts, as a ``SeriesExpander`` gives them: every question about them is
/// answered, none fails.
public protocol SeriesStarts {
  /// Every start in `from..<to`, in order.
  func occurrences(from: Date, to: Date) -> [Date]
  /// The first start after `instant`, or nil when the series has ended by then.
  func nextOccurrence(after instant: Date) -> Date?
}
