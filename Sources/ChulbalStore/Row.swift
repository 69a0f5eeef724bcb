import ChulbalCore

/// One row of a query, read by column name, refusing every value the schema does not allow.
///
/// The schema's NOT NULL and CHECK constraints stop bad values on write, so only a damaged or
/// hand-edited file holds one; a default filled in here would hide it and let a command act on
/// it. Each accessor instead throws `StoreError.damaged` naming the row and the column:
/// `appointment #3: mode 'plane'`, `place '집': lat is not a number`.
struct Row {
  /// The columns a query selects, in its order, with their positions looked up once per
  /// query shape rather than once per row.
  struct Columns {
    let names: [String]
    fileprivate let positions: [String: Int]

    init(_ names: [String]) {
      self.names = names
      positions = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    }

    /// `id, title, …` for a SELECT.
    var list: String { names.joined(separator: ", ") }
  }

  /// The row as a damage report names it; `appointment` until its id is read, then
  /// `appointment #3`.
  var label: String
  private let path: String
  private let columns: Columns
  private let values: [SQLValue]

  /// - Parameters:
  ///   - values: one row as `Database.rows` returns it.
  ///   - columns: the names of its columns, in the query's order.
  init(_ values: [SQLValue], columns: Columns, label: String, path: String) {
    self.label = label
    self.path = path
    self.columns = columns
    self.values = values
  }

  /// The value of a selected column.
  subscript(column: String) -> SQLValue {
    // A name the query did not select is a mistake in this module, not in the file.
    guard let position = columns.positions[column], position < values.count else {
      preconditionFailure("no column '\(column)' selected")
    }
    return values[position]
  }

  /// The error for a problem with this row, such as `mode 'plane'`.
  func damaged(_ problem: String) -> StoreError {
    .damaged(path: path, reason: "\(label): \(problem)")
  }

  func integer(_ column: String) throws(StoreError) -> Int {
    switch self[column] {
    case .integer(let value): return value
    case .null: throw damaged("\(column) is NULL")
    default: throw damaged("\(column) is not an integer")
    }
  }

  /// A count such as seconds of travel.
  func nonNegativeInteger(_ column: String) throws(StoreError) -> Int {
    let value = try integer(column)
    guard value >= 0 else { throw damaged("\(column) '\(value)'") }
    return value
  }

  /// A boolean, stored as 0 or 1.
  func flag(_ column: String) throws(StoreError) -> Bool {
    switch try integer(column) {
    case 0: return false
    case 1: return true
    case let other: throw damaged("\(column) '\(other)'")
    }
  }

  func text(_ column: String) throws(StoreError) -> String {
    guard let value = try optionalText(column) else { throw damaged("\(column) is NULL") }
    return value
  }

  /// Text, or nil for NULL.
  func optionalText(_ column: String) throws(StoreError) -> String? {
    switch self[column] {
    case .text(let value): return value
    case .null: return nil
    default: throw damaged("\(column) is not text")
    }
  }

  /// A comma-separated list of non-negative integers, such as `1800,600,0`; the empty string is
  /// the empty list.
  func nonNegativeIntegers(_ column: String) throws(StoreError) -> [Int] {
    let text = try text(column)
    guard !text.isEmpty else { return [] }
    var result: [Int] = []
    for field in text.split(separator: ",", omittingEmptySubsequences: false) {
      // Int() also reads "+5" and "-0", which were never written.
      guard field.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(field) else {
        throw damaged("\(column) '\(text)'")
      }
      result.append(value)
    }
    return result
  }

  /// A coordinate kept in two columns, both NULL when there is none.
  func coordinate(latitude: String, longitude: String) throws(StoreError) -> Coordinate? {
    switch (self[latitude], self[longitude]) {
    case (.null, .null): return nil
    case (.null, _): throw damaged("\(latitude) is NULL but \(longitude) is not")
    case (_, .null): throw damaged("\(longitude) is NULL but \(latitude) is not")
    default:
      return Coordinate(
        latitude: try degrees(latitude, limit: 90), longitude: try degrees(longitude, limit: 180))
    }
  }

  /// Degrees within ±`limit`, the range `Coordinate.parse` accepts.
  private func degrees(_ column: String, limit: Double) throws(StoreError) -> Double {
    guard let value = self[column].double else { throw damaged("\(column) is not a number") }
    guard abs(value) <= limit else { throw damaged("\(column) '\(value)'") }
    return value
  }
}
