import ChulbalCalendar
import ChulbalCore
import ChulbalStore
import ChulbalSystem
import Foundation

/// The instant the benchmarks pin as "now": Monday 2026-11-30, 14:00 in Seoul.
let benchNow = Date(timeIntervalSince1970: 1_796_014_800)

/// Writes `count` appointments, the same ones three ways, into `folder`: `chulbal.db` (through
/// the store's own code, in one transaction), `reminders.rem` for `remind`, and
/// `calcurse/apts` for `calcurse -D`.
///
/// One every 8 hours from 2,000 hours before ``benchNow``, so a quarter of 1,000 are past, at
/// 19:00-style whole hours, each 40 minutes away with a 10-minute buffer.
///
/// With `series`, as many series besides: daily, weekday, weekly and monthly in turn, first
/// starts spread over the ten years before ``benchNow``, written (their cached next
/// occurrence worked out) `staleDays` days before it, so that with more than a day every
/// reader must work each one out itself.
func makeBenchData(count: Int, folder: String, series: Int = 0, staleDays: Int = 0) {
  guard count >= 1 else { benchFail("--make-data needs at least one appointment, not \(count)") }
  let files = FileManager.default
  try? files.createDirectory(atPath: folder + "/calcurse", withIntermediateDirectories: true)
  let path = folder + "/chulbal.db"
  try? files.removeItem(atPath: path)
  let store: Store
  do {
    store = try Store.openOrCreate(path: path, expander: .libical(benchZones), zones: benchZones)
  } catch {
    benchFail("cannot create \(path): \(error)")
  }
  // Seoul has kept +09:00 without summer time since 1988: its wall clock is plain arithmetic.
  let seoulOffset = 9 * 3600
  let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
  var appointments: [Appointment] = []
  var rem = ""
  var apts = ""
  appointments.reserveCapacity(count)
  for index in 1...count {
    let start = benchNow.addingTimeInterval(Double((index - 250) * 8 * 3600) + 5 * 3600)
    appointments.append(
      Appointment(
        title: "약속 \(index)", start: start, timeZone: "Asia/Seoul",
        coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276), mode: .transit,
        travelSeconds: 40 * 60, travelSource: .estimate, bufferSeconds: 600,
        alertLeads: [30 * 60, 10 * 60, 0]))
    // Every instant here is after 1970, so plain division floors.
    let local = Int(start.timeIntervalSince1970) + seoulOffset
    let civil = CivilDate(days: local / 86_400)
    let (year, month, day, hour) = (civil.year, civil.month, civil.day, local % 86_400 / 3600)
    rem += "REM \(day) \(months[month - 1]) \(year) AT \(hour):00 MSG 약속 \(index)\n"
    let date = String(format: "%02d/%02d/%04d", month, day, year)
    apts +=
      "\(date) @ \(String(format: "%02d", hour)):00 -> \(date) @ \(String(format: "%02d", hour)):00 |약속 \(index)\n"
  }
  var repeating: [Appointment] = []
  let weekdayCodes = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
  let remDays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  for index in stride(from: 1, through: series, by: 1) {
    // Ten years back, one day apart per series, at 07:00 to 21:00.
    let days = CivilDate(year: 2016, month: 12, day: 1).days + (index * 3) % 3650
    let date = CivilDate(days: days)
    let hour = 7 + index % 15
    let ruleText: String
    let remWhen: String
    switch index % 4 {
    case 0:
      ruleText = "FREQ=DAILY"
      remWhen = "\(date.day) \(months[date.month - 1]) \(date.year) *1"
    case 1:
      ruleText = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
      remWhen = "Mon Tue Wed Thu Fri FROM \(date.day) \(months[date.month - 1]) \(date.year)"
    case 2:
      ruleText = "FREQ=WEEKLY;BYDAY=" + weekdayCodes[date.weekday]
      remWhen = "\(remDays[date.weekday]) FROM \(date.day) \(months[date.month - 1]) \(date.year)"
    default:
      ruleText = "FREQ=MONTHLY;BYMONTHDAY=\(min(date.day, 28))"
      remWhen = "\(min(date.day, 28)) FROM \(date.day) \(months[date.month - 1]) \(date.year)"
    }
    guard let rule = try? RecurrenceRule.parse(ruleText) else { benchFail("bad rule \(ruleText)") }
    let first = WallTime(date: date, hour: hour, minute: 0)
    repeating.append(
      Appointment(
        title: "반복 \(index)",
        start: Date(timeIntervalSince1970: TimeInterval(first.secondsSinceEpoch - seoulOffset)),
        timeZone: "Asia/Seoul", coordinate: Coordinate(latitude: 37.4979, longitude: 127.0276),
        mode: .transit, travelSeconds: 40 * 60, travelSource: .estimate, bufferSeconds: 600,
        alertLeads: [30 * 60, 10 * 60, 0], repetition: Repetition(rule: rule, firstStart: first)))
    rem += "REM \(remWhen) AT \(hour):00 MSG 반복 \(index)\n"
  }
  do {
    try store.insert(appointments, createdAt: benchNow)
    try store.insert(repeating, createdAt: benchNow.addingTimeInterval(-Double(staleDays) * 86_400))
    try rem.write(toFile: folder + "/reminders.rem", atomically: true, encoding: .utf8)
    try apts.write(toFile: folder + "/calcurse/apts", atomically: true, encoding: .utf8)
  } catch {
    benchFail("cannot write the benchmark data: \(error)")
  }
  let also = series > 0 ? " and \(series) series (written \(staleDays) days before)" : ""
  print("\(count) appointments\(also) in \(folder): chulbal.db, reminders.rem, calcurse/apts")
}
