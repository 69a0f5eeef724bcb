import ChulbalSystem
import Foundation
import Testing

@testable import ChulbalCore

@Suite struct ZoneFileTests {
  /// Checks `next` after each of `instants` inside `scan` against the oracle's `changes`
  /// (`[instant, offset]`, ascending): the first change after the instant, or none inside
  /// `scan` when the oracle saw none.
  static func expectNextTransitions(
    at instants: [Int], within scan: [Int], changes: [[Int]], of label: String,
    _ next: (Int) -> (at: Int, offset: Int)?
  ) {
    var wrong = 0
    for second in instants where scan[0] <= second && second < scan[1] {
      let actual = next(second)
      let change = changes.first { $0[0] > second }
      let agrees =
        if let change {
          actual?.at == change[0] && actual?.offset == change[1]
        } else {
          actual == nil || actual!.at >= scan[1]
        }
      if !agrees {
        wrong += 1
        if wrong <= 5 {
          Issue.record("\(label) after \(second): \(String(describing: actual)), \(change ?? [])")
        }
      }
    }
    #expect(wrong == 0, "\(label): \(wrong) next transitions differ")
  }

  static let zoneDirectory = "/usr/share/zoneinfo/"

  /// Zones with every kind of history: no DST since 1988 (Seoul), northern and southern DST,
  /// negative DST (Dublin), 30-minute DST (Lord Howe), 45-minute offsets (Chatham), a
  /// Ramadan-shaped table (Casablanca), a day skipped at the date line (Apia), a two-hour DST
  /// (Troll), no transitions at all (UTC, Etc/GMT-9).
  static let zones = [
    "Asia/Seoul", "America/New_York", "Europe/London", "Europe/Dublin", "Australia/Lord_Howe",
    "Australia/Sydney", "America/Sao_Paulo", "Asia/Kolkata", "Pacific/Chatham",
    "Africa/Casablanca", "America/Santiago", "Pacific/Apia", "Antarctica/Troll", "UTC",
    "Etc/GMT-9", "America/St_Johns", "Asia/Tehran",
  ]

