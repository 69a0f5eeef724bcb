import FoundationEssentials

/// Expands a series into the instants its occurrences start at.
///
/// The core keeps what a series is (``Repetition``) but not how its rule is walked, which
/// takes a calendar library; the store and the commands are handed an expander, so the store
/// needs no calendar library of its own. ChulbalCalendar's expander walks the rule with
/// libical.
public protocol SeriesExpander: Sendable {
  /// The starts of `appointment`'s series; nil for a one-off.
  ///
  /// - Throws: when the series cannot be expanded (a zone or a rule the expander does not
  ///   know); every question asked of the starts it returns is then answered.
  func starts(of appointment: Appointment) throws -> (any SeriesStarts)?
}
