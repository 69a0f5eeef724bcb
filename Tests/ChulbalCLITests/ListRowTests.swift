import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalTestSupport
import Foundation
import Testing

@testable import ChulbalCLI
@testable import ChulbalTerminal

/// `list` and `list --json` write each row straight into bytes (`AppointmentView.appendListRow`
/// and `writeJSON`). These hold them to the views' strings and to Foundation's JSON parser on
/// appointments chosen to differ:
/// hostile and wide titles, zones with and without the own-zone label, other days and other
/// years, every status, prep time, fractional minutes, places, origins and notes.
@Suite struct ListRowTests {
  let folder = TemporaryFolder()
  var database: String { folder.path + "/c.db" }

  static let titles = [
    "저녁 약속", "plain", "quote \" and backslash \\", "esc \u{1B}[2J", "bell\u{07}", "C1 \u{85}",
    "bidi \u{202E}evil\u{2066} \u{200F}", "emoji 🍜 and 漢字", "e\u{301}", "ｱｲｳ wide Ａ",
    "a title longer than fifteen bytes, 끝", "tab\there", "trailing  ", "\u{600} ", "",
    "\u{1100}\u{1161}", "new\nline",
  ]
  static let zones = [
    "Asia/Seoul", "Asia/Tokyo", "America/New_York", "Australia/Sydney", "Australia/Brisbane",
    "America/Boise", "Europe/London", "UTC", "Pacific/Kiritimati", "America/St_Johns",
  ]

  /// Starts from three days before `mondayAfternoon` to more than a year after, so that the
  /// list holds started, late, leave-now and upcoming rows, some in another year.
  func fill() throws {
    let store = try Store.openOrCreate(path: database, expander: .libical)
    let offsets: [TimeInterval] = [
      -3 * 86_400, -1_800, 600, 1_500, 3_000 + 30, 20_000, 86_400 * 2 + 17, 40 * 86_400,
      400 * 86_400, 1_000,
    ]
    let trips = [(0, 0), (90, 0), (2_400, 600), (0, 300), (3_600 * 30, 0), (45, 45)]
    let leads = [[1_800, 600, 0], [0], [], [600, 600, 0], [900], [60, 1_800]]
    // Every other ten rows as the offsets say, the rest spread over a day either side.
    func spread(_ index: Int) -> TimeInterval {
      index / 10 % 2 == 0 ? 0 : Double(index * 7_919 % 172_800 - 86_400)
    }
    try store.insert(
      (0..<120).map { index in
        Appointment(
          title: Self.titles[index % Self.titles.count],
          start: mondayAfternoon.addingTimeInterval(
            offsets[index % offsets.count] + spread(index)),
          timeZone: Self.zones[index % Self.zones.count],
          place: index % 3 == 0 ? nil : "강남역 \"2번\" 출구\u{1B}",
          coordinate: index % 4 == 0 ? nil : Coordinate(latitude: 37.4979, longitude: 127.0276),
          origin: index % 5 == 0
            ? nil
            : Origin(
              name: index % 2 == 0 ? nil : "집",
              coordinate: Coordinate(latitude: -33.5, longitude: 151)),
          mode: TravelMode.allCases[index % 4], travelSeconds: trips[index % trips.count].0,
          travelSource: index % 2 == 0 ? .estimate : .given,
          bufferSeconds: trips[index % trips.count].1,
          prepSeconds: [0, 900, 1_800, 90][index % 4], alertLeads: leads[index % leads.count],
          note: index % 3 == 1 ? "메모\n둘째 줄 \u{202E}" : nil,
          repetition: index % 7 == 3 ? Self.repetition(index) : nil)
      }, createdAt: mondayAfternoon)
  }

  /// Some rows are series (their `repeat` member, their rule beside the start), a few of
  /// them ending (`until`, `count`) and so among the past too.
  static func repetition(_ index: Int) -> Repetition {
    let rules = [
      "FREQ=DAILY", "FREQ=WEEKLY;BYDAY=TU;UNTIL=20271231", "FREQ=MONTHLY;BYMONTHDAY=31;COUNT=5",
      "FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261125T000000Z",
    ]
    let rule = try! RecurrenceRule.parse(rules[index / 7 % rules.count])
    return Repetition(
      rule: rule, firstStart: WallTime(year: 2026, month: 11, day: 2, hour: 8, minute: 30))
  }

  static let readers: [[String]] = [[], ["--tz", "America/New_York"], ["--tz", "Asia/Tokyo"]]
  static let selections: [[String]] = [[], ["--all"], ["--past"]]

  /// What each selection reads, in its order, from the store itself.
  func appointments(_ selection: [String]) throws -> [Appointment] {
    let store = try #require(try Store.open(path: database, create: false, expander: .libical))
    switch selection {
    case ["--all"]: return try store.all()
    case ["--past"]: return try store.past(atOrBefore: mondayAfternoon)
    default: return try store.upcoming(after: mondayAfternoon)
    }
  }

