import ChulbalCore

/// Settings, stored as text in their normal form.
extension Store {
  /// The stored settings over the defaults.
  ///
  /// - Throws: `StoreError.damaged` naming the setting when a stored value does not read back
  ///   (every value was checked when it was set, so only a damaged file has one).
  public func settings() throws(StoreError) -> Settings {
    var settings = Settings.defaults
    let columns = Row.Columns(["key", "value"])
    for values in try database.rows("SELECT \(columns.list) FROM setting ORDER BY key") {
      var row = Row(values, columns: columns, label: "설정", path: path)
      let name = try row.text("key")
      // A key this version does not know is left for the version that wrote it.
      guard let key = Settings.Key(rawValue: name) else { continue }
      row.label = "설정 '\(name)'"
      let value = try row.text("value")
      do {
        try settings.set(key, from: value)
      } catch {
        throw row.damaged("value", "잘못된 값 '\(value)'")
      }
    }
    return settings
  }

  /// Stores the value `settings` holds for `key`, in its normal form.
  public func save(_ key: Settings.Key, of settings: Settings) throws(StoreError) {
    try database.writeTransaction { () throws(StoreError) in
      try database.rows(
        "INSERT INTO setting (key, value) VALUES (?, ?) "
          + "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        [.text(key.rawValue), .text(settings.text(key))])
    }
  }

  /// Forgets the stored value of `key`, so it holds its default again.
  ///
  /// - Returns: whether a value was stored.
  public func unset(_ key: Settings.Key) throws(StoreError) -> Bool {
    try database.writeTransaction { () throws(StoreError) -> Bool in
      try database.rows("DELETE FROM setting WHERE key = ?", [.text(key.rawValue)])
      return database.changes > 0
    }
  }
}
