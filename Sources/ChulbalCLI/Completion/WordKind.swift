/// What a word on the command line stands for, so that completion knows what to offer there:
/// an option's value or a command's operand.
enum WordKind: Sendable, Equatable {
  /// Anything the person types (a time, a duration, a title): nothing to offer.
  case text
  /// One of a fixed list of words.
  case choice([String])
  /// A path: the shell completes file names.
  case file
  /// An IANA zone name from the system's zone database.
  case timeZone
  /// The name of a saved place.
  case place
  /// An appointment, by its number; offered with its title.
  case appointment
  /// A remembered trip, by its number; offered with its route.
  case trip
  /// The name of a setting.
  case settingKey
  /// The name of a registered calendar source; only CalDAV ones when `serverOnly`.
  case source(serverOnly: Bool)

  /// The raw values of an enumeration whose cases are the words accepted.
  static func choice<T: RawRepresentable & CaseIterable>(of _: T.Type) -> WordKind
  where T.RawValue == String {
    .choice(T.allCases.map(\.rawValue))
  }
}