  private static func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0) -> Int {
    ZoneinfoOracle.instant(year, month, day, hour)
  }

  // MARK: - Against Python's zoneinfo

  /// Offsets, DST flags and abbreviations at 3000 instants from 1900 to 2400 and at every
  /// change of offset from 1970 to 2100 (and the seconds either side of it); the next
  /// transition after each of those instants up to 2100, and the changes of the years 2500,
  /// 5000 and 9999, which only the footer's rule gives.
  @Test(arguments: zones)
  func answersAsPythonsZoneinfoDoes(zone: String) throws {
    let file = try ZoneFile(contentsOf: Self.zoneDirectory + zone)
    let scan = [Self.instant(1970, 1, 1), Self.instant(2100, 1, 1)]
    let windows = [2500, 5000, 9999].map { [Self.instant($0, 1, 1), Self.instant($0, 12, 30)] }
    let answer = try ZoneinfoOracle.answer(
      .init(
        source: .zone, name: zone,
        instants: ZoneinfoOracle.spread(
          from: Self.instant(1900, 1, 1), to: Self.instant(2400, 1, 1), count: 3000),
        scan: scan, windows: windows))

    var wrong = 0
    for (index, second) in answer.instants.enumerated() {
      let expected = Reading(
        offset: answer.offsets[index], isDaylightSaving: answer.daylightSaving[index],
        abbreviation: answer.abbreviations[index])
      let actual = Reading(file, at: second)
      if actual != expected {
        wrong += 1
        if wrong <= 5 { Issue.record("\(zone) at \(second): \(actual), zoneinfo \(expected)") }
      }
    }
    #expect(wrong == 0, "\(wrong) of \(answer.instants.count) instants differ")

    Self.expectNextTransitions(
      at: answer.instants, within: scan, changes: answer.changes, of: "\(zone) (zoneinfo)",
      file.nextTransition(after:))

    for (window, changes) in zip(windows, answer.windows) {
      var second = window[0]
      for change in changes {
        let actual = file.nextTransition(after: second)
        #expect(actual?.at == change[0] && actual?.offset == change[1], "\(zone) after \(second)")
        second = change[0]
      }
      let after = file.nextTransition(after: second)
      #expect(after == nil || after!.at >= window[1], "\(zone) after \(second)")
    }
  }

  /// What a zone says at one instant, compared whole.
  struct Reading: Equatable, CustomStringConvertible {
    let offset: Int
    let isDaylightSaving: Bool
    let abbreviation: String

    init(offset: Int, isDaylightSaving: Bool, abbreviation: String) {
      self.offset = offset
      self.isDaylightSaving = isDaylightSaving
      self.abbreviation = abbreviation
    }

    init(_ file: ZoneFile, at second: Int) {
      offset = file.offset(atSecond: second)
      isDaylightSaving = file.isDaylightSaving(atSecond: second)
      abbreviation = file.abbreviation(atSecond: second)
    }

    var description: String { "\(offset) \(isDaylightSaving ? "DST" : "standard") \(abbreviation)" }
  }

  // MARK: - The footer

  /// Debian's files list transitions up to 2037 only; a lookup that ignored the footer would
  /// keep New York in EST all summer from 2038 on, and Sydney in AEDT all winter.
  @Test func theFooterAnswersAfterTheLastTransition() throws {
    let newYork = try ZoneFile(contentsOf: Self.zoneDirectory + "America/New_York")
    let sydney = try ZoneFile(contentsOf: Self.zoneDirectory + "Australia/Sydney")
    for year in [2038, 2050, 2100, 2400, 5000] {
      #expect(newYork.offset(atSecond: Self.instant(year, 7, 1)) == -4 * 3600, "\(year)")
      #expect(newYork.abbreviation(atSecond: Self.instant(year, 7, 1)) == "EDT", "\(year)")
      #expect(newYork.offset(atSecond: Self.instant(year, 1, 15)) == -5 * 3600, "\(year)")
      #expect(sydney.offset(atSecond: Self.instant(year, 7, 1)) == 10 * 3600, "\(year)")
      #expect(sydney.isDaylightSaving(atSecond: Self.instant(year, 1, 15)), "\(year)")
    }
    // The second Sunday of March 9999 is the 14th; 2:00 EST is 7:00 UTC.
    let spring = newYork.nextTransition(after: Self.instant(9999, 1, 1))
    #expect(spring?.at == Self.instant(9999, 3, 14, 7) && spring?.offset == -4 * 3600)
  }

  /// Every compiled file on the machine, `right/` (with leap seconds) and `posix/` included:
  /// its footer is a rule this reader reads, and it answers at both ends of time.
  @Test func everyZoneFileOnThisMachineIsRead() throws {
    let root = URL(fileURLWithPath: Self.zoneDirectory)
    let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path)
    var read = 0
    for path in paths {
      let full = Self.zoneDirectory + path
      guard let handle = FileHandle(forReadingAtPath: full) else { continue }
      let magic = try? handle.read(upToCount: 4)
      try handle.close()
      guard magic == Data("TZif".utf8) else { continue }
      do {
        let file = try ZoneFile(contentsOf: full)
        for second in [Int.min, -100_000_000_000, 0, 2_000_000_000, 100_000_000_000, Int.max] {
          _ = file.offset(atSecond: second)
          _ = file.nextTransition(after: second)
        }
        read += 1
      } catch {
        Issue.record("\(path): \(error)")
      }
    }
    #expect(read > 300)
  }

  /// RFC 8536 §3.2: time type 0 (local mean time in tzdata) before the first transition, as
  /// far back as one asks; zoneinfo takes the first type without DST, the same type here.
  @Test func typeZeroAnswersBeforeTheFirstTransition() throws {
    let seoul = try ZoneFile(contentsOf: Self.zoneDirectory + "Asia/Seoul")
    for second in [Int.min, -100_000_000_000, Self.instant(1800, 1, 1)] {
      #expect(seoul.offset(atSecond: second) == 30_472)
      #expect(seoul.abbreviation(atSecond: second) == "LMT")
      #expect(!seoul.isDaylightSaving(atSecond: second))
    }
    #expect(seoul.offset(atSecond: 100_000_000_000) == 32_400)
    #expect(seoul.offset(atSecond: Int.max) == 32_400)
    let first = seoul.nextTransition(after: -100_000_000_000)
    #expect(first?.at == Self.instant(1908, 3, 31, 15) + 1800 + 128 && first?.offset == 30_600)
  }

  @Test func aTransitionAtTheEndOfTimeIsNoTrap() throws {
    let file = try ZoneFile(
      bytes: TZif(
        transitions: [(Int(Int64.max), 1)],
        types: [.init(offset: 0, abbreviation: 0), .init(offset: 3600, abbreviation: 4)],
        abbreviations: "AAA\0BBB\0", footer: "CCC-2"
      ).bytes())
    #expect(file.nextTransition(after: 0)! == (Int.max, 3600))
    #expect(file.nextTransition(after: Int.max) == nil)
    #expect(file.offset(atSecond: Int.max) == 3600)
  }

  @Test func aFileWithOneTransitionHandsOverToItsRule() throws {
    let file = try ZoneFile(
      bytes: TZif(
        transitions: [(Self.instant(2000, 1, 1), 1)],
        types: [.init(offset: 3600, abbreviation: 0), .init(offset: -18_000, abbreviation: 4)],
        abbreviations: "AAA\0EST\0EDT\0", footer: "EST5EDT,M3.2.0,M11.1.0"
      ).bytes())
    #expect(file.offset(atSecond: Self.instant(1999, 7, 1)) == 3600)
    #expect(file.abbreviation(atSecond: Self.instant(1999, 7, 1)) == "AAA")
    #expect(file.offset(atSecond: Self.instant(2000, 1, 1)) == -18_000)
    #expect(file.offset(atSecond: Self.instant(2000, 7, 1)) == -14_400)
    #expect(file.abbreviation(atSecond: Self.instant(2000, 7, 1)) == "EDT")
    #expect(file.isDaylightSaving(atSecond: Self.instant(2000, 7, 1)))
    let first = file.nextTransition(after: Self.instant(1999, 7, 1))
    #expect(first?.at == Self.instant(2000, 1, 1) && first?.offset == -18_000)
    // The second Sunday of March 2000 (the footer's rule, not the one of that year), 2:00 EST.
    let second = file.nextTransition(after: Self.instant(2000, 1, 1))
    #expect(second?.at == Self.instant(2000, 3, 12, 7) && second?.offset == -14_400)
  }

  @Test func anEmptyFooterKeepsTheLastTypeAndAVersion1FileHasNone() throws {
    let types: [TZif.LocalTimeType] = [
      .init(offset: 30_472, abbreviation: 0), .init(offset: 32_400, abbreviation: 4),
      .init(offset: 36_000, isDaylightSaving: true, abbreviation: 8),
    ]
    let transitions: [(at: Int, type: UInt8)] = [
      (-1_000_000_000, 1), (500_000_000, 2), (510_000_000, 1),
    ]
    for version in [UInt8(0), UInt8(ascii: "2"), UInt8(ascii: "3"), UInt8(ascii: "4")] {
      let file = try ZoneFile(
        bytes: TZif(
          version: version, transitions: transitions, types: types,
          abbreviations: "LMT\0KST\0KDT\0", footer: version == 0 ? nil : ""
        ).bytes())
      #expect(file.offset(atSecond: -2_000_000_000) == 30_472)
      #expect(file.abbreviation(atSecond: -1_000_000_000) == "KST")
      #expect(file.isDaylightSaving(atSecond: 505_000_000))
      #expect(file.offset(atSecond: 100_000_000_000) == 32_400)
      #expect(file.nextTransition(after: 0)! == (500_000_000, 36_000))
      #expect(file.nextTransition(after: 500_000_000)! == (510_000_000, 32_400))
      #expect(file.nextTransition(after: 510_000_000) == nil)
    }
  }

  /// Leap-second records and the standard/UT indicators are read past; a transition that keeps
  /// the offset (JST to KST) is not a transition for `nextTransition`.
  @Test func leapSecondsAndIndicatorsAreReadPast() throws {
    var zone = TZif(
      transitions: [(-1_000_000_000, 1), (-900_000_000, 2), (100_000_000, 3)],
      types: [
        .init(offset: 30_472, abbreviation: 0), .init(offset: 32_400, abbreviation: 4),
        .init(offset: 32_400, abbreviation: 8), .init(offset: 36_000, abbreviation: 12),
      ],
      abbreviations: "LMT\0JST\0KST\0XST\0", footer: "XST-10")
    let plain = try ZoneFile(bytes: zone.bytes())
    zone.leapSeconds = [(78_796_800, 1), (94_694_401, 2), (126_230_402, 3)]
    zone.hasIndicators = true
    let withLeapSeconds = try ZoneFile(bytes: zone.bytes())
    #expect(withLeapSeconds == plain)
    #expect(plain.abbreviation(atSecond: -950_000_000) == "JST")
    #expect(plain.abbreviation(atSecond: -850_000_000) == "KST")
    #expect(plain.nextTransition(after: -950_000_000)! == (100_000_000, 36_000))
    #expect(plain.nextTransition(after: 100_000_000) == nil)
  }

  @Test func aMissingFileIsUnreadable() {
    #expect(throws: ZoneFileError.unreadable(path: "/nonexistent/Zone", errno: ENOENT)) {
      try ZoneFile(contentsOf: "/nonexistent/Zone")
    }
    #expect(throws: ZoneFileError.malformed("not a regular file")) {
      try ZoneFile(contentsOf: Self.zoneDirectory)
    }
  }

  /// A FIFO where a zone file should be (TZDIR may name any folder) is refused at once, not
  /// waited on for a writer.
  @Test func aFIFOIsRefusedWithoutWaiting() throws {
    let fifo = "/tmp/chulbal-zone-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try #require(mkfifo(fifo, 0o600) == 0)
    defer { unlink(fifo) }
    #expect(throws: ZoneFileError.malformed("not a regular file")) {
      try ZoneFile(contentsOf: fifo)
    }
  }

  // MARK: - Malformed files

  @Test func everyTruncationOfARealFileIsMalformed() throws {
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.zoneDirectory + "Asia/Seoul")))
    _ = try ZoneFile(bytes: bytes)
    for length in 0..<bytes.count {
      #expect(Self.isMalformed(Array(bytes[..<length])), "cut at \(length)")
    }
  }

  /// Every byte of a real file set to each of a few values: the parser throws or reads it,
  /// and never traps.
  @Test func corruptedBytesNeverCrash() throws {
    let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: Self.zoneDirectory + "Asia/Seoul")))
    for index in bytes.indices {
      for value: UInt8 in [0, 1, 0x7F, 0x80, 0xFF, bytes[index] ^ 0x01] {
        var corrupted = bytes
        corrupted[index] = value
        if let file = try? ZoneFile(bytes: corrupted) {
          for second in [Int.min, -10_000_000_000, 0, 600_000_000, 10_000_000_000, Int.max] {
            _ = file.offset(atSecond: second)
            _ = file.abbreviation(atSecond: second)
            _ = file.nextTransition(after: second)
          }
        }
      }
    }
  }

  struct Corruption: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    var testDescription: String { name }
  }

  static let valid = TZif(
    transitions: [(-1_000_000_000, 1), (0, 2)],
    types: [
      .init(offset: 30_472, abbreviation: 0), .init(offset: 32_400, abbreviation: 4),
      .init(offset: 36_000, isDaylightSaving: true, abbreviation: 8),
    ],
    abbreviations: "LMT\0KST\0KDT\0", footer: "KST-9")

  static func changed(_ change: (inout TZif) -> Void) -> [UInt8] {
    var zone = valid
    change(&zone)
    return zone.bytes()
  }

  /// The 64-bit header starts after the 44-byte first header and its 32-bit data.
  static func patched(_ patch: (inout [UInt8], _ secondHeader: Int) -> Void) -> [UInt8] {
    var bytes = valid.bytes()
    let secondHeader = bytes.indices.dropFirst().first {
      bytes[$0...].starts(with: Array("TZif".utf8))
    }!
    patch(&bytes, secondHeader)
    return bytes
  }

  static func setCount(_ bytes: inout [UInt8], at offset: Int, _ value: UInt32) {
    for index in 0..<4 {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index))
    }
  }

  static let corruptions: [Corruption] = [
    Corruption(name: "empty", bytes: []),
    Corruption(name: "flipped magic", bytes: patched { bytes, _ in bytes[0] = UInt8(ascii: "t") }),
    Corruption(name: "version '1'", bytes: patched { bytes, _ in bytes[4] = UInt8(ascii: "1") }),
    Corruption(
      name: "second header's magic",
      bytes: patched { bytes, second in bytes[second + 1] = UInt8(ascii: "X") }),
    Corruption(
      name: "timecnt beyond the file (first header)",
      bytes: patched { bytes, _ in setCount(&bytes, at: 32, 0xFFFF_FFFF) }),
    Corruption(
      name: "timecnt beyond the file (second header)",
      bytes: patched { bytes, second in setCount(&bytes, at: second + 32, 0x0100_0000) }),
    Corruption(
      name: "leapcnt beyond the file",
      bytes: patched { bytes, second in
        setCount(&bytes, at: second + 28, 1000)
      }),
    Corruption(
      name: "charcnt beyond the file",
      bytes: patched { bytes, second in
        setCount(&bytes, at: second + 40, 100_000)
      }),
    Corruption(
      name: "typecnt zero", bytes: patched { bytes, second in setCount(&bytes, at: second + 36, 0) }
    ),
    Corruption(name: "isutcnt not typecnt", bytes: changed { $0.isUTCount = 1 }),
    Corruption(name: "type index out of range", bytes: changed { $0.transitions[1].type = 3 }),
    Corruption(name: "type index 255", bytes: changed { $0.transitions[0].type = 255 }),
    Corruption(
      name: "transitions out of order",
      bytes: changed { $0.transitions = [(0, 1), (-1_000_000_000, 2)] }),
    Corruption(name: "repeated transition", bytes: changed { $0.transitions = [(0, 1), (0, 2)] }),
    Corruption(
      name: "abbreviation index out of range", bytes: changed { $0.types[1].abbreviation = 12 }),
    Corruption(
      name: "abbreviation without NUL", bytes: changed { $0.abbreviations = "LMT\0KST\0KDT" }),
    Corruption(name: "DST flag 2", bytes: changed { $0.types[2].isDaylightSavingByte = 2 }),
    Corruption(name: "UT offset -2^31", bytes: changed { $0.types[0].offset = Int32.min }),
    Corruption(name: "footer not a rule", bytes: changed { $0.footer = "KST-9x" }),
    Corruption(name: "footer without closing newline", bytes: Array(valid.bytes().dropLast())),
    Corruption(name: "footer missing", bytes: changed { $0.footer = nil }),
  ]

  @Test(arguments: corruptions)
  func corruptedFilesAreMalformed(_ corruption: Corruption) {
    #expect(Self.isMalformed(corruption.bytes))
  }

  @Test func theValidFileTheCorruptionsStartFromIsRead() throws {
    let file = try ZoneFile(bytes: Self.valid.bytes())
    #expect(file.offset(atSecond: -1) == 32_400)
    #expect(file.offset(atSecond: 0) == 36_000)
    // The footer takes over after the last transition, though here it disagrees with it.
    #expect(file.offset(atSecond: 1) == 32_400)
    #expect(file.nextTransition(after: 0)! == (1, 32_400))
  }

  static func isMalformed(_ bytes: [UInt8]) -> Bool {
    do {
      _ = try ZoneFile(bytes: bytes)
      return false
    } catch {
      if case .malformed = error { return true }
      return false
    }
  }
}

