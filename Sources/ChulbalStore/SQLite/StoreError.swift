import ChulbalCore

/// Why the appointment database could not be used; every case is a runtime failure (exit 1).
/// Descriptions are one Korean line naming the path as given, SQLite's own message after it as
/// `(SQLite: …)`, never an SQLite code or SQL; a refused file's line says it was left unchanged.
public enum StoreError: Error, Equatable, CustomStringConvertible {
  /// The file or its folder could not be opened or created; `reason` is Korean.
  case cannotOpen(path: String, reason: String)
  /// A command that writes found the folder read-only, so SQLite could not keep its log
  /// (`-wal`, `-shm`) there or the file could not be made.
  case readOnlyFolder(path: String, folder: String)
  /// A command that writes found the file itself read-only.
  case readOnlyFile(path: String)
  /// A writing command found the `-wal` or `-shm` file read-only (mode or `chattr +i`), where
  /// SQLite would fail or die of SIGBUS.
  case readOnlyLogFile(path: String, file: String)
  /// The disk (or the file system's quota) is full.
  case diskFull(path: String, detail: String)
  /// The file is an SQLite database of some other program.
  case notChulbal(path: String)
  /// The file was written by a newer chulbal, whose schema this one does not know.
  case newerVersion(path: String, found: Int, supported: Int)
  /// The file is not a database at all, is corrupt, or does not hold chulbal's schema;
  /// `reason` is Korean, or `SQLite: ` and SQLite's message when SQLite found it.
  case damaged(path: String, reason: String)
  /// Another process held the database for longer than the busy timeout.
  case busy(path: String)
  /// Any other SQLite failure; `code` is for the program, never shown.
  case sqlite(path: String, code: Int32, message: String)

  public var description: String {
    switch self {
    case .cannotOpen(let path, let reason):
      return "데이터베이스 '\(path)'\(Korean.objectParticle(after: path)) 열 수 없습니다: \(reason)"
    case .readOnlyFolder(let path, let folder):
      return
        "폴더 '\(folder)'\(Korean.subjectParticle(after: folder)) 읽기 전용이라 데이터베이스 '\(path)'에 쓸 수 없습니다 (읽기만 하는 명령은 됩니다)"
    case .readOnlyFile(let path):
      return
        "데이터베이스 '\(path)'\(Korean.subjectParticle(after: path)) 읽기 전용 파일이라 쓸 수 없습니다 (읽기만 하는 명령은 됩니다)"
    case .readOnlyLogFile(_, let file):
      return
        "데이터베이스에 딸린 파일 '\(file)'에 쓸 수 없습니다 (권한이나 chattr +i 속성을 확인하세요). 읽기만 하는 명령은 됩니다"
    case .diskFull(let path, let detail):
      return
        "디스크가 가득 차서 데이터베이스 '\(path)'\(Korean.objectParticle(after: path)) 쓰거나 읽을 수 없습니다. 공간을 비운 뒤 다시 하세요 [\(detail)]"
    case .notChulbal(let path):
      return
        "'\(path)'\(Korean.topicParticle(after: path)) chulbal 데이터베이스가 아닙니다 (다른 파일은 --db로 고르세요). \(Self.untouched)"
    case .newerVersion(let path, let found, let supported):
      return
        "'\(path)'\(Korean.topicParticle(after: path)) 더 새로운 chulbal이 만든 데이터베이스입니다 (스키마 \(found), 이 버전은 \(supported)까지). "
        + Self.untouched
    case .damaged(let path, let reason):
      return "데이터베이스 '\(path)' 파일이 손상되었습니다 (\(reason)). \(Self.untouched)"
    case .busy(let path):
      return
        "데이터베이스 '\(path)'\(Korean.objectParticle(after: path)) 다른 chulbal이 너무 오래 쓰고 있습니다. 잠시 뒤 다시 하세요"
    case .sqlite(let path, _, let message):
      return
        "데이터베이스 '\(path)'\(Korean.objectParticle(after: path)) 쓰거나 읽다가 예상하지 못한 오류가 났습니다 [\(message)]"
    }
  }

  /// The end of every message about a file refused as it is.
  static let untouched = "파일은 바꾸지 않았습니다"
}
