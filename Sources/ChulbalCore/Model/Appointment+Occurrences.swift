import FoundationEssentials

/// A series' occurrences as appointments: the same appointment (its id, title, travel,
/// alerts) with the occurrence's start, so every view of one appointment shows an occurrence
/// unchanged.
extension Appointment {
  /// This appointment starting at `start`: one occurrence of a series.
  public func occurrence(at start: Date) -> Appointment {
    var occurrence = self
    occurrence.start = start
    return occurrence
  }

  /// The occurrence that starts first after `instant`; the appointment itself for a one-off
  /// that starts after it; nil when there is none.
  ///
  /// - Parameter starts: the series' starts (``SeriesExpander/starts(of:)``), nil for a one-off.
  public func nextOccurrence(after instant: Date, in starts: (any SeriesStarts)?) -> Appointment? {
    guard let starts else { return start > instant ? self : nil }
    return starts.nextOccurrence(after: instant).map(occurrence(at:))
  }

  /// Every occurrence that starts in `from..<to`, in order; a one-off is its own one.
  ///
  /// - Parameter starts: the series' starts (``SeriesExpander/starts(of:)``), nil for a one-off.
  public func occurrences(from: Date, to: Date, in starts: (any SeriesStarts)?) -> [Appointment] {
    guard let starts else { return start >= from && start < to ? [self] : [] }
    return starts.occurrences(from: from, to: to).map(occurrence(at:))
  }
}
