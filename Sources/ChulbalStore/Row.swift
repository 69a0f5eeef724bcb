import ChulbalCore

/// One row of a query, read by column name, refusing every value the schema does not allow.
///
/// The schema's constraints stop bad values on write, so only a damaged or hand-edited file holds
/// one, and a default would hide it. Each accessor throws `StoreError.damaged` naming the row and
/// column (`약속 #3, mode: 알 수 없는 값 'plane'`). Ranges are those input is held to: years 1900–2200,
/// durations up to `DurationExpression.maximumSeconds`, latitude ±90, longitude ±180.
struct Row {
  /// The columns a query selects, in its order, with positions looked up once per query shape.
  struct Columns {
    let names: [String]
    fileprivate let positions: [String: Int]

    init(_ names: [String]) {
      self.names = names
      positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    }

    /// `id, title, …` for a SELECT.
    var list: String { names.joined(separator: ", ") }

    /// A selected column with its position, found once rather than by name in every row.
    subscript(name: String) -> Column {
      guard let position = positions[name] else { preconditionFailure("no column '\(name)'") }
      return Column(name: name, position: position)
    }
  }

  /// A column to read: by name (a string literal) or with its position known
  /// (``Columns/subscript(name:)``).
  struct Column: ExpressibleByStringLiteral {
    let name: String
    /// Its place in the query's columns, when known before the row is read.
    let position: Int?

    init(name: String, position: Int) {
      self.name = name
      self.position = position
    }

    init(stringLiteral name: String) {
      self.name = name
      position = nil
    }
  }

  /// The row as a damage report names it, such as `약속`, then `약속 #3` with ``number``.
  var label: String
  /// The row's number once read, for damage reports (`약속 #3`); kept apart so a good row never
  /// builds its label.
  var number: Int?
  private let path: String
  private let columns: Columns
  private let values: Values

  /// Where the row's values are: copied out of SQLite, or read in place from the statement.
  private enum Values {
    case copied([SQLValue])
    case inPlace(Database.StatementRow)
  }

  /// - Parameters:
  ///   - values: one row as `Database.rows` returns it.
  ///   - columns: the names of its columns, in the query's order.
  init(_ values: [SQLValue], columns: Columns, label: String, path: String) {
    self.label = label
    self.path = path
    self.columns = columns
    self.values = .copied(values)
  }

  /// A row read in place, valid only while `Database.forEachRow`'s body runs.
  init(_ row: Database.StatementRow, columns: Columns, label: String, path: String) {
    self.label = label
    self.path = path
    self.columns = columns
    values = .inPlace(row)
  }

  private func position(_ column: Column) -> Int {
    // A name the query did not select is a mistake in this module, not in the file.
    guard let position = column.position ?? columns.positions[column.name] else {
      preconditionFailure("no column '\(column.name)' selected")
    }
    return position
  }

  /// The value of a selected column.
  subscript(column: Column) -> SQLValue {
    let position = position(column)
    switch values {
    case .copied(let values):
      guard position < values.count else { preconditionFailure("no column '\(column.name)'") }
      return values[position]
    case .inPlace(let row): return row.value(position)
    }
  }

  /// The error for a problem with a column of this row, such as `알 수 없는 값 'plane'`.
  func damaged(_ column: String, _ problem: String) -> StoreError {
    let label = number.map { "\(self.label) #\($0)" } ?? self.label
    return .damaged(path: path, reason: "\(label), \(column): \(problem)")
  }

  /// The problem of a NULL in a column that needs a value.
  static let missing = "값이 없습니다 (NULL)"

  func integer(_ column: Column) throws(StoreError) -> Int {
    if case .inPlace(let row) = values, let value = row.integer(position(column)) {
      return value
    }
    switch self[column] {
    case .integer(let value): return value
    case .null: throw damaged(column.name, Self.missing)
    default: throw damaged(column.name, "정수가 아닙니다")
    }
  }

  /// Seconds since 1970 within 1900–2200, with the widest UTC offsets either side, so arithmetic
  /// and dates on it are defined.
  func instant(_ column: Column) throws(StoreError) -> Int {
    let value = try integer(column)
    guard Self.instants.contains(value) else {
      throw damaged(column.name, "범위 밖의 값 '\(value)' (1900~2200년)")
    }
    return value
  }

  /// 1900-01-01T00:00+14:00 up to, not including, 2201-01-01T00:00−14:00.
  static let instants = (-2_208_988_800 - 14 * 3600)..<(7_289_654_400 + 14 * 3600)

  /// A duration in seconds such as travel, no longer than any typed duration may be.
  func duration(_ column: Column) throws(StoreError) -> Int {
    let value = try integer(column)
    guard (0...DurationExpression.maximumSeconds).contains(value) else {
      throw damaged(
        column.name, "범위 밖의 값 '\(value)' (0~\(DurationExpression.maximumSeconds)초)")
    }
    return value
  }

  /// A duration either side of an instant, such as an alert's lead, which is negative after
  /// the departure: no longer than any typed duration may be.
  func signedDuration(_ column: Column) throws(StoreError) -> Int {
    let value = try integer(column)
    let longest = DurationExpression.maximumSeconds
    guard (-longest...longest).contains(value) else {
      throw damaged(column.name, "범위 밖의 값 '\(value)' (-\(longest)~\(longest)초)")
    }
    return value
  }

