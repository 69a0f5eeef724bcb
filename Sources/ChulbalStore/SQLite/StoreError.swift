/// Why the appointment database could not be used; every case is a runtime failure (exit 1).
public enum StoreError: Error, Equatable, CustomStringConvertible {
  /// The file or its folder could not be opened or created.
  case cannotOpen(path: String, reason: String)
  /// The file is an SQLite database of some other program.
  case notChulbal(path: String)
  /// The file was written by a newer chulbal, whose schema this one does not know.
  case newerVersion(path: String, found: Int, supported: Int)
  /// The file is not a database at all, or is corrupt.
  case damaged(path: String, reason: String)
  /// Another process held the database for longer than the busy timeout.
  case busy(path: String)
  /// Any other SQLite failure, with SQLite's own message.
  case sqlite(code: Int32, message: String, context: String)

  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason):
      return "데이터베이스 '\(path)'를 열 수 없습니다: \(reason)"
    case .notChulbal(let path):
      return "'\(path)'는 chulbal 데이터베이스가 아닙니다 (건드리지 않았습니다; --db로 다른 파일을 고르세요)"
    case .newerVersion(let path, let found, let supported):
      return "'\(path)'는 더 새로운 chulbal이 만든 데이터베이스입니다 (스키마 \(found), 이 버전은 \(supported)까지; "
        + "건드리지 않았습니다)"
    case .damaged(let path, let reason):
      return "데이터베이스 '\(path)'가 손상되었습니다: \(reason) (건드리지 않았습니다)"
    case .busy(let path):
      return "데이터베이스 '\(path)'를 다른 chulbal이 너무 오래 쓰고 있습니다; 잠시 뒤 다시 하세요"
    case .sqlite(let code, let message, let context):
      return "SQLite 오류 \(code) (\(context)): \(message)"
    }
  }
}
