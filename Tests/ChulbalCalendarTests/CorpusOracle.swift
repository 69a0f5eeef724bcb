import ChulbalTestSupport
import Foundation

/// Python's `icalendar` and `recurring-ical-events`, asked for every occurrence of every file of
/// the calendar corpus in one run: its start, `UID`, `SUMMARY` and `LOCATION`.
///
/// Each file gets its own window, from the day of its earliest timed `DTSTART` to a day after
/// its latest, at least `minimumDays` and at most `maximumDays` long, so that old exports are
/// compared where their events are and a rule without an end is cut off. The interpreter is
/// the one ``RecurringEventsOracle`` finds.
enum CorpusOracle {
  struct Query: Codable {
    let paths: [String]
    let floatingTimeZone: String
    let minimumDays: Int
    let maximumDays: Int
  }

  /// What the oracle made of one file: its window and occurrences, or why it could not read it.
  struct Answer: Codable, Sendable {
    let path: String
    /// Seconds since 1970; the window is `start..<end`.
    let start: Int?
    let end: Int?
    let occurrences: [Occurrence]?
    let error: String?
  }

  /// One occurrence with a time of day, `SUMMARY` and `LOCATION` made one line as chulbal makes
  /// them (control characters as spaces, trimmed), nil when empty.
  struct Occurrence: Codable, Hashable, Sendable {
    let uid: String
    let start: Int
    let title: String?
    let place: String?
  }

  /// The window is asked for a day wider on each side, then each start is checked against it:
  /// `recurring-ical-events` compares a floating time with the window's UTC wall clock, not in
  /// `floatingTimeZone`.
  ///
  /// All-day occurrences and cancelled ones (`STATUS:CANCELLED`, on a series or on a moved
  /// instance) are left out, as chulbal leaves them out; floating times are read in
  /// `floatingTimeZone`. A file Python cannot read, or whose events it cannot expand, comes
  /// back with the exception's type and message.
  static let script = """
    import json, sys, datetime, zoneinfo, unicodedata
    import icalendar, recurring_ical_events
    q = json.load(sys.stdin)
    floating = zoneinfo.ZoneInfo(q["floatingTimeZone"])
    day = datetime.timedelta(days=1)
    def instant(value):
        if not isinstance(value, datetime.datetime):
            return None
        return value if value.tzinfo else value.replace(tzinfo=floating)
    def one_line(value):
        text = "".join(" " if unicodedata.category(c) == "Cc" else c for c in str(value or ""))
        return text.strip() or None
    out = []
    for path in q["paths"]:
        entry = {"path": path}
        out.append(entry)
        try:
            with open(path, "rb") as h:
                calendars = icalendar.Calendar.from_ical(h.read(), multiple=True)
            starts = [instant(e["DTSTART"].dt) for c in calendars for e in c.walk("VEVENT")
                      if isinstance(e.get("DTSTART"), icalendar.vDDDTypes)]
            starts = [s for s in starts if s is not None]
            if not starts:
                entry.update(start=0, end=0, occurrences=[])
                continue
            a = min(starts).astimezone(datetime.timezone.utc).replace(
                hour=0, minute=0, second=0, microsecond=0)
            b = min(max(max(starts) + day, a + datetime.timedelta(days=q["minimumDays"])),
                    a + datetime.timedelta(days=q["maximumDays"]))
            occurrences = []
            for calendar in calendars:
                for event in recurring_ical_events.of(calendar).between(a - day, b + day):
                    start = instant(event["DTSTART"].dt)
                    if start is None or not a <= start < b:
                        continue
                    if str(event.get("STATUS", "")).upper() == "CANCELLED":
                        continue
                    occurrences.append({
                        "uid": str(event.get("UID", "")), "start": int(start.timestamp()),
                        "title": one_line(event.get("SUMMARY")),
                        "place": one_line(event.get("LOCATION"))})
            entry.update(start=int(a.timestamp()), end=int(b.timestamp()), occurrences=occurrences)
        except Exception as error:
            entry["error"] = "%s: %s" % (type(error).__name__, error)
    json.dump(out, sys.stdout)
    """

  /// The oracle's answer for each of `query.paths`, by path.
  static func answers(_ query: Query) throws -> [String: Answer] {
    let output = try ProgramOutput.read(
      [try RecurringEventsOracle.interpreter(), "-c", script], input: JSONEncoder().encode(query))
    let answers = try JSONDecoder().decode([Answer].self, from: output)
    return Dictionary(answers.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
  }
}
