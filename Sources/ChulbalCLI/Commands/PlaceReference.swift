import ChulbalCore
import ChulbalStore

/// What an option that takes a saved place's name or a coordinate was given (`--from`,
/// `--coord`, `plan --to`), read before the store is opened.
///
/// Saved names never parse as coordinates (`place add` refuses them), so text that parses is a
/// coordinate at once. Anything else waits for the store: a name such as `3,4번 출구` looks like
/// a coordinate that is not one, so the coordinate's error is given only when no place has
/// the name.
struct PlaceReference {
  let text: String
  /// The coordinate `text` is, when it is one.
  let coordinate: Coordinate?
  private let option: String
  /// Why `text` is not a coordinate, when it looks like one.
  private let coordinateError: InputError?

  /// Reads `text`, given for `option`; `knownOnly` refuses 0,0, which means no coordinate.
  init(_ text: String, option: OptionSpec, knownOnly: Bool = true) {
    self.text = text
    self.option = option.name
    do throws(InputError) {
      coordinate = try knownOnly ? Coordinate.parseKnown(text) : Coordinate.parse(text)
      coordinateError = nil
    } catch {
      coordinate = nil
      let looksLikeOne =
        MapLinkCoordinate.isLink(text)
        || text.contains(",") && text.first.map { $0.isNumber || $0 == "-" || $0 == "+" } == true
      coordinateError = looksLikeOne ? error : nil
    }
  }

  /// The option's reference, if it was given.
  static func read(_ options: ParsedOptions, _ spec: OptionSpec, knownOnly: Bool = true)
    -> PlaceReference?
  {
    options[spec].map { PlaceReference($0, option: spec, knownOnly: knownOnly) }
  }

  /// The coordinate, and the saved place's name when `text` names one.
  ///
  /// - Throws: `UsageError` when `text` is neither a coordinate nor a place in `store`;
  ///   `StoreError` when the store cannot be read.
  func resolved(in store: Store?) throws -> (coordinate: Coordinate, placeName: String?) {
    if let coordinate { return (coordinate, nil) }
    if let place = try store?.place(named: text) { return (place.coordinate, place.name) }
    if let coordinateError { throw ParseError.invalidValue(option: option, coordinateError) }
    // Where a place is what is mostly meant, the message leads with the place.
    if option == OptionSpec.from.name { throw PlaceError.unknownPlace(text) }
    throw PlaceError.neitherCoordinateNorPlace(option: option, text)
  }

  /// As an origin: a saved place keeps its name.
  func origin(in store: Store?) throws -> Origin {
    let (coordinate, name) = try resolved(in: store)
    return Origin(name: name, coordinate: coordinate)
  }

  /// Whether the store must be read to know what `text` is.
  var needsStore: Bool { coordinate == nil }
}

extension OptionSpec {
  /// `--coord` where a saved place's name will do as well.
  static let coordOrPlace = OptionSpec(
    "--coord", value: "위도,경도|장소", kind: .place,
    help: "도착지 좌표나 저장된 장소 이름 (좌표가 든 지도 링크도 됩니다), 예: 37.4979,127.0276")
}
