import ChulbalCore
import ChulbalStore
import Foundation

/// The instant the benchmarks pin as "now": Monday 2026-11-30, 14:00 in Seoul.
let benchNow = Date(timeIntervalSince1970: 1_796_014_800)

/// Writes `count` appointments, the same ones three ways, into `folder`: `chulbal.db` (through
/// the store's own code, in one transaction), `reminders.rem` for `remind`, and
/// `calcurse/apts` for `calcurse -D`.
///
/// One every 8 hours from 2,000 hours before ``benchNow``, so a quarter of 1,000 are past, at
/// 19:00-style whole hours, each 40 minutes away with a 10-minute buffer.
func makeBenchData(count: Int, folder: String) {
  guard count >= 1 else { benchFail("--make-data needs at least one appointment, not \(count)") }
  let files = FileManager.default
  try? files.createDirectory(atPath: folder + "/calcurse", withIntermediateDirectories: true)
  let path = folder + "/chulbal.db"
  try? files.removeItem(atPath: path)
  let store: Store
  do {
    store = try Store.openOrCreate(path: path)
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
        travelSeconds: 40 * 60, travelEstimated: true, bufferSeconds: 600,
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
  do {
    try store.insert(appointments, createdAt: benchNow)
    try rem.write(toFile: folder + "/reminders.rem", atomically: true, encoding: .utf8)
    try apts.write(toFile: folder + "/calcurse/apts", atomically: true, encoding: .utf8)
  } catch {
    benchFail("cannot write the benchmark data: \(error)")
  }
  print("\(count) appointments in \(folder): chulbal.db, reminders.rem, calcurse/apts")
}