/// A compiled zone file made in a test: the same data in the 32-bit and 64-bit blocks (times
/// the 32-bit block cannot hold are left out of it, as zic does), then the footer.
struct TZif: Sendable {
  struct LocalTimeType: Sendable {
    var offset: Int32
    var isDaylightSavingByte: UInt8
    var abbreviation: UInt8

    init(offset: Int32, isDaylightSaving: Bool = false, abbreviation: UInt8) {
      self.offset = offset
      self.isDaylightSavingByte = isDaylightSaving ? 1 : 0
      self.abbreviation = abbreviation
    }
  }

  var version = UInt8(ascii: "2")
  var transitions: [(at: Int, type: UInt8)]
  var types: [LocalTimeType]
  var abbreviations: String
  var leapSeconds: [(at: Int, correction: Int32)] = []
  var hasIndicators = false
  var isUTCount: Int?
  /// nil writes no footer at all (as a version 1 file has none).
  var footer: String?

  func bytes() -> [UInt8] {
    var bytes = block(timeSize: 4, header: version)
    if version != 0 {
      bytes += block(timeSize: 8, header: version)
    }
    if let footer { bytes += Array("\n\(footer)\n".utf8) }
    return bytes
  }

  private func block(timeSize: Int, header version: UInt8) -> [UInt8] {
    let fits = { (second: Int) in timeSize == 8 || Int(Int32.min)...Int(Int32.max) ~= second }
    let kept = transitions.filter { fits($0.at) }
    let leaps = leapSeconds.filter { fits($0.at) }
    let indicators = hasIndicators ? types.count : 0
    var bytes = Array("TZif".utf8) + [version] + [UInt8](repeating: 0, count: 15)
    for count in [
      isUTCount ?? indicators, indicators, leaps.count, kept.count, types.count,
      abbreviations.utf8.count,
    ] {
      bytes += Self.bigEndian(count, size: 4)
    }
    for transition in kept { bytes += Self.bigEndian(transition.at, size: timeSize) }
    bytes += kept.map(\.type)
    for type in types {
      bytes += Self.bigEndian(Int(type.offset), size: 4)
      bytes += [type.isDaylightSavingByte, type.abbreviation]
    }
    bytes += Array(abbreviations.utf8)
    for leap in leaps {
      bytes +=
        Self.bigEndian(leap.at, size: timeSize) + Self.bigEndian(Int(leap.correction), size: 4)
    }
    bytes += [UInt8](repeating: 1, count: indicators)
    bytes += [UInt8](repeating: 0, count: isUTCount ?? indicators)
    return bytes
  }

