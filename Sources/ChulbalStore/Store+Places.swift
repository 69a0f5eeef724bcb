import ChulbalCore

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

  /// Adds a place; with `isDefault`, it replaces the old default in the same transaction.
  /// Returns false, writing nothing, when the name is taken.
  public func addPlace(_ place: SavedPlace) throws(StoreError) -> Bool {
    try database.writeTransaction { () throws(StoreError) in
      let taken =
        try database.scalar(
          "SELECT count(*) FROM place WHERE name = ?", [.text(place.name)]
        ).int ?? 0
      guard taken == 0 else { return false }
      if place.isDefault { try database.execute("UPDATE place SET is_default = 0") }
      try database.rows(
        "INSERT INTO place (name, lat, lng, is_default) VALUES (?, ?, ?, ?)",
        [
          .text(place.name), .real(place.coordinate.latitude), .real(place.coordinate.longitude),
          .integer(place.isDefault ? 1 : 0),
        ])
      return true
    }
  }

  /// Removes a place; returns whether it existed.
  public func removePlace(named name: String) throws(StoreError) -> Bool {
    try database.writeTransaction { () throws(StoreError) in
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
