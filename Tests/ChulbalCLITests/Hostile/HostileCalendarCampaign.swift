import Foundation
import Testing

/// One generated hostile calendar: one hostile event (UID `hostile`) beside a plain one (UID
/// `sibling`), imported by the built binary into a fresh database, and what must come of it.
struct HostileCalendarCase: Sendable, CustomTestStringConvertible {
  enum Expectation: Sendable, Equatable {
    /// Both events are imported, nothing is named unreadable.
    case read
    /// The hostile event is left out as unreadable, with a reason holding this text; the
    /// sibling is imported.
    case leftOut(String)
    /// The hostile event is imported or left out as unreadable, whichever; the sibling is
    /// imported.
    case readOrLeftOut
  }

  let family: String
  let name: String
  /// The calendar's components but the sibling: VTIMEZONEs and the hostile event.
  let components: @Sendable () -> String
  var expectation: Expectation

  var testDescription: String { "\(family) \(name)" }

  /// The whole file.
  var calendar: String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\n" + components()
      + HostileCalendarCampaign.event(uid: "sibling", start: "DTSTART:20990105T100000Z")
      + "END:VCALENDAR\r\n"
  }
}

/// Hostile time-zone definitions, events with very many properties, and events dated outside
/// the years 1900–2200 (issue 34, round 3): each is read in bounded time and memory, leaves
/// out only the event it cannot keep, and never writes a date the store would later call
/// damage.
enum HostileCalendarCampaign {
  static func event(uid: String, start: String, _ extra: String = "") -> String {
    "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20261201T000000Z\r\n\(start)\r\nSUMMARY:\(uid)\r\n"
      + extra + "END:VEVENT\r\n"
  }

  /// A VTIMEZONE named `tzid` with these observances (each a kind, an offset and its lines).
  static func zone(_ tzid: String, _ observances: [(String, String, String)]) -> String {
    "BEGIN:VTIMEZONE\r\nTZID:\(tzid)\r\n"
      + observances.map { kind, offset, lines in
        "BEGIN:\(kind)\r\nTZOFFSETFROM:\(offset)\r\nTZOFFSETTO:\(offset)\r\n\(lines)END:\(kind)\r\n"
      }.joined() + "END:VTIMEZONE\r\n"
  }

  static func lines(_ count: Int, _ line: (Int) -> String) -> String {
    (0..<count).map { line($0) + "\r\n" }.joined()
  }

  /// The hostile event in the zone `Hostile/Zone`.
  static func zoned(_ observances: [(String, String, String)]) -> String {
    zone("Hostile/Zone", observances)
      + event(uid: "hostile", start: "DTSTART;TZID=Hostile/Zone:20990105T190000")
  }

  /// A date in 2099–2126 for `index`, never the same for two indices below 9,408.
  static func day(_ index: Int) -> String {
    let year = 2099 + index / 336
    let month = 1 + index / 28 % 12
    let day = 1 + index % 28
    return String(format: "%04d%02d%02dT100000Z", year, month, day)
  }

