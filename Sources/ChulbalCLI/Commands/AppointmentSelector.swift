import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// Finds the stored appointment a person means: `3`, `#3`, or a unique title prefix.
enum AppointmentSelector {
  /// The appointment the command's one optional word names, else the next departure after
  /// `now`; nil when no word is given and nothing is upcoming. A series is its next
  /// occurrence after `now`.
  static func namedOrNext(_ selector: String?, store: Store?, now: Date) throws -> Appointment? {
    if let selector {
      let found = try find(selector, in: store)
      return try store?.current(found, at: now) ?? found
    }
    return try store?.next(after: now)
  }

  static func find(_ selector: String, in store: Store?) throws -> Appointment {
    let digits = selector.hasPrefix("#") ? String(selector.dropFirst()) : selector
    if let id = Int(digits), !digits.isEmpty, digits.allSatisfy(\.isASCII) {
      guard let appointment = try store?.appointment(id: id) else {
        throw AppointmentError.unknownAppointment(selector)
      }
      return appointment
    }
    guard !selector.isEmpty, let store else { throw AppointmentError.unknownAppointment(selector) }
    // Titles that start with the word first; a word from inside a title ('송년회' for '대학
    // 동기 송년회') only when none does.
    var matches = try store.appointments(titlePrefix: selector)
    let contained = matches.isEmpty
    if contained { matches = try store.appointments(titleContaining: selector) }
    if matches.count == 1 { return matches[0] }
    // A title typed in full wins over longer titles that merely start with it.
    let exact = matches.filter { $0.title == selector }
    if exact.count == 1 { return exact[0] }
    guard !matches.isEmpty else {
      throw AppointmentError.unknownAppointment(
        selector, suggestion: try closestTitle(to: selector, in: store))
    }
    throw AppointmentError.ambiguousAppointment(
      selector, matches: matches.prefix(5).map { "#\($0.id) \($0.title)" }, contained: contained)
  }

  /// The title of the appointment whose title, or one of its words, is a typo away from
  /// `selector` (`송연회` for `대학 동기 송년회`); nil when none is that close.
  private static func closestTitle(to selector: String, in store: Store) throws -> String? {
    var candidates: [String: String] = [:]
    for (_, title) in try store.titles() {
      for word in [title] + title.split(separator: " ").map(String.init)
      where candidates[word] == nil {
        candidates[word] = title
      }
    }
    // A third of the word, at least one letter: a one-syllable typo in a three-syllable word.
    return suggestion(
      for: selector, among: candidates.keys.sorted(), within: max(1, selector.count / 3)
    ).flatMap { candidates[$0] }
  }
}