  static func bigEndian(_ value: Int, size: Int) -> [UInt8] {
    (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
  }
}

/// The footer's rule alone, against glibc (`TZ=rule`) and against Python's zoneinfo reading a
/// file whose only content is that footer.
@Suite struct ZoneFileFooterRuleTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let text: String
    let oracle: ZoneinfoOracle.Source
    var testDescription: String { "'\(text)' against \(oracle)" }
  }

  /// Each rule against glibc and against zoneinfo, except where one of them is known to read
  /// the rule otherwise:
  /// - glibc looks only at the changes of the UTC year of the instant, so in
  ///   `EST5EDT4,0/0,J365/25` it puts the first five hours of each year (before that year's
  ///   start at 0:00 EST) in standard time, where tzcode, RFC 8536 and zoneinfo keep daylight
  ///   saving all year (``daylightSavingAllYearSurvivesTheNewYear()``);
  /// - zoneinfo counts a zero-based day `n` from 31 December, a day early (its
  ///   `_post_epoch_days_before_year` counts to the eve of the year; `Jn`, one-based, comes
  ///   out right), so rules with `n` days are checked against glibc alone;
  /// - neither lets a change that its time moves into the next year end that year's daylight
  ///   saving (``aChangeMovedIntoTheNextYearStillCounts()``).
  static let cases: [Case] =
    [
      "EST5EDT,M3.2.0/2,M11.1.0/2", "<+0330>-3:30<+0430>,J79/24,J263/24",
      "IST-1GMT0,M10.5.0,M3.5.0/1", "<-03>3<-02>,M3.5.0/-2,M10.5.0/-1",
      "AEST-10AEDT,M10.1.0,M4.1.0/3", "CET-1CEST,M3.5.0,M10.5.0/3",
      "NZST-12NZDT,M9.5.0,M4.1.0/3", "<+00>0<+02>-2,M3.5.0/1,M10.5.0/3",
      "IST-2IDT,M3.4.4/26,M10.5.0", "<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45",
      "<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "PST8PDT7:30,M3.2.0,M11.1.0", "KST-9",
      "AAA3BBB,J60/0,J300/167",
    ].flatMap { [Case(text: $0, oracle: .glibc), Case(text: $0, oracle: .footer)] }
    + [
      Case(text: "EST5EDT4,0/0,J365/25", oracle: .footer),
      Case(text: "XXX3YYY,J60/0,300/167", oracle: .glibc),
      Case(text: "XXX3YYY,59/-167,J300/100:30", oracle: .glibc),
    ]

  @Test(arguments: cases)
  func rulesAnswerAsTheOraclesDo(_ example: Case) throws {
    let text = example.text
    let oracle = example.oracle
    let rule = try #require(POSIXTimeZoneRule(text))
    let scan = [ZoneinfoOracle.instant(2000, 1, 1), ZoneinfoOracle.instant(2030, 1, 1)]
    let answer = try ZoneinfoOracle.answer(
      .init(
        source: oracle, name: text,
        instants: ZoneinfoOracle.spread(
          from: ZoneinfoOracle.instant(1990, 1, 1), to: ZoneinfoOracle.instant(2040, 1, 1),
          count: 2000),
        scan: scan, windows: []))
    var wrong = 0
    for (index, second) in answer.instants.enumerated() {
      let actual = [
        "\(rule.offset(atSecond: second))", "\(rule.isDaylightSaving(atSecond: second))",
        rule.abbreviation(atSecond: second),
      ]
      let expected = [
        "\(answer.offsets[index])", "\(answer.daylightSaving[index])",
        answer.abbreviations[index],
      ]
      if actual != expected {
        wrong += 1
        if wrong <= 5 { Issue.record("'\(text)' at \(second): \(actual), \(oracle) \(expected)") }
      }
    }
    #expect(wrong == 0, "\(wrong) of \(answer.instants.count) instants differ")
    ZoneFileTests.expectNextTransitions(
      at: answer.instants, within: scan, changes: answer.changes, of: "'\(text)' (\(oracle))",
      rule.nextTransition(after:))
  }
}

