import Foundation

/// The system's time zone files (tzdata), as the C library finds them for `TZ`.
public struct ZoneDatabase: Sendable {
  /// `$TZDIR`, else `/usr/share/zoneinfo`.
  public let directory: String
  /// The site-wide zone, read when `TZ` is unset or names no file: `/etc/localtime`.
  public let localTime: String

  public init(variables: [String: String], localTime: String = "/etc/localtime") {
    let tzdir = variables["TZDIR"] ?? ""
    directory = tzdir.hasPrefix("/") ? tzdir : "/usr/share/zoneinfo"
    self.localTime = localTime
  }

  /// Whether the database has a zone file called `name` (`Asia/Seoul`, `EST5EDT`).
  public func contains(_ name: String) -> Bool {
    guard !name.isEmpty, !name.hasPrefix("/") else { return false }
    var isDirectory: ObjCBool = false
    let exists = FileManager.default.fileExists(
      atPath: directory + "/" + name, isDirectory: &isDirectory)
    return exists && !isDirectory.boolValue
  }

  /// Every zone name the database knows, zones and their links (`Asia/Seoul`, `ROK`, `UTC`),
  /// as tzdata's own summary `tzdata.zi` lists them; empty when it has none.
  ///
  /// Completion asks on every Tab, so this is one read of one file, scanned as bytes: read as
  /// a `String` and split into lines, its 100 kB of rules took 8 ms (hyperfine). Only a
  /// regular file is read: `TZDIR` may name any folder, and opening a FIFO there would wait
  /// for a writer that never comes.
  public func names() -> [String] {
    let descriptor = open(directory + "/tzdata.zi", O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return [] }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[..<count]
    }
    // `Z NAME …` starts a zone and `L TARGET NAME` makes a link: zic(8)'s input, in the
    // abbreviated form tzdata.zi is written in.
    var names: [String] = []
    for line in bytes.split(separator: UInt8(ascii: "\n")) {
      guard line.count > 2, line[line.startIndex + 1] == UInt8(ascii: " ") else { continue }
      let fields = line.split(separator: UInt8(ascii: " "))
      let field: Int
      switch line.first {
      case UInt8(ascii: "Z"): field = 1
      case UInt8(ascii: "L"): field = 2
      default: continue
      }
      if fields.count > field, let name = String(validating: fields[field], as: UTF8.self) {
        names.append(name)
      }
    }
    return names
  }

  /// The zone name of a file: its path below the database once links are followed, as
  /// `/etc/localtime` → `/usr/share/zoneinfo/Asia/Seoul` gives `Asia/Seoul`; nil for a missing
  /// file or one outside the database (a copy has no name to find).
  ///
  /// `posix/Asia/Seoul` is the same zone as `Asia/Seoul`, and is named so.
  public func name(ofFile path: String) -> String? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else { return nil }
    let roots = Set([directory, Self.resolved(directory)].map { $0 + "/" })
    var current = (path as NSString).standardizingPath
    // Each link on the way may land in the database (`/etc/localtime` → `../usr/share/…`);
    // a zone's own link inside it (`US/Eastern` → `America/New_York`) need not be followed.
    for _ in 0..<40 {
      if let root = roots.first(where: { current.hasPrefix($0) }) {
        return Self.zoneName(String(current.dropFirst(root.count)))
      }
      guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { break }
      let base = (current as NSString).deletingLastPathComponent
      current =
        ((target.hasPrefix("/") ? target : base + "/" + target) as NSString)
        .standardizingPath
    }
    let real = Self.resolved(path)
    return roots.first { real.hasPrefix($0) }.map {
      Self.zoneName(String(real.dropFirst($0.count)))
    }
  }

  /// The zone a file of the database is: `posix/Asia/Seoul` is the same zone as `Asia/Seoul`.
  public static func zoneName(_ file: String) -> String {
    file.hasPrefix("posix/") ? String(file.dropFirst(6)) : file
  }

  private static func resolved(_ path: String) -> String {
    guard let real = realpath(path, nil) else { return path }
    defer { free(real) }
    return String(cString: real)
  }
}
