import ChulbalCore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// Reads the events of an iCalendar file (RFC 5545), or a vdir folder of them, through libical.
///
/// A file is refused, with file and line, only when it is not iCalendar or damaged beyond its
/// events (too large, truncated, too deep, binary). An unreadable event is left out and listed in
/// ``CalendarContents/unreadable``; an unused property is never looked at; a refused rule
/// (`FREQ=HOURLY`) comes back as ``CalendarEvent/Rule/refused(_:reason:)``.
public enum ICalendarFile {
  /// The largest file read, in bytes (20 MiB); see ``ICalendarScan/maximumBytes``.
  public static let maximumBytes = ICalendarScan.maximumBytes
  /// The longest line read, unfolded, in bytes (256 KiB).
  public static let maximumLineBytes = ICalendarScan.maximumLineBytes
  /// The deepest nesting of components read (8).
  public static let maximumDepth = ICalendarScan.maximumDepth
  /// The most a folder's calendar files may hold together: 64 MiB (50,000 one-event files read in
  /// under 200 MB), keeping a folder's reading under half a gigabyte.
  public static let maximumFolderBytes = 64 << 20

  /// The events of the file at `path`, or of every `*.ics` file of the vdir folder there, in name
  /// order.
  ///
  /// - Throws: ``CalendarError`` naming the file (and line) that cannot be read.
  public static func read(path: String, zones: ZoneDatabase) throws(CalendarError)
    -> CalendarContents
  {
    var status = stat()
    guard stat(path, &status) == 0 else {
      let reason: String
      switch errno {
      case ENOENT, ENOTDIR: reason = "파일이 없습니다"
      case EACCES: reason = "읽을 권한이 없습니다"
      default: reason = String(cString: strerror(errno))
      }
      throw .unreadable(file: path, reason: reason)
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return try readFolder(path: path, zones: zones)
    case S_IFREG: break
    // A FIFO or a device (`/dev/zero`) could be read for ever.
    default: throw .unreadable(file: path, reason: "보통 파일이나 폴더가 아닙니다")
    }
    // Refused before it is read into memory; the read stops past the limit even if the file
    // grows meanwhile.
    guard Int(status.st_size) <= maximumBytes else {
      throw .tooLarge(file: path, bytes: Int(status.st_size), limit: maximumBytes)
    }
    let bytes: [UInt8]
    do throws(RegularFile.Failure) {
      bytes = try RegularFile.read(path, limit: maximumBytes)
    } catch {
      switch error {
      case .tooLarge:  // It grew past the limit since.
        throw .tooLarge(file: path, bytes: maximumBytes + 1, limit: maximumBytes)
      case .notRegular:  // It was replaced since.
        throw .unreadable(file: path, reason: "보통 파일이나 폴더가 아닙니다")
      case .system(EIO):  // Only the device can fail a read of a regular file that opened.
        throw .unreadable(file: path, reason: "읽는 중에 입출력 오류가 났습니다")
      case .system:
        throw .unreadable(file: path, reason: "파일을 열 수 없습니다")
      }
    }
    return try read(data: Data(bytes), name: path, zones: zones)
  }

