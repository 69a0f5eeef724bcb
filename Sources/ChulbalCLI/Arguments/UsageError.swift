import ChulbalCore

/// Something wrong with how chulbal was called; exit status 2, nothing written. As
/// swift-argument-parser keeps `ParserError` apart from `ValidationError`: ``ParseError`` for the
/// command line, and each command's own errors (``AppointmentError``, ``PlaceError``,
/// ``SourceError``, ``TripError``, ``NavError``, ``ValidationError``).
protocol UsageError: Error {
  /// The one line said on standard error, without the `chulbal: ` before it.
  var message: String { get }
}

/// ` — 혹시 'suggestion'?` after a word that was not understood, or nothing.
func suggestionHint(_ suggestion: String?) -> String {
  suggestion.map { " — 혹시 '\($0)'?" } ?? ""
}

/// The closest of `candidates` to a mistyped word, if one is close enough to be a typo.
///
/// A difference of letter case alone counts as closer than any other edit, so `-v` suggests
/// `-V` rather than `-h`.
///
/// - Parameter within: the most edits a typo makes; by default two, or a third of a long word.
func suggestion(for word: String, among candidates: [String], within: Int? = nil) -> String? {
  let scored = candidates.map {
    ($0, editDistance(word.lowercased(), $0.lowercased()), editDistance(word, $0))
  }
  guard let best = scored.min(by: { ($0.1, $0.2) < ($1.1, $1.2) }),
    best.2 <= within ?? max(2, word.count / 3)
  else {
    return nil
  }
  return best.0
}

/// Levenshtein distance between two words.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a)
  let b = Array(b)
  var previous = Array(0...b.count)
  for (i, ca) in a.enumerated() {
    var current = [i + 1]
    for (j, cb) in b.enumerated() {
      current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1)))
    }
    previous = current
  }
  return previous[b.count]
}
