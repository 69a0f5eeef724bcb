import ChulbalCore
import FoundationEssentials

/// Saved places, at most one of them the default.
extension Store {
  private static let placeColumns = Row.Columns(["name", "lat", "lng", "is_default"])

  private func places(_ condition: String, _ values: [SQLValue] = [])
    throws(StoreError) -> [SavedPlace]
  {
    var result: [SavedPlace] = []
    for values in try database.rows(
      "SELECT \(Self.placeColumns.list) FROM place \(condition) ORDER BY name", values)
    {
      result.append(
        try Self.place(Row(values, columns: Self.placeColumns, label: "장소", path: path)))
    }
    return result
  }

  /// Every saved place, by name.
  public func places() throws(StoreError) -> [SavedPlace] {
    try places("")
  }

  public func place(named name: String) throws(StoreError) -> SavedPlace? {
    try places("WHERE name = ?", [.text(name)]).first
  }

  /// The place trips start from when none is given; the schema allows at most one.
  public func defaultPlace() throws(StoreError) -> SavedPlace? {
    try places("WHERE is_default = 1").first
  }

  /// Adds a place; with `isDefault`, it replaces the old default in the same transaction,
  /// and the trips after `now` that start from the default place are planned again.
  /// Returns false, writing nothing, when the name is taken.
  public func addPlace(_ place: SavedPlace, now: Date) throws(StoreError) -> Bool {
    try writeAppointments { () throws(StoreError) in
      guard try !hasPlace(named: place.name) else { return false }
      if place.isDefault {
        try database.execute("UPDATE place SET is_default = 0")
        try noteTrips(after: now)
      }
      try database.rows(
        "INSERT INTO place (name, lat, lng, is_default) VALUES (?, ?, ?, ?)",
        [
          .text(place.name), .real(place.coordinate.latitude), .real(place.coordinate.longitude),
          .integer(place.isDefault ? 1 : 0),
        ])
      return true
    }
  }

  /// What ``updatePlace(named:to:)`` did.
  public enum PlaceUpdate: Equatable, Sendable {
    case updated
    /// No place has the name: nothing written.
    case notFound
    /// The new name is another place's: nothing written.
    case nameTaken
  }

  /// Replaces the place called `name` by `place`, which may carry a new name, in one
  /// transaction; with `isDefault`, it takes the default from any other place. When the
  /// default place changes, the trips after `now` are planned again.
  public func updatePlace(named name: String, to place: SavedPlace, now: Date)
    throws(StoreError) -> PlaceUpdate
  {
    try writeAppointments { () throws(StoreError) in
      guard try hasPlace(named: name) else { return .notFound }
      if place.name != name, try hasPlace(named: place.name) { return .nameTaken }
      let wasDefault = try defaultPlace()?.name == name
      if place.isDefault || wasDefault { try noteTrips(after: now) }
      if place.isDefault {
        try database.rows("UPDATE place SET is_default = 0 WHERE name <> ?", [.text(name)])
      }
      try database.rows(
        "UPDATE place SET name = ?, lat = ?, lng = ?, is_default = ? WHERE name = ?",
        [
          .text(place.name), .real(place.coordinate.latitude), .real(place.coordinate.longitude),
          .integer(place.isDefault ? 1 : 0), .text(name),
        ])
      return .updated
    }
  }

  private func hasPlace(named name: String) throws(StoreError) -> Bool {
    try database.scalar("SELECT count(*) FROM place WHERE name = ?", [.text(name)]).int != 0
  }

  /// Removes a place; returns whether it existed. When it was the default place, the trips
  /// after `now` are planned again.
  public func removePlace(named name: String, now: Date) throws(StoreError) -> Bool {
    try writeAppointments { () throws(StoreError) in
      if try defaultPlace()?.name == name { try noteTrips(after: now) }
      try database.rows("DELETE FROM place WHERE name = ?", [.text(name)])
      return database.changes > 0
    }
  }

  /// - Throws: `StoreError.damaged` naming the first column that holds what the schema forbids.
  private static func place(_ row: Row) throws(StoreError) -> SavedPlace {
    var row = row
    let name = try row.text("name")
    row.label = "장소 '\(name)'"
    guard let coordinate = try row.coordinate(latitude: "lat", longitude: "lng") else {
      throw row.damaged("lat, lng", "값이 없습니다 (NULL)")
    }
    return SavedPlace(name: name, coordinate: coordinate, isDefault: try row.flag("is_default"))
  }
}