extension ZoneFileFooterRuleTests {
  /// Each year's end (31 December 25:00 EDT) is the next year's start (1 January 0:00 EST):
  /// daylight saving never stops, across the new year too, where glibc's answer differs.
  @Test func daylightSavingAllYearSurvivesTheNewYear() throws {
    let rule = try #require(POSIXTimeZoneRule("EST5EDT4,0/0,J365/25"))
    for year in [1999, 2000, 2023, 2024, 2100] {
      for hour in [0, 4, 5, 6] {
        let second = ZoneinfoOracle.instant(year, 1, 1, hour)
        #expect(rule.offset(atSecond: second) == -4 * 3600, "\(year) \(hour):00")
        #expect(rule.abbreviation(atSecond: second) == "EDT")
        #expect(rule.offset(atSecond: second - 1) == -4 * 3600)
      }
      #expect(rule.nextTransition(after: ZoneinfoOracle.instant(year, 6, 1)) == nil)
    }
  }

  /// `J365/100:30` ends daylight saving on 4 January of the next year at 4:30 local time, so
  /// the first days of January are still daylight saving; glibc and zoneinfo, looking at the
  /// changes of the instant's own year only, put them in standard time.
  @Test func aChangeMovedIntoTheNextYearStillCounts() throws {
    let rule = try #require(POSIXTimeZoneRule("AAA3BBB,J59/-167,J365/100:30"))
    #expect(rule.offset(atSecond: ZoneinfoOracle.instant(2026, 1, 2)) == -2 * 3600)
    #expect(rule.offset(atSecond: ZoneinfoOracle.instant(2026, 1, 4, 6) + 1799) == -2 * 3600)
    #expect(rule.offset(atSecond: ZoneinfoOracle.instant(2026, 1, 4, 6) + 1800) == -3 * 3600)
    let end = rule.nextTransition(after: ZoneinfoOracle.instant(2026, 1, 1))
    #expect(end?.at == ZoneinfoOracle.instant(2026, 1, 4, 6) + 1800 && end?.offset == -3 * 3600)
    // 28 February 2026 0:00 minus 167 hours, in standard time: 21 February 1:00, 4:00 UTC.
    let start = rule.nextTransition(after: ZoneinfoOracle.instant(2026, 1, 5))
    #expect(start?.at == ZoneinfoOracle.instant(2026, 2, 21, 4) && start?.offset == -2 * 3600)
  }