  static let zoneCases: [HostileCalendarCase] = {
    let every = { (range: Range<Int>) in range.map(String.init).joined(separator: ",") }
    let rules: [(String, String)] = [
      ("hourly rule", "RRULE:FREQ=HOURLY"), ("minutely rule", "RRULE:FREQ=MINUTELY"),
      ("secondly rule", "RRULE:FREQ=SECONDLY;INTERVAL=2"),
      ("every hour of every day", "RRULE:FREQ=DAILY;BYHOUR=\(every(0..<24))"),
      (
        "every minute of every hour",
        "RRULE:FREQ=YEARLY;BYMONTH=\(every(1..<13));BYHOUR=\(every(0..<24));"
          + "BYMINUTE=\(every(0..<60))"
      ),
      ("a count of 2^31", "RRULE:FREQ=YEARLY;COUNT=2147483647;BYMONTH=3"),
      ("until 9999", "RRULE:FREQ=YEARLY;UNTIL=99991231T000000Z;BYMONTH=10"),
    ]
    var cases: [HostileCalendarCase] = []
    for (name, rule) in rules {
      cases.append(
        HostileCalendarCase(
          family: "zone", name: name,
          components: {
            zoned([
              ("STANDARD", "+0900", "DTSTART:19700101T000000\r\n\(rule)\r\n"),
              ("DAYLIGHT", "+1000", "DTSTART:19700101T120000\r\n\(rule)\r\n"),
            ])
          }, expectation: .readOrLeftOut))
    }
    for year in ["0001", "1899", "2201", "9999"] {
      cases.append(
        HostileCalendarCase(
          family: "zone", name: "observance from year \(year)",
          components: {
            zoned([
              (
                "STANDARD", "+0900", "DTSTART:\(year)0101T000000\r\nRRULE:FREQ=YEARLY;BYMONTH=3\r\n"
              ),
              (
                "DAYLIGHT", "+1000",
                "DTSTART:\(year)1001T000000\r\nRRULE:FREQ=YEARLY;BYMONTH=10\r\n"
              ),
            ])
          }, expectation: .readOrLeftOut))
    }
    cases += [
      HostileCalendarCase(
        family: "zone", name: "20,000 RDATE lines",
        components: {
          zoned([
            (
              "STANDARD", "+0900",
              "DTSTART:19700101T000000\r\n"
                + lines(20_000) {
                  "RDATE:\(1970 + $0 / 100)0101T\(String(format: "%02d", $0 % 24))0000"
                }
            ),
            ("DAYLIGHT", "+1000", "DTSTART:19700601T000000\r\n"),
          ])
        }, expectation: .readOrLeftOut),
      HostileCalendarCase(
        family: "zone", name: "10,000 RDATEs on one line",
        components: {
          zoned([
            (
              "STANDARD", "+0900",
              "DTSTART:19700101T000000\r\nRDATE:"
                + (0..<10_000).map {
                  "\(1970 + $0 / 50)0101T\(String(format: "%02d", $0 % 24))0000"
                }
                .joined(separator: ",") + "\r\n"
            )
          ])
        }, expectation: .readOrLeftOut),
      HostileCalendarCase(
        family: "zone", name: "2,000 observances with daily rules",
        components: {
          zoned(
            (0..<2000).map { index in
              (
                index % 2 == 0 ? "STANDARD" : "DAYLIGHT", String(format: "+%02d00", index % 14),
                "DTSTART:\(1900 + index % 300)0101T000000\r\nRRULE:FREQ=DAILY;BYHOUR=0,6,12,18\r\n"
              )
            })
        }, expectation: .readOrLeftOut),
      HostileCalendarCase(
        family: "zone", name: "the same VTIMEZONE 2,000 times",
        components: {
          String(
            repeating: zone("Hostile/Zone", [("STANDARD", "+0900", "DTSTART:19700101T000000\r\n")]),
            count: 2000)
            + event(uid: "hostile", start: "DTSTART;TZID=Hostile/Zone:20990105T190000")
        }, expectation: .read),
      HostileCalendarCase(
        family: "zone", name: "offsets of 99 hours and of 99 days",
        components: {
          zoned([
            ("STANDARD", "+9959", "DTSTART:19700101T000000\r\n"),
            ("DAYLIGHT", "-999999", "DTSTART:19800101T000000\r\n"),
          ])
        }, expectation: .readOrLeftOut),
      // An IANA name is taken as the zone it names, whatever the file's VTIMEZONE says.
      HostileCalendarCase(
        family: "zone", name: "Asia/Seoul said to be UTC-11",
        components: {
          zone("Asia/Seoul", [("STANDARD", "-1100", "DTSTART:19700101T000000\r\n")])
            + event(uid: "hostile", start: "DTSTART;TZID=Asia/Seoul:20990105T190000")
        }, expectation: .read),
      HostileCalendarCase(
        family: "zone", name: "a Windows name whose VTIMEZONE says UTC-11",
        components: {
          zone("Korea Standard Time", [("STANDARD", "-1100", "DTSTART:19700101T000000\r\n")])
            + event(uid: "hostile", start: "DTSTART;TZID=Korea Standard Time:20990105T190000")
        }, expectation: .leftOut("Korea Standard Time")),
      HostileCalendarCase(
        family: "zone", name: "Asia/Seoul with a minutely rule",
        components: {
          zone(
            "Asia/Seoul",
            [("STANDARD", "-1100", "DTSTART:19700101T000000\r\nRRULE:FREQ=MINUTELY\r\n")])
            + event(uid: "hostile", start: "DTSTART;TZID=Asia/Seoul:20990105T190000")
        }, expectation: .readOrLeftOut),
      HostileCalendarCase(
        family: "zone", name: "3,000 zones of minutely rules, 200 of them used",
        components: {
          (0..<3000).map { index in
            zone(
              "Z\(index)",
              [("STANDARD", "+0900", "DTSTART:19000101T000000\r\nRRULE:FREQ=MINUTELY\r\n")])
          }.joined()
            + (0..<200).map { index in
              event(uid: "hostile-\(index)", start: "DTSTART;TZID=Z\(index):20990105T190000")
            }.joined()
        }, expectation: .readOrLeftOut),
    ]
    return cases
  }()

