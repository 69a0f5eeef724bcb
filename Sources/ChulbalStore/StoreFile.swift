import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// The database's path on disk: what it names, whether a command may write there, and how a new
/// file is made.
///
/// The path is used as given, never normalised, so messages name what the person typed and SQLite
/// opens exactly that (SQLite's own side files aside, ``logFile(_:of:)``).
enum StoreFile {
  /// The `-wal` or `-shm` (`suffix`) file of the database at `path`: SQLite follows symbolic
  /// links and keeps them beside the file a link leads to.
  static func logFile(_ suffix: String, of path: String) -> String {
    (RealPath.of(path) ?? path) + suffix
  }

  /// What a path names, once it has been found to be usable.
  enum State: Equatable {
    case absent
    /// A regular file of 0 bytes: an empty store to read, and one to initialise in place for
    /// a command that writes.
    case empty
    case regular
  }

  /// What `path` names, refusing before SQLite sees it anything not a regular file (a device,
  /// folder or FIFO), a trailing slash, a link loop or a dangling link.
  static func inspect(_ path: String) throws(StoreError) -> State {
    var info = stat()
    guard stat(path, &info) == 0 else {
      let code = errno
      if path.hasSuffix("/") && (code == ENOENT || code == ENOTDIR) {
        throw .cannotOpen(path: path, reason: "경로가 '/'로 끝납니다. 파일 이름까지 주세요")
      }
      guard code == ENOENT else {
        throw .cannotOpen(path: path, reason: SystemErrorText.reason(code))
      }
      var link = stat()
      guard lstat(path, &link) == 0 else { return .absent }
      // Not a link: another process made the file in the instant since stat (the first
      // writers race to link theirs into place), so look again.
      guard link.st_mode & S_IFMT == S_IFLNK else { return try inspect(path) }
      throw .cannotOpen(path: path, reason: "심볼릭 링크가 가리키는 파일이 없습니다")
    }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return info.st_size == 0 ? .empty : .regular
    case S_IFDIR: throw .cannotOpen(path: path, reason: "폴더입니다. 데이터베이스 파일의 경로를 주세요")
    case S_IFCHR, S_IFBLK:
      throw .cannotOpen(path: path, reason: "일반 파일이 아니라 장치 파일입니다. \(StoreError.untouched)")
    case S_IFIFO:
      throw .cannotOpen(
        path: path, reason: "일반 파일이 아니라 이름 있는 파이프(FIFO)입니다. \(StoreError.untouched)")
    case S_IFSOCK:
      throw .cannotOpen(path: path, reason: "일반 파일이 아니라 소켓입니다. \(StoreError.untouched)")
    default: throw .cannotOpen(path: path, reason: "일반 파일이 아닙니다. \(StoreError.untouched)")
    }
  }

  /// The folder that holds `path`: everything before its last slash, `/` for a file at the
  /// root, `.` for a bare name such as `a`.
  static func folder(of path: String) -> String {
    // By scalars, not characters: a combining mark after a slash joins it in one character.
    let scalars = path.unicodeScalars
    guard let slash = scalars.lastIndex(of: "/") else { return "." }
    let folder = String(scalars[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// Refuses in words a store a command cannot write, which SQLite finds only at the first write or
  /// when making `-wal` and `-shm`; a connection on an unwritable `-shm` dies of SIGBUS at its next
  /// write (`chattr +i`).
  static func checkWritable(_ path: String) throws(StoreError) {
    let folder = Self.folder(of: path)
    if access(folder, W_OK | X_OK) != 0, [EACCES, EROFS, EPERM].contains(errno) {
      throw .readOnlyFolder(path: path, folder: folder)
    }
    if access(path, W_OK) != 0, [EACCES, EROFS, EPERM].contains(errno) {
      throw .readOnlyFile(path: path)
    }
    for file in ["-wal", "-shm"].map({ logFile($0, of: path) })
    where access(file, W_OK) != 0 && [EACCES, EROFS, EPERM].contains(errno) {
      throw .readOnlyLogFile(path: path, file: file)
    }
  }

  /// Whether a write-ahead log with pages in it lies beside the file.
  static func hasPendingLog(_ path: String) -> Bool {
    var log = stat()
    return stat(logFile("-wal", of: path), &log) == 0 && log.st_size > 0
  }

  /// Whether a write-ahead log lies beside the file, empty or not: once a command has written the
  /// file there, chulbal's connections leave one (``Database/keepLogFiles()``).
  static func hasLog(_ path: String) -> Bool {
    var log = stat()
    return lstat(logFile("-wal", of: path), &log) == 0
  }

  /// Whether both the file and its folder can be written.
  static func isWritable(_ path: String) -> Bool {
    access(folder(of: path), W_OK | X_OK) == 0 && access(path, W_OK) == 0
  }

  /// Whether a reading command may open the file immutable when SQLite cannot make its `-shm`: only
  /// in a read-only folder (no writer can make a `-wal` either) with no log holding pages.
  static func isFrozen(_ path: String) -> Bool {
    guard access(folder(of: path), W_OK) != 0 else { return false }
    return !hasPendingLog(path)
  }

  /// Makes the database at `path` whole or not at all: made and initialised under a temporary name
  /// in the same folder, then linked into place.
  ///
  /// Folders made are 0700 and the file 0600, whatever the umask. If another process links its file
  /// first, theirs is used. On failure no file is left; folders made stay.
  static func create(
    _ path: String, initialise: (Database) throws(StoreError) -> Void
  ) throws(StoreError) {
    let folder = Self.folder(of: path)
    try makeFolder(folder, for: path)
    // Short, so that a file name near the 255-byte limit still leaves room for it.
    let temporary = folder + "/.chulbal-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).new"
    let descriptor = open(temporary, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw creationError(errno, path: path, folder: folder) }
    defer {
      for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) }
    }
    // The umask may have taken bits from 0600 (all of them under `umask 777`); SQLite gives
    // its -wal and -shm files the database's mode, so this one mode covers them too.
    let modeSet = fchmod(descriptor, 0o600) == 0 ? 0 : errno
    close(descriptor)
    guard modeSet == 0 else { throw creationError(modeSet, path: path, folder: folder) }
    do {
      // Closed at the end of this block, which checkpoints its log into the file.
      try initialise(try Database(path: temporary))
    } catch {
      throw error.naming(path, instead: temporary)
    }
    guard link(temporary, path) != 0 else { return }
    let code = errno
    // Another process linked its whole file first: that one is used.
    if code == EEXIST { return }
    // A file system without hard links (FAT, some FUSE): rename, which would replace a file
    // made in the instant since the check, so only when there still is none.
    if [EPERM, EOPNOTSUPP, EMLINK].contains(code) {
      var info = stat()
      if stat(path, &info) != 0 && errno == ENOENT && rename(temporary, path) == 0 { return }
      if stat(path, &info) == 0 { return }
    }
    throw creationError(code, path: path, folder: folder)
  }

  /// Makes `folder` and the folders above it that are missing, each 0700 whatever the umask.
  private static func makeFolder(_ folder: String, for path: String) throws(StoreError) {
    var info = stat()
    guard stat(folder, &info) != 0 else { return }
    let scalars = folder.unicodeScalars
    var prefixes = scalars.indices.filter { scalars[$0] == "/" && $0 != scalars.startIndex }
      .map { String(scalars[..<$0]) }
    prefixes.append(folder)
    for prefix in prefixes where stat(prefix, &info) != 0 {
      if mkdir(prefix, 0o700) == 0 {
        chmod(prefix, 0o700)
      } else if errno != EEXIST {
        if errno == EROFS { throw .readOnlyFolder(path: path, folder: Self.folder(of: prefix)) }
        throw .cannotOpen(
          path: path, reason: "폴더 '\(folder)'\(Korean.objectParticle(after: folder)) 만들 수 없습니다")
      }
    }
  }

  private static func creationError(_ code: Int32, path: String, folder: String) -> StoreError {
    switch code {
    case EACCES, EROFS, EPERM: .readOnlyFolder(path: path, folder: folder)
    case ENOSPC, EDQUOT: .diskFull(path: path, detail: String(cString: strerror(code)))
    default: .cannotOpen(path: path, reason: SystemErrorText.reason(code))
    }
  }
}

extension StoreError {
  /// The same error naming `path` where it named `temporary`, the file a new store is made
  /// in: a person asked for `path`.
  func naming(_ path: String, instead temporary: String) -> StoreError {
    func swap(_ name: String) -> String { name == temporary ? path : name }
    switch self {
    case .cannotOpen(let name, let reason): return .cannotOpen(path: swap(name), reason: reason)
    case .readOnlyFolder(let name, let folder):
      return .readOnlyFolder(path: swap(name), folder: folder)
    case .readOnlyFile(let name): return .readOnlyFile(path: swap(name))
    case .readOnlyLogFile(let name, let file):
      return .readOnlyLogFile(path: swap(name), file: file)
    case .diskFull(let name, let detail): return .diskFull(path: swap(name), detail: detail)
    case .notChulbal(let name): return .notChulbal(path: swap(name))
    case .newerVersion(let name, let found, let supported):
      return .newerVersion(path: swap(name), found: found, supported: supported)
    case .damaged(let name, let reason): return .damaged(path: swap(name), reason: reason)
    case .busy(let name): return .busy(path: swap(name))
    case .sqlite(let name, let code, let message):
      return .sqlite(path: swap(name), code: code, message: message)
    }
  }
}
