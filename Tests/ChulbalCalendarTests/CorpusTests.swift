import ChulbalCore
import Foundation
import Testing

@testable import ChulbalCalendar

/// Calendar files from other projects' test suites (Google, Outlook and Exchange, Thunderbird,
/// Zimbra, Nextcloud and SabreDAV, khal, DAVx5 exports among them), read by chulbal and by
/// Python's `icalendar` and `recurring-ical-events`, and compared occurrence by occurrence:
/// which `UID`s start when, and with what title and place.
///
/// chulbal's side is what `import` keeps (``CalendarImport``), each series expanded with
/// ``RecurrenceSet``; events `import` deliberately leaves out (all-day, cancelled, a rule it
/// refuses: ``CalendarImport/skip(_:email:)``) are left out of the oracle's side too. A file
/// that differs is listed in ``knownDifferences`` with the reason; the test fails for a
/// difference not listed, and for a listed file that agrees now, so the table stays true. In
/// the same way ``refusedRules`` lists the files whose rules chulbal refuses, so that a rule it
/// comes to accept is compared, and ``oracleCannotRead`` those Python cannot read, which
/// chulbal must still read.
///
/// Each file is compared over the oracle's window for it (``CorpusOracle``): from the day of
/// its earliest timed start, two to ten years long. Floating times are read in Asia/Seoul.
///
/// The files are not part of this repository (see `Fixtures/corpus/LICENSES.md` for where each
/// comes from and under which licence): they are read from `Fixtures/corpus` when a copy is
/// there, else from `calendar-corpus` in the `shared` folder beside the package. Without
/// either, the tests are skipped.
@Suite struct CorpusTests {
  /// Why a file's occurrences differ from the oracle's.
  enum Verdict: Sendable, CustomStringConvertible {
    /// chulbal does what it means to: reads the file as its author meant, or leaves out and
    /// names what it cannot read; the oracle does otherwise.
    case chulbalIsRight(String)
    /// chulbal is wrong: the text is what an issue would say.
    case chulbalBug(String)

    var description: String {
      switch self {
      case .chulbalIsRight(let reason): "chulbal is right: \(reason)"
      case .chulbalBug(let issue): "chulbal bug: \(issue)"
      }
    }
  }