  /// The events of every `*.ics` file in a folder, not in subfolders nor hidden files (vdirsyncer's
  /// temporary ones).
  ///
  /// - Throws: ``CalendarError`` for the first file that cannot be read.
  public static func readFolder(path: String, zones: ZoneDatabase) throws(CalendarError)
    -> CalendarContents
  {
    // The system would say why in English; a folder that exists fails to list for want of
    // permission, which is asked first.
    guard access(path, R_OK | X_OK) == 0 else {
      throw .unreadable(file: path, reason: "폴더를 읽을 권한이 없습니다")
    }
    guard let folder = opendir(path) else {
      throw .unreadable(file: path, reason: "폴더를 읽을 수 없습니다")
    }
    defer { closedir(folder) }
    // Names as the file system keeps them: bytes, which need not be UTF-8.
    var names: [[UInt8]] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        Array(raw.prefix { $0 != 0 })
      }
      names.append(name)
    }
    var contents = CalendarContents()
    let separator = path.hasSuffix("/") ? "" : "/"
    var files: [String] = []
    var total = 0
    for bytes in names.sorted(by: { $0.lexicographicallyPrecedes($1) })
    where bytes.first != UInt8(ascii: ".")
      && String(decoding: bytes.suffix(4), as: UTF8.self).lowercased() == ".ics"
    {
      // A name that is not UTF-8 cannot be given to the reader as a path: counted, not
      // passed over without a word.
      guard let name = String(validating: bytes, as: UTF8.self) else {
        let shown = bytes.map {
          $0 < 0x80 ? String(UnicodeScalar($0)) : TextCleaning.visible(byte: $0)
        }
        .joined()
        contents.unreadable.append(
          .init(
            file: path + separator + shown, line: 0, property: nil,
            reason: "파일 이름이 UTF-8이 아니라 읽지 않았습니다 (이름을 바꾸세요)"))
        continue
      }
      let file = path + separator + name
      var status = stat()
      guard stat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      files.append(file)
      total += Int(status.st_size)
    }
    // Refused from the files' sizes, before any is read.
    guard total <= maximumFolderBytes else {
      throw .folderTooLarge(folder: path, limit: maximumFolderBytes)
    }
    for file in files { contents.append(try read(path: file, zones: zones)) }
    return contents
  }

  /// The events of iCalendar text; `name` stands for the file in errors and events.
  public static func read(text: String, name: String, zones: ZoneDatabase) throws(CalendarError)
    -> CalendarContents
  {
    try read(data: Data(text.utf8), name: name, zones: zones)
  }

  /// The events of an iCalendar file's bytes; `name` stands for the file.
  public static func read(data: Data, name: String, zones: ZoneDatabase) throws(CalendarError)
    -> CalendarContents
  {
    try Libical.load()
    // Windows programs may begin UTF-8 with a byte order mark, which neither RFC 5545 nor
    // libical expects.
    let data = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data
    // `Data.withUnsafeBytes` has no typed throws: the scan's result is carried out of it.
    let scanned = data.withUnsafeBytes { raw in
      Result { () throws(CalendarError) in
        try ICalendarScan(bytes: raw.bindMemory(to: UInt8.self), file: name)
      }
    }
    let scan = try scanned.get()
    // The scan has refused NUL bytes, and given libical only what chulbal reads.
    guard let document = LibicalDocument(bytes: scan.text),
      document.components.count == scan.components.count
    else {
      throw .syntax(file: name, line: 1, message: "libical이 이 파일의 구성 요소를 읽지 못했습니다")
    }
    // Each libical component's place in the file: libical reorders kinds but not components of one
    // kind, so the same kind's same ordinal in the scan. `X-` components are placed in the whole
    // file.
    var ordinals: [String: Int] = [:]
    let byKind = Dictionary(grouping: scan.components, by: \.name)
    let whole = ICalendarScan.Component(
      name: "", line: 1, endLine: scan.components.first?.endLine ?? 1)
    let places = document.components.map { component in
      let ordinal = ordinals[component.name, default: 0]
      ordinals[component.name] = ordinal + 1
      return byKind[component.name].flatMap { ordinal < $0.count ? $0[ordinal] : nil } ?? whole
    }
    // libical reports unreadable parts as X-LIC-ERROR properties: an event's own are read with it
    // (``EventReader``); others change nothing.
    var contents = CalendarContents()
    var resolver: ZoneResolver?
    for (index, component) in document.components.enumerated() {
      switch component.name {
      case "VCALENDAR":
        resolver = ZoneResolver(calendar: component, file: name, database: zones)
      case "VEVENT":
        guard let resolver else { continue }
        let place = places[index]
        if let problem = place.problem {
          contents.unreadable.append(
            .init(
              file: name, line: problem.line, property: problem.property,
              reason: problem.message))
          continue
        }
        var reader = EventReader(
          file: name, place: place, properties: component.properties, zones: resolver)
        do throws(CalendarContents.Unreadable) {
          contents.events.append(try reader.event())
        } catch {
          contents.unreadable.append(error)
        }
      default: continue
      }
    }
    // libical keeps a calendar's events in order, and calendars in order.
    return contents
  }
}
