import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalSystem
import FoundationEssentials

/// `--on DATE` of `remove` and `edit`: one occurrence of a series, named by its day in the
/// series' zone.
struct OccurrenceOption {
  static let spec = OptionSpec(
    "--on", value: "날짜",
    help: "반복 약속에서 이 날짜의 회차 하나만 (remove: 건너뜀, edit: --at으로 옮김), 예: \"12월 8일\"")

  /// `--on` as typed.
  let text: String
  let day: ScannedTime

  /// `--on` as given, checked before the store is opened; nil without it.
  init?(_ options: ParsedOptions) throws {
    guard let text = options[Self.spec] else { return nil }
    self.text = text
    day = try options.parse(Self.spec, TimeExpression.scanDay)!
  }

  /// One occurrence the rule gives a series: the wall time that names it, and the instant it
  /// starts (moved, when an earlier edit moved it).
  struct Occurrence {
    let wall: WallTime
    let start: Date
    /// Midnight that day, on the series' wall: what a bare time given with it is read after.
    let dayStart: Date
  }

  /// The occurrence of `series` on the day `--on` names, read in the series' zone.
  ///
  /// - Throws: ``UsageError`` when `series` is a one-off, or that day has no occurrence (none
  ///   the rule gives and keeps, none moved onto it), naming the day and the series' next
  ///   occurrences.
  func occurrence(of series: Appointment, zone: Zone, now: Date, zones: ZoneDatabase) throws
    -> Occurrence
  {
    let label = "#\(series.id) \(TextCleaning.visible(series.title))"
    guard let repetition = series.repetition else { throw AppointmentError.notASeries(label) }
    let date: CivilDate
    do {
      date = try day.resolveDay(now: now, timeZone: zone)
    } catch {
      throw ParseError.invalidValue(option: Self.spec.name, error)
    }
    let window = DayWindow(firstDay: date, dayCount: 1, timeZone: zone)
    let (dayStart, dayEnd) = (window.start, window.end)
    // The rule's own occurrences that day, before any was taken out or moved.
    var plain = series
    plain.repetition?.exceptions = []
    plain.repetition?.overrides = [:]
    let walls = try plain.occurrences(from: dayStart, to: dayEnd, zones: zones).map {
      WallTime($0.start, in: zone)
    }
    let own = walls.filter { !repetition.exceptions.contains($0) }
    // Moved onto that day, where the agenda shows them.
    let movedHere = repetition.overrides.filter { $0.value >= dayStart && $0.value < dayEnd }
      .sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
    let format = KoreanDateFormat(timeZone: zone)
    // The rule's own occurrence that day, else one moved there, else one moved away from it.
    guard
      let wall = own.first(where: { repetition.overrides[$0] == nil }) ?? movedHere.first
        ?? own.first
    else {
      var next: [String] = []
      var after = now
      let set = try series.recurrenceSet(zones: zones)
      while next.count < 3, let found = set?.nextOccurrence(after: after) {
        next.append(format.full(found, seenAt: now))
        after = found
      }
      throw AppointmentError.noOccurrence(
        text, day: format.day(dayStart, seenAt: now), series: label, next: next)
    }
    return Occurrence(
      wall: wall, start: repetition.overrides[wall] ?? wall.instant(in: zone), dayStart: dayStart)
  }
}