  static let propertyCases: [HostileCalendarCase] = {
    let start = "DTSTART:20990105T100000Z"
    func many(
      _ name: String, _ extra: @escaping @Sendable () -> String,
      _ expectation:
        HostileCalendarCase.Expectation
    ) -> HostileCalendarCase {
      HostileCalendarCase(
        family: "properties", name: name,
        components: { event(uid: "hostile", start: start, extra()) }, expectation: expectation)
    }
    let tooMany = HostileCalendarCase.Expectation.leftOut("속성이 너무 많습니다")
    return [
      // Properties chulbal does not read are never given to libical, however many.
      many("20,000 X- properties", { lines(20_000) { "X-P\($0):v" } }, .read),
      many("100,000 X- properties", { lines(100_000) { _ in "X-P:v" } }, .read),
      many(
        "50,000 ATTENDEEs",
        { lines(50_000) { "ATTENDEE;CN=p\($0);PARTSTAT=ACCEPTED:mailto:p\($0)@example.com" } },
        tooMany),
      many(
        "20,000 EXDATEs", { "RRULE:FREQ=DAILY\r\n" + lines(20_000) { "EXDATE:\(day($0))" } },
        tooMany),
      many("20,000 RDATEs", { lines(20_000) { "RDATE:\(day($0 % 9000))" } }, tooMany),
      many(
        "9,000 EXDATEs on one line",
        { "RRULE:FREQ=DAILY\r\nEXDATE:" + (0..<9000).map(day).joined(separator: ",") + "\r\n" },
        .read),
      // UID, DTSTART and SUMMARY are read beside them; DTSTAMP is not.
      many(
        "exactly 10,000 properties",
        { lines(10_000 - 3) { _ in "ATTENDEE:mailto:a@example.com" } }, .read),
      many(
        "10,001 properties", { lines(10_001 - 3) { _ in "ATTENDEE:mailto:a@example.com" } },
        tooMany),
      many(
        "20,000 parameters on one property",
        { "ATTENDEE" + (0..<20_000).map { ";X-A\($0)=v" }.joined() + ":mailto:a@example.com\r\n" },
        .read),
      many(
        "200,000 folded continuation lines",
        { "DESCRIPTION:" + String(repeating: "\r\n x", count: 200_000) + "\r\n" }, .read),
      HostileCalendarCase(
        family: "properties", name: "3,000 moved instances of one series",
        components: {
          event(uid: "hostile", start: start, "RRULE:FREQ=DAILY\r\n")
            + (0..<3000).map { index in
              event(
                uid: "hostile",
                start: "DTSTART:" + day(index).replacingOccurrences(of: "T10", with: "T11"),
                "RECURRENCE-ID:\(day(index))\r\n")
            }.joined()
        }, expectation: .read),
    ]
  }()

  static let rangeCases: [HostileCalendarCase] = {
    let start = "DTSTART:20990105T100000Z"
    let outside = HostileCalendarCase.Expectation.leftOut("1900~2200년 밖")
    var cases: [HostileCalendarCase] = []
    for stamp in ["00010101T000000Z", "18991231T235959Z", "22010101T000000Z", "99991231T235959Z"] {
      let year = String(stamp.prefix(4))
      let shapes: [(String, String, String)] = [
        ("DTSTART", "DTSTART:\(stamp)", ""), ("DTEND", start, "DTEND:\(stamp)\r\n"),
        ("EXDATE", start, "RRULE:FREQ=DAILY\r\nEXDATE:\(stamp)\r\n"),
        ("RDATE", start, "RDATE:\(stamp)\r\n"),
        ("RDATE in a list", start, "RDATE:20990106T100000Z,\(stamp)\r\n"),
        ("RDATE period", start, "RDATE;VALUE=PERIOD:\(stamp)/PT1H\r\n"),
      ]
      for (name, first, extra) in shapes {
        cases.append(
          HostileCalendarCase(
            family: "range", name: "\(name) in \(year)",
            components: { event(uid: "hostile", start: first, extra) }, expectation: outside))
      }
      cases.append(
        HostileCalendarCase(
          family: "range", name: "RECURRENCE-ID in \(year)",
          components: {
            event(uid: "hostile", start: start, "RRULE:FREQ=DAILY\r\n")
              + event(
                uid: "hostile", start: "DTSTART:20990105T110000Z", "RECURRENCE-ID:\(stamp)\r\n")
          }, expectation: .readOrLeftOut))
      cases.append(
        HostileCalendarCase(
          family: "range", name: "an instance moved into \(year)",
          components: {
            event(uid: "hostile", start: start, "RRULE:FREQ=DAILY\r\n")
              + event(
                uid: "hostile", start: "DTSTART:\(stamp)", "RECURRENCE-ID:20990106T100000Z\r\n")
          }, expectation: .readOrLeftOut))
    }
    cases += [
      HostileCalendarCase(
        family: "range", name: "a start in 2200 at UTC-12",
        components: { event(uid: "hostile", start: "DTSTART;TZID=Etc/GMT+12:22001231T235900") },
        expectation: .read),
      HostileCalendarCase(
        family: "range", name: "a start in 1900 at UTC+14",
        components: {
          event(uid: "hostile", start: "DTSTART;TZID=Pacific/Kiritimati:19000101T000000")
        }, expectation: .read),
      HostileCalendarCase(
        family: "range", name: "a daily series running into 2201",
        components: {
          event(uid: "hostile", start: "DTSTART:22001225T100000Z", "RRULE:FREQ=DAILY\r\n")
        }, expectation: .read),
      HostileCalendarCase(
        family: "range", name: "a yearly series of 300 from 2099",
        components: { event(uid: "hostile", start: start, "RRULE:FREQ=YEARLY;COUNT=300\r\n") },
        expectation: .readOrLeftOut),
      HostileCalendarCase(
        family: "range", name: "a duration of 10,000 weeks",
        components: { event(uid: "hostile", start: start, "DURATION:P10000W\r\n") },
        expectation: .readOrLeftOut),
    ]
    return cases
  }()
}
