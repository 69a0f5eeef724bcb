import ChulbalCore

/// What went wrong inside libical, as a Swift error: no libical pointer or `icalerrno` leaves
/// ChulbalCalendar.
public enum CalendarError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The zone database (or libical, which reads tzdata itself to write a VTIMEZONE) has no zone by
  /// this name; never read as a floating time.
  case unknownTimeZone(String, directory: String?)
  /// A first start or exception that is no time a clock shows (2월 30일, 24:00).
  case invalidWallTime(WallTime)
  /// libical refused a rule chulbal had taken: a disagreement between the two, reported with
  /// libical's own words.
  case rule(String, message: String)
  /// A rule whose days exist, but never in the months or years its interval lands on from
  /// its first start (`FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30` from February).
  case neverOccurs(String, from: WallTime)
  /// libical could not be loaded: the dynamic loader's words.
  case libraryMissing(String)
  /// A calendar file or folder that cannot be read at all: the system's words.
  case unreadable(file: String, reason: String)
  /// A calendar file larger than chulbal reads (``ICalendarFile/maximumBytes``).
  case tooLarge(file: String, bytes: Int, limit: Int)
  /// A folder whose calendar files together hold more than chulbal reads
  /// (``ICalendarFile/maximumFolderBytes``).
  case folderTooLarge(folder: String, limit: Int)
  /// A calendar file that breaks RFC 5545 or one of chulbal's limits at a line.
  case syntax(file: String, line: Int, message: String)
  /// A `TZID` that is neither an IANA name, nor a Windows name chulbal knows, nor described by
  /// a VTIMEZONE in the file that matches an IANA zone.
  case unresolvedTimeZone(file: String, line: Int, tzid: String)

  public var description: String {
    switch self {
    case .unknownTimeZone(let name, let directory):
      let place = directory.map { " (\($0))" } ?? ""
      return "시간대 '\(name)'\(Korean.objectParticle(after: name)) 찾지 못했습니다: "
        + "tzdata 패키지의 시간대 데이터베이스\(place)를 확인하세요"
    case .invalidWallTime(let time):
      return "없는 날짜나 시각입니다: '\(time)'"
    case .rule(let rule, let message):
      return "libical이 반복 규칙 '\(rule)'\(Korean.objectParticle(after: rule)) 받지 않았습니다: \(message)"
    case .neverOccurs(_, let first):
      // The rule is named by whoever reports this (`--repeat`, a row of the file).
      let day = "\(first.date.year)년 \(first.date.month)월 \(first.date.day)일"
      return "규칙에 맞는 날이 \(day)부터 오지 않습니다 "
        + "(INTERVAL마다 돌아오는 달이나 해에 그날이 없습니다: INTERVAL이나 첫 날짜를 바꾸세요)"
    case .libraryMissing(let reason):
      return "반복 약속을 계산할 libical을 불러올 수 없습니다 (\(reason)): libical3 패키지를 설치하세요"
    case .unreadable(let file, let reason):
      return "\(file): 읽을 수 없습니다: \(reason)"
    case .tooLarge(let file, let bytes, let limit):
      return "\(file): 파일이 너무 큽니다 (\(Self.mebibytes(bytes)), 최대 \(Self.mebibytes(limit)))"
    case .folderTooLarge(let folder, let limit):
      return "\(folder): 폴더의 .ics 파일을 합치면 \(Self.mebibytes(limit))보다 큽니다 (한 번에 읽는 최대 크기)"
    case .syntax(let file, let line, let message):
      return "\(file):\(line): \(message)"
    case .unresolvedTimeZone(let file, let line, let tzid):
      let quoted = "'\(tzid)'"
      return "\(file):\(line): 시간대 \(quoted)\(Korean.objectParticle(after: quoted)) 알 수 없습니다: "
        + "IANA 이름(Asia/Seoul)도, 아는 Windows 이름도 아니고, 파일에 IANA 시간대와 맞는 VTIMEZONE도 없습니다"
    }
  }

  /// `50.0MB`, as people read file sizes (MiB, one decimal).
  private static func mebibytes(_ bytes: Int) -> String {
    let tenths = (bytes * 10 + (1 << 19)) >> 20
    return "\(tenths / 10).\(tenths % 10)MB"
  }
}