  @Test func aRuleWithoutDatesChangesAsGlibcAssumes() throws {
    let rule = try #require(POSIXTimeZoneRule("AAA5BBB"))
    #expect(rule == POSIXTimeZoneRule("AAA5BBB4,M3.2.0/2,M11.1.0/2:00:00"))
    #expect(rule.daylightSaving?.offsetSeconds == -4 * 3600)
    let change = rule.nextTransition(after: ZoneinfoOracle.instant(2026, 1, 1))
    #expect(change?.at == ZoneinfoOracle.instant(2026, 3, 8, 7) && change?.offset == -4 * 3600)
  }

  @Test(arguments: [
    "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0",
    "EST5EDT,M3.0.0,M11.1.0", "EST5EDT,J0,J100", "EST5EDT,J366,J100", "EST5EDT,366,1",
    "EST5EDT,M3.2.0/168,M11.1.0", "EST5EDT,M3.2.0/-168,M11.1.0", "EST5EDT,M3.2.0",
    "EST5EDT,M3.2.0,M11.1.0,", "EST5EDT,M3.2.0/2:60,M11.1.0", "EST5EDT,M3.2,M11.1.0",
    "EST5EDT,M3.2.0/,M11.1.0", "EST5EDT25,M3.2.0,M11.1.0", "EST5EDT4x",
  ])
  func malformedChangesAreNoRule(text: String) {
    #expect(POSIXTimeZoneRule(text) == nil)
  }

  /// Far instants neither trap nor wrap.
  @Test func extremeInstantsAreAnswered() throws {
    let rule = try #require(POSIXTimeZoneRule("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1"))
    for second in [Int.min, Int.min + 1, -100_000_000_000, 100_000_000_000, Int.max - 1, Int.max] {
      _ = rule.offset(atSecond: second)
      if let next = rule.nextTransition(after: second) { #expect(next.at > second) }
    }
    let far = rule.nextTransition(after: 100_000_000_000)
    #expect(far != nil && far!.at > 100_000_000_000 && far!.at < 100_000_000_000 + 366 * 86_400)
  }
}