  func views(_ selection: [String], reader: [String]) throws -> [AppointmentView] {
    let readerZone = reader.last.flatMap(Zone.init(identifier:))
    return try appointments(selection).map {
      AppointmentView($0, now: mondayAfternoon, environment: .test(), readerZone: readerZone)
    }
  }

  func list(_ arguments: [String]) -> String {
    let console = RecordingConsole()
    let outcome = CLI.run(
      ["list", "--db", database] + arguments, environment: .test(console: console))
    #expect(outcome.exitCode == 0)
    #expect(outcome.standardError == "")
    return console.text + outcome.standardOutput
  }

  @Test(arguments: readers, selections)
  func tableRowsAreTheViewsStringsLaidOut(reader: [String], selection: [String]) throws {
    try fill()
    let rows = try views(selection, reader: reader).map {
      [
        // A series' rule goes after its start.
        "#\($0.appointment.id)", $0.appointment.title,
        $0.startText + ($0.repeatText.map { " · \($0)" } ?? ""), $0.departureText,
        $0.remainingText,
      ]
    }
    #expect(rows.count > 10)
    let expected = Self.table([["번호", "제목", "약속", "출발", "남은 시간"]] + rows)
    #expect(list(reader + selection) == expected)
  }

  /// Each row of `list --json`, read back by Foundation's parser, holds the appointment's own
  /// strings and numbers: hostile titles escaped so that they come back as they were.
  @Test(arguments: readers, selections)
  func jsonRowsReadBackAsTheAppointments(reader: [String], selection: [String]) throws {
    try fill()
    let views = try views(selection, reader: reader)
    if selection == ["--all"] {
      // The data holds what the rows are to differ by.
      #expect(Set(views.map { $0.plan.status(at: mondayAfternoon).name }).count == 4)
      #expect(views.contains { $0.plan.ready != nil && $0.appointment.origin?.name == nil })
      #expect(views.contains { $0.startText.contains(")") && $0.startText.hasSuffix(")") })
      #expect(views.contains { $0.startText.hasPrefix("2027년") })
      #expect(views.contains { $0.repeatText?.hasSuffix("(5회)") == true })
    }
    let text = list(reader + selection + ["--json"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    #expect(rows.count == views.count)
    for (row, view) in zip(rows, views) {
      let appointment = view.appointment
      #expect(row["id"] as? Int == appointment.id)
      #expect(row["title"] as? String == appointment.title)
      #expect(row["place"] as? String == appointment.place)
      #expect(row["note"] as? String == appointment.note)
      #expect(row["time_zone"] as? String == appointment.timeZone)
      #expect(row["mode"] as? String == appointment.mode.rawValue)
      let origin = row["origin"] as? [String: Any]
      #expect(origin?["name"] as? String == appointment.origin?.name)
      let coord = row["coord"] as? [String: Double]
      #expect(coord?["lat"] == appointment.coordinate?.latitude)
      #expect(coord?["lng"] == appointment.coordinate?.longitude)
      #expect(
        (row["travel_minutes"] as? NSNumber)?.doubleValue == Double(appointment.travelSeconds) / 60)
      #expect((row["alerts"] as? [Any])?.count == view.plan.alerts.count)
      #expect(row["status"] as? String == view.plan.status(at: mondayAfternoon).name)
      #expect((row["repeat"] as? [String: Any])?["text"] as? String == view.repeatText)
      let shown = row["text"] as? [String: String]
      #expect(shown?["appointment"] == view.startText)
      #expect(shown?["remaining"] == view.remainingText)
    }
  }

  /// The table as `TerminalText.table` laid it out before it kept bytes: cells made visible,
  /// each measured as the sum of its scalars' widths, padded with spaces, and each line's
  /// trailing spaces trimmed as characters.
  static func table(_ rows: [[String]]) -> String {
    let cells = rows.map { $0.map(TextCleaning.visible) }
    let cellWidths = cells.map { row in
      row.map { $0.unicodeScalars.reduce(0) { $0 + TerminalText.width(of: $1) } }
    }
    var widths: [Int] = []
    for row in cellWidths {
      for (column, width) in row.enumerated() {
        if column == widths.count { widths.append(0) }
        widths[column] = max(widths[column], width)
      }
    }
    var output = ""
    for (row, rowWidths) in zip(cells, cellWidths) {
      var line = ""
      for (column, cell) in row.enumerated() {
        if column > 0 { line += "  " }
        line += cell
        if column < row.count - 1 {
          line += String(repeating: " ", count: widths[column] - rowWidths[column])
        }
      }
      while line.last == " " { line.removeLast() }
      output += line + "\n"
    }
    return output
  }

  @Test(arguments: [
    [["a", "b"], ["wide 한", "x"]], [["\u{600} ", "x"], ["a", "\u{600} "]],
    [["a", ""], ["bb", ""]],
    [["x"], ["a", "b", "c"], []], [["trail  ", "  "], ["\u{1B}", "\u{202E}"]],
    [["e\u{301}", "🍜"], ["漢字", "ｱ"]],
  ])
  func tablesAreLaidOutAsStringsWere(rows: [[String]]) {
    #expect(TerminalText.table(rows) == Self.table(rows))
  }
}