  /// Files whose occurrences differ, by their path under the corpus folder.
  static let knownDifferences: [String: Verdict] = [
    "icalendar/example.ics": .chulbalIsRight(
      "One UID given twice without RECURRENCE-ID is one event (RFC 5545 3.8.4.7): chulbal keeps "
        + "the last and counts the other in its report; the oracle keeps the first"),
    "libical/classify.ics": .chulbalIsRight(
      "Two iTIP messages for one UID: chulbal keeps the higher revision (SEQUENCE 1, RFC 5546) "
        + "and counts the other; the oracle keeps both"),
    "ical.js/multiple_rrules.ics": .chulbalIsRight(
      "Two RRULEs that differ: chulbal follows the first and says so (extra_rules), one of the "
        + "two readings issue 29 accepts; the oracle takes their union"),
    "recurring-ical-events/multiple_rrule.ics": .chulbalIsRight(
      "Two RRULEs that differ: chulbal follows the first and says so (extra_rules), one of the "
        + "two readings issue 29 accepts; the oracle takes their union"),
    "icalendar/issue_1633_rdate_with_dates.ics": .chulbalIsRight(
      "An RDATE of dates on a timed event is left out as all-day; the oracle makes it midnight"),
    "icalendar/issue_1633_rdate_with_dates_and_tzid.ics": .chulbalIsRight(
      "An RDATE of dates on a timed event is left out as all-day; the oracle makes it midnight"),
    "icalendar/issue_168_input.ics": .chulbalIsRight(
      "An event with a line without a colon is left out and named; the oracle skips the line"),
    "icalendar/issue_526_calendar_with_different_events.ics": .chulbalIsRight(
      "A TZID that names no zone and has no VTIMEZONE is read in the system zone and counted; "
        + "the oracle guesses Central Europe from the Lotus Notes name"),
    "icalendar/issue_526_calendar_with_event_subset.ics": .chulbalIsRight(
      "A TZID that names no zone and has no VTIMEZONE is read in the system zone and counted; "
        + "the oracle guesses Central Europe from the Lotus Notes name"),
    "icalendar/issue_526_calendar_with_events.ics": .chulbalIsRight(
      "A TZID that names no zone and has no VTIMEZONE is read in the system zone and counted; "
        + "the oracle guesses Central Europe from the Lotus Notes name"),
    "icalendar/issue_526_calendar_with_shuffeled_events.ics": .chulbalIsRight(
      "A TZID that names no zone and has no VTIMEZONE is read in the system zone and counted; "
        + "the oracle guesses Central Europe from the Lotus Notes name"),
    "khal/event_dt_mixed_awareness.ics": .chulbalIsRight(
      "A floating DTSTART is read in the system zone, not in DTEND's zone, and a UTC time's "
        + "TZID is ignored (RFC 5545 3.2.19); the oracle does the opposite of both"),
    "khal/event_dt_multi_uid.ics": .chulbalIsRight(
      "One UID given twice without RECURRENCE-ID is one event (RFC 5545 3.8.4.7): chulbal keeps "
        + "the last and counts the other in its report; the oracle keeps the first"),
    "khal/event_dtr_no_tz_exdatez.ics": .chulbalIsRight(
      "A TZID that names no zone and has no VTIMEZONE is read in the system zone and counted; "
        + "the oracle reads it as UTC"),
    "khal/tz_windows_format.ics": .chulbalIsRight(
      "The VTIMEZONE's offsets contradict its Windows name; chulbal leaves the event out and "
        + "says why, the oracle believes the offsets"),
    "recurring-ical-events/end_before_start_event.ics": .chulbalIsRight(
      "DTEND is before DTSTART; chulbal starts at DTSTART, the oracle swaps them"),
    "recurring-ical-events/issue_132_swapped_start_and_end.ics": .chulbalIsRight(
      "DTEND is before DTSTART; chulbal starts at DTSTART, the oracle swaps them"),
    "recurring-ical-events/issue_201_test_matrix.ics": .chulbalIsRight(
      "A VTODO closed by 'END:VTOOD' breaks the nesting; chulbal refuses the file and names the "
        + "line"),
    "recurring-ical-events/issue_75_range_parameter.ics": .chulbalIsRight(
      "UNTIL=20250920 is a date on a series with times: chulbal reads it as the last day that "
        + "may hold an occurrence, so 20 September's (moved a day and 2h22 later by "
        + "RANGE=THISANDFUTURE) is kept; the oracle reads the date as that day's midnight"),
  ]

  /// Files with a rule chulbal refuses (reported as 지원하지 않는 반복), whose series the
  /// comparison leaves out; listed so that a rule chulbal comes to accept is compared.
  static let refusedRules: [String: Verdict] = [
    "icalendar/period_with_timezone.ics": .chulbalIsRight(
      "BYMONTH on a MONTHLY rule is outside the rules chulbal keeps, and said so")
  ]

  /// Files Python's oracle cannot read, with its error; chulbal must still read them.
  static let oracleCannotRead: [String: String] = [
    "icalendar/created_calendar_with_unicode_fields.ics":
      "KeyError: 'DTSTART' (an event without one)",
    "icalendar/issue_165_missing_event.ics": "BadRuleStringFormat: RRULE with escaped semicolons",
    "icalendar/issue_722_missing_timezones.ics": "KeyError: 'DTSTART' (an event without one)",
    "icalendar/multiple_timezones.ics": "TypeError: a DTSTART that is a time of day",
    "khal/non_dst_error.ics": "InvalidCalendar: a negative duration, PT-2H",
    "libical/2446.ics": "KeyError: 'DTSTART' (iTIP messages without one)",
    "libical/calendar.ics": "BrokenCalendarProperty: DTEND 19970701T1100000",
    "libical/incoming.ics": "BrokenCalendarProperty: DTEND 19970701T10300Z",
    "libical/restriction.ics": "AttributeError: two DTSTARTs in one event",
    "recurring-ical-events/bad_rrule_missing_until_event.ics": "BadRuleStringFormat: 'UNTL='",
  ]

