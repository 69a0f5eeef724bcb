import ChulbalCore

/// Saved places, at most one of them the default.
extension Store {
  public func places() throws(StoreError) -> [SavedPlace] {
    try database.rows("SELECT name, lat, lng, is_default FROM place ORDER BY name").map {
      SavedPlace(
        name: $0[0].string ?? "",
        coordinate: Coordinate(latitude: $0[1].double ?? 0, longitude: $0[2].double ?? 0),
        isDefault: $0[3].int == 1)
    }
  }

  public func place(named name: String) throws(StoreError) -> SavedPlace? {
    try places().first { $0.name == name }
  }

  public func defaultPlace() throws(StoreError) -> SavedPlace? {
    try places().first { $0.isDefault }
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
}