  /// A boolean, stored as 0 or 1.
  func flag(_ column: Column) throws(StoreError) -> Bool {
    switch try integer(column) {
    case 0: return false
    case 1: return true
    case let other: throw damaged(column.name, "0이나 1이 아닌 값 '\(other)'")
    }
  }

  func text(_ column: Column) throws(StoreError) -> String {
    guard let value = try optionalText(column) else { throw damaged(column.name, Self.missing) }
    return value
  }

  /// Text, or nil for NULL.
  func optionalText(_ column: Column) throws(StoreError) -> String? {
    // Well-formed text in place becomes a string at once; anything else is judged below.
    if case .inPlace(let row) = values {
      let position = position(column)
      if let text = row.validText(position) { return text }
      if row.isNull(position) { return nil }
    }
    switch self[column] {
    // chulbal never writes a NUL: no argument can hold one, and the input checks refuse it.
    case .text(let value) where value.utf8.contains(0):
      throw damaged(column.name, "텍스트에 NUL 문자가 있습니다")
    case .text(let value): return value
    case .undecodableText: throw damaged(column.name, "UTF-8이 아닌 텍스트입니다")
    case .null: return nil
    default: throw damaged(column.name, "텍스트가 아닙니다")
    }
  }

  /// A text column's bytes in place, unchecked, for a reader recognising a value it already
  /// checked; nil for a copied row or a non-text column.
  func uncheckedTextBytes(_ column: Column) -> UnsafeRawBufferPointer? {
    guard case .inPlace(let row) = values else { return nil }
    return row.textBytes(position(column))
  }

  /// A comma-separated list of durations in seconds, such as `1800,600,0`; the empty string is
  /// the empty list.
  func durations(_ column: Column) throws(StoreError) -> [Int] {
    let text = try text(column)
    guard !text.isEmpty else { return [] }
    // As bytes: only ASCII digits and commas were ever written, and splitting into Characters was a
    // quarter of the watch's re-plan over 10,000 appointments.
    var result: [Int] = []
    var value = 0
    var digits = 0
    for byte in text.utf8 {
      if byte == UInt8(ascii: ",") {
        guard digits > 0 else { throw damaged(column.name, "잘못된 목록 '\(text)'") }
        result.append(value)
        value = 0
        digits = 0
      } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), digits < 10 {
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
      } else {
        throw damaged(column.name, "잘못된 목록 '\(text)'")
      }
      if value > DurationExpression.maximumSeconds {
        throw damaged(column.name, "잘못된 목록 '\(text)'")
      }
    }
    guard digits > 0 else { throw damaged(column.name, "잘못된 목록 '\(text)'") }
    result.append(value)
    return result
  }

  /// Whether a column holds NULL.
  func isNull(_ column: Column) -> Bool {
    if case .inPlace(let row) = values { return row.isNull(position(column)) }
    if case .null = self[column] { return true }
    return false
  }

  /// A wall time written as `2026-12-01T09:00:00` (``WallTime/description``) that a clock shows, in
  /// the years instants are kept in.
  func wallTime(_ column: Column) throws(StoreError) -> WallTime {
    // Read in place when it is text: one series row each in an agenda.
    if let bytes = uncheckedTextBytes(column), let time = Self.wallTime(bytes) { return time }
    let text = try text(column)
    guard let time = Self.wallTime(text) else {
      throw damaged(column.name, "잘못된 시각 '\(text)' (예: 2026-12-01T09:00:00)")
    }
    return time
  }

  /// `2026-12-01T09:00:00` as a valid wall time in the years 1900–2200, else nil.
  static func wallTime(_ text: String) -> WallTime? {
    Array(text.utf8).withUnsafeBytes(wallTime)
  }

  /// The same, of its UTF-8 bytes.
  static func wallTime(_ bytes: UnsafeRawBufferPointer) -> WallTime? {
    guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
    else { return nil }
    let time = WallTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard time.isValid, (1900...2200).contains(year) else { return nil }
    return time
  }

  /// A coordinate kept in two columns, both NULL when there is none.
  func coordinate(latitude: Column, longitude: Column) throws(StoreError) -> Coordinate? {
    // Two numbers in range, or two NULLs, read in place; anything else is judged below.
    if case .inPlace(let row) = values {
      let (north, east) = (position(latitude), position(longitude))
      if let north = row.number(north), let east = row.number(east), abs(north) <= 90,
        abs(east) <= 180
      {
        return Coordinate(latitude: north, longitude: east)
      }
      if row.isNull(north) && row.isNull(east) { return nil }
    }
    switch (self[latitude], self[longitude]) {
    case (.null, .null): return nil
    case (.null, _):
      throw damaged(latitude.name, "\(longitude.name)에는 값이 있는데 이 열은 비어 있습니다 (NULL)")
    case (_, .null):
      throw damaged(longitude.name, "\(latitude.name)에는 값이 있는데 이 열은 비어 있습니다 (NULL)")
    default:
      return Coordinate(
        latitude: try degrees(latitude, limit: 90), longitude: try degrees(longitude, limit: 180))
    }
  }

  /// Degrees within ±`limit`, the range `Coordinate.parse` accepts.
  private func degrees(_ column: Column, limit: Double) throws(StoreError) -> Double {
    guard let value = self[column].double else { throw damaged(column.name, "숫자가 아닙니다") }
    guard abs(value) <= limit else {
      throw damaged(column.name, "범위 밖의 값 '\(value)' (-\(Int(limit))~\(Int(limit)))")
    }
    return value
  }
}