  static let floatingTimeZone = "Asia/Seoul"

  /// The corpus folder: a local copy under `Fixtures/`, else the shared one.
  static let folder: String? = {
    let local = Fixtures.path("corpus")
    let shared = URL(fileURLWithPath: Fixtures.folder).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/calendar-corpus").path
    return [local, shared].first { !calendarFiles(in: $0).isEmpty }
  }()

  /// `project/name.ics` for every calendar file one level under `folder`.
  static func calendarFiles(in folder: String) -> [String] {
    let manager = FileManager.default
    let projects = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
    return projects.flatMap { project in
      ((try? manager.contentsOfDirectory(atPath: folder + "/" + project)) ?? [])
        .filter { $0.hasSuffix(".ics") }.map { project + "/" + $0 }
    }.sorted()
  }

  static let files = folder.map { calendarFiles(in: $0) } ?? []

  /// The oracle's answers for the whole corpus, asked once: one Python process for all files.
  static let answers: Result<[String: CorpusOracle.Answer], any Error> = Result {
    guard let folder else { return [:] }
    return try CorpusOracle.answers(
      .init(
        paths: files.map { folder + "/" + $0 }, floatingTimeZone: floatingTimeZone,
        minimumDays: 2 * 365, maximumDays: 10 * 365))
  }

