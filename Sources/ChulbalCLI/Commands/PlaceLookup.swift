import ChulbalCore
import ChulbalStore
import FoundationEssentials

/// `add --place NAME --search`: a place name that is not saved, looked up with the place search
/// and saved under that name once the appointment is kept, so the next `--place NAME` finds it
/// without asking the service again.
struct PlaceLookup {
  static let flag = OptionSpec(
    "--search", help: "--place가 저장된 장소가 아니면 장소 검색으로 찾아 그 이름으로 저장합니다 (place.search 설정)")

  /// The `--place` text, checked as a saved place's name.
  let name: String

  /// The lookup `--search` asks for, or nil without it.
  ///
  /// - Throws: `UsageError` for `--search` without `--place`, beside `--coord`, or with a
  ///   `--place` no saved place could be named.
  init?(_ options: ParsedOptions) throws {
    guard options.has(Self.flag) else { return nil }
    guard let name = options[.place] else { throw PlaceError.searchWithoutPlace }
    if options[.coord] != nil { throw PlaceError.searchWithCoord(option: Self.flag.name) }
    try PlaceAddCommand.validate(name: name, option: OptionSpec.place.name)
    self.name = name
  }

  /// A place found for the draft, to save once the appointment is kept.
  struct Found {
    let place: SavedPlace
    /// What the service found, in one line.
    let line: String

    /// Saves the place; the line that says what was found and kept.
    func save(in store: Store, now: Date) throws -> String {
      line + (try PlaceAddCommand.save(place, in: store, now: now))
    }
  }

  /// Asks the place search when `savedPlace` is nil (the name is not saved) and gives the draft
  /// the first place found.
  ///
  /// - Throws: `PlaceSearchFailure` when no service is set up, it fails, or it finds nothing.
  func resolve(
    _ draft: inout AppointmentDraft, savedPlace: SavedPlace?, store: Store?,
    options: ParsedOptions, environment: Environment
  ) throws -> Found? {
    guard savedPlace == nil else { return nil }
    let finder = try PlaceFinder(options, store: store, environment: environment)
    let found = try finder.first(name)
    draft.coordinate = found.coordinate
    return Found(
      place: SavedPlace(name: name, coordinate: found.coordinate, isDefault: false),
      line: finder.foundLine(found))
  }
}
