import ChulbalCalendar
import ChulbalCore
import ChulbalSystem
import Foundation

/// Reading a calendar file through ChulbalCalendar: 2,000 events of which 200 repeat weekly
/// for five years (as issue 14 asks), a file just under the 20 MiB limit, and the refusal of
/// one over it; median milliseconds over the rounds, and the process's peak resident memory
/// after each.
///
/// `--ics` runs all three, `--ics small` the first alone; `--ics write PATH` writes the
/// 2,000-event calendar to PATH, for other programs (`khal import`) to be timed on the same
/// file; `--ics read PATH` reads any file or vdir once and says how long it took and the peak
/// memory.
func benchICalendar(arguments: [String]) {
  if let index = arguments.firstIndex(of: "read"), index + 1 < arguments.count {
    let clock = ContinuousClock()
    let start = clock.now
    let outcome: String
    do {
      outcome =
        "\(try ICalendarFile.read(path: arguments[index + 1], zones: benchZones).events.count) events"
    } catch {
      outcome = "\(error)"
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print(
      "\(String(format: "%.0f", milliseconds(clock.now - start))) ms, "
        + "peak RSS \(usage.ru_maxrss / 1024) MiB: \(outcome)")
    return
  }
  let stamp = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01T00:00:00Z
  let calendar = icsEvents(count: 2_000, weekly: 200)
  guard let text = try? ICalendarWriter.text(calendar, stamp: stamp, zones: benchZones) else {
    benchFail("cannot write the calendar")
  }
  if let index = arguments.firstIndex(of: "write"), index + 1 < arguments.count {
    guard FileManager.default.createFile(atPath: arguments[index + 1], contents: Data(text.utf8))
    else { benchFail("cannot write \(arguments[index + 1])") }
    return
  }
  let folder = NSTemporaryDirectory() + "chulbal-bench-ics-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }

  let small = folder + "/2000.ics"
  guard FileManager.default.createFile(atPath: small, contents: Data(text.utf8)) else {
    benchFail("cannot write \(small)")
  }
  print("| calendar | size | read (median) | starts in 60 days | peak RSS after |")
  print("|---|---|---|---|---|")
  report(path: small, label: "2,000 events, 200 weekly for 5 years", rounds: 21)
  guard !arguments.contains("small") else { return }

  // Near the limit: the same events again and again under new UIDs, up to 19.5 MiB.
  var big = ""
  var copy = 0
  let body = text.components(separatedBy: "BEGIN:VEVENT")
  let head = body[0]
  let events = body.dropFirst().map { "BEGIN:VEVENT" + $0 }
  big += head
  while big.utf8.count < 19_500_000 {
    for event in events {
      big += event.replacingOccurrences(of: "@chulbal", with: "-\(copy)@chulbal")
        .replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
    }
    copy += 1
  }
  big += "END:VCALENDAR\r\n"
  let large = folder + "/large.ics"
  guard FileManager.default.createFile(atPath: large, contents: Data(big.utf8)) else {
    benchFail("cannot write \(large)")
  }
  report(path: large, label: "\(copy * 2_000) events (near the 20 MiB limit)", rounds: 3)

  // Past the limit: 50 MiB, refused from its size alone.
  while big.utf8.count < 50 << 20 { big += big }
  let huge = folder + "/huge.ics"
  guard FileManager.default.createFile(atPath: huge, contents: Data(big.utf8)) else {
    benchFail("cannot write \(huge)")
  }
  big = ""
  let clock = ContinuousClock()
  let start = clock.now
  let refused: String
  do {
    _ = try ICalendarFile.read(path: huge, zones: benchZones)
    refused = "read (not refused)"
  } catch {
    refused = "refused in \(milliseconds(clock.now - start)) ms"
  }
  print("| 50 MiB and more | \(refused) | | | |")
}

/// `count` events in Seoul from 2027 on, every tenth (up to `weekly`) a weekly series for five
/// years, the others one-offs, each with a place, coordinates and an alarm.
private func icsEvents(count: Int, weekly: Int) -> [ICalendarWriter.Event] {
  var made = 0
  return (0..<count).map { index in
    let date = CivilDate(days: CivilDate(year: 2027, month: 1, day: 4).days + index % 365)
    let repeats = index % 10 == 0 && made < weekly
    if repeats { made += 1 }
    let weekday = RecurrenceRule.Weekday(rawValue: date.weekday) ?? .monday
    return ICalendarWriter.Event(
      uid: ICalendarWriter.uid(for: "bench-\(index)"), title: "약속 \(index)",
      start: WallTime(date: date, hour: 8 + index % 12, minute: index % 4 * 15),
      timeZone: "Asia/Seoul", durationSeconds: 3600, location: "서울 장소 \(index)",
      coordinate: Coordinate(latitude: 37.5 + Double(index % 100) / 1000, longitude: 127.0),
      note: "설명 \(index)",
      rule: repeats
        ? RecurrenceRule(
          frequency: .weekly, days: [.init(weekday)],
          until: .date(CivilDate(year: date.year + 5, month: date.month, day: 1))) : nil,
      alarms: [.init(secondsBeforeStart: 45 * 60, message: "출발: 약속 \(index)")])
  }
}

/// One row: the file read `rounds` times, then its starts for 60 days from 2027-03-01.
private func report(path: String, label: String, rounds: Int) {
  let clock = ContinuousClock()
  var samples: [Double] = []
  var events: [CalendarEvent] = []
  for _ in 0..<rounds {
    let start = clock.now
    do {
      events = try ICalendarFile.read(path: path, zones: benchZones).events
    } catch {
      benchFail("\(error)")
    }
    samples.append(milliseconds(clock.now - start))
  }
  samples.sort()
  let from = Date(timeIntervalSince1970: 1_803_859_200)  // 2027-03-01T00:00:00Z
  let startExpansion = clock.now
  let starts =
    (try? CalendarOccurrences.starts(
      of: events, from: from, to: from.addingTimeInterval(60 * 86_400),
      floatingTimeZone: "Asia/Seoul", zones: benchZones
    ).count) ?? -1
  let expansion = clock.now - startExpansion
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  print(
    "| \(label) | \(String(format: "%.1f", Double(size) / 1_048_576)) MiB | "
      + "\(String(format: "%.0f", samples[samples.count / 2])) ms (\(events.count) events) | "
      + "\(starts) in \(String(format: "%.0f", milliseconds(expansion))) ms | "
      + "\(usage.ru_maxrss / 1024) MiB |")
}

private func milliseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}