  @Test(.enabled(if: folder != nil, "no calendar corpus here"), arguments: files)
  func chulbalsOccurrencesEqualRecurringICalEvents(_ file: String) throws {
    let folder = try #require(Self.folder)
    let answer = try #require(try Self.answers.get()[folder + "/" + file])
    if let error = answer.error {
      #expect(
        Self.oracleCannotRead[file] != nil,
        "\(file): the oracle cannot read it (\(error)); list it in oracleCannotRead")
      _ = try ICalendarFile.read(path: folder + "/" + file)
      let refuses = Self.refusesARule(path: folder + "/" + file)
      #expect(
        refuses == (Self.refusedRules[file] != nil),
        "\(file): refusedRules is out of date (chulbal refuses a rule: \(refuses))")
      return
    }
    #expect(
      Self.oracleCannotRead[file] == nil, "\(file): the oracle reads it now; take it off the list")
    let differences = try Self.differences(path: folder + "/" + file, answer: answer)
    let refuses = Self.refusesARule(path: folder + "/" + file)
    #expect(
      refuses == (Self.refusedRules[file] != nil),
      "\(file): refusedRules is out of date (chulbal refuses a rule: \(refuses))")
    if let verdict = Self.knownDifferences[file] {
      #expect(
        !differences.isEmpty, "\(file) agrees now: take it out of knownDifferences (\(verdict))")
    } else {
      #expect(differences.isEmpty, "\(file):\n\(differences.joined(separator: "\n"))")
    }
  }

  @Test(.enabled(if: folder != nil, "no calendar corpus here"))
  func everyListedFileIsInTheCorpus() {
    let listed = Set(Self.knownDifferences.keys).union(Self.oracleCannotRead.keys)
      .union(Self.refusedRules.keys)
    #expect(listed.subtracting(Self.files).isEmpty)
  }

  /// One occurrence's identity: its event and start.
  struct Key: Hashable, Comparable, CustomStringConvertible {
    let uid: String
    let start: Int
    static func < (a: Key, b: Key) -> Bool { (a.start, a.uid) < (b.start, b.uid) }
    var description: String {
      "\(uid) at \(Date(timeIntervalSince1970: TimeInterval(start)).formatted(.iso8601))"
    }
  }

  /// Where chulbal's occurrences of the file at `path` differ from the oracle's, one line each:
  /// starts only one side has, and titles or places that differ at the same start.
  static func differences(path: String, answer: CorpusOracle.Answer) throws -> [String] {
    let contents: CalendarContents
    do {
      contents = try ICalendarFile.read(path: path)
    } catch {
      return ["chulbal cannot read the file: \(error)"]
    }
    let from = Date(timeIntervalSince1970: TimeInterval(answer.start ?? 0))
    let to = Date(timeIntervalSince1970: TimeInterval(answer.end ?? 0))
    let kept = CalendarImport(
      contents: contents, settings: .defaults, defaultOrigin: nil, places: [:],
      floatingTimeZone: floatingTimeZone)
    var ours: [Key: [String]] = [:]
    for item in kept.items {
      let appointment = item.appointment
      var starts = [appointment.start].filter { $0 >= from && $0 < to }
      if let repetition = appointment.repetition {
        starts = try RecurrenceSet(
          rule: repetition.rule, firstStart: repetition.firstStart,
          timeZone: appointment.timeZone, exceptions: repetition.exceptions,
          overrides: repetition.overrides
        ).occurrences(from: from, to: to)
      }
      for start in starts {
        let key = Key(uid: uid(item.uid), start: Int(start.timeIntervalSince1970))
        ours[key, default: []].append(fields(appointment.title, appointment.place))
      }
    }
    // A series left out goes with its moved instances; a moved instance left out (cancelled)
    // is an exception of its series, which the oracle leaves out too. Events without a UID
    // all share the oracle's empty one: the oracle leaves out their all-day and cancelled
    // occurrences itself.
    let series = Set(contents.events.filter { $0.recurrenceID == nil }.map(\.uid))
    let skipped = Set(
      contents.events.filter { event in
        CalendarImport.skip(event, email: nil) != nil && !event.uid.hasPrefix("no-uid:")
          && (event.recurrenceID == nil || !series.contains(event.uid))
      }.map(\.uid))
    var theirs: [Key: [String]] = [:]
    for occurrence in answer.occurrences ?? [] where !skipped.contains(occurrence.uid) {
      let key = Key(uid: occurrence.uid, start: occurrence.start)
      theirs[key, default: []].append(
        fields(occurrence.title ?? "(제목 없음)", occurrence.place))
    }
    var lines: [String] = []
    for key in Set(ours.keys).union(theirs.keys).sorted() {
      let (a, b) = (ours[key, default: []].sorted(), theirs[key, default: []].sorted())
      if a.isEmpty {
        lines.append("only the oracle: \(key) \(b)")
      } else if b.isEmpty {
        lines.append("only chulbal: \(key) \(a)")
      } else if a != b {
        lines.append("\(key): chulbal \(a), the oracle \(b)")
      }
    }
    if !lines.isEmpty { lines += kept.unreadable.map { "chulbal left out \($0)" } }
    return lines
  }

  /// Whether chulbal leaves out a series of the file at `path` for its rule.
  static func refusesARule(path: String) -> Bool {
    guard let contents = try? ICalendarFile.read(path: path) else { return false }
    let kept = CalendarImport(
      contents: contents, settings: .defaults, defaultOrigin: nil, places: [:],
      floatingTimeZone: floatingTimeZone)
    return kept.skipped[.unsupportedRule] != nil
  }

  /// The `UID` an event's file gives: chulbal names an event without one by its start and
  /// title, the oracle by the empty text.
  private static func uid(_ uid: String) -> String {
    uid.hasPrefix("no-uid:") ? "" : uid
  }

  private static func fields(_ title: String, _ place: String?) -> String {
    "'\(title)' at '\(place ?? "")'"
  }
}
