import ChulbalCore
import FoundationEssentials

/// The one short line a status bar shows for the next departure, in several bar formats.
struct StatusLine {
  enum Format: String, CaseIterable, Sendable {
    case text, json, waybar, i3blocks, tmux
  }

  /// far: more than 30 minutes; soon: 30 minutes or less; now: the minute of departure;
  /// late: past it, before the appointment starts.
  enum Urgency: String {
    case far, soon, now, late
  }

  let appointment: Appointment?
  let now: Date
  /// The appointment's own zone, for JSON's ISO 8601 instants.
  let timeZone: Zone
  /// The zone the reader reads the tooltip in; the appointment's own clock is shown beside.
  var readerZone: Zone? = nil

  private var reading: CountdownReading? {
    appointment.map { CountdownReading(plan: $0.plan, now: now, countingReady: false) }
  }

  /// The countdown's colour at this moment: the palette's gradient, as the countdown screen
  /// shows it; calm when nothing is upcoming.
  var color: Palette.Color {
    Palette.color(urgency: reading?.urgency ?? 0)
  }

  var urgency: Urgency {
    guard let reading else { return .far }
    switch reading.status {
    case .upcoming(let remaining): return remaining > TickPolicy.secondsThreshold ? .far : .soon
    case .leaveNow: return .now
    case .late, .started: return .late
    }
  }

  /// `출발까지 1시간 5분 · 저녁 약속`, `출발까지 09:37 · 저녁 약속`, `지금 출발 · 저녁 약속`,
  /// `출발 3분 지남 · 저녁 약속`, `출발 15분 지남 (12분 늦음) · 저녁 약속`; empty when nothing is
  /// upcoming.
  ///
  /// While it counts seconds the time keeps one width (`09:37`, `00:05`), so a bar that
  /// redraws every second does not jiggle; past departure it counts whole minutes.
  var text: String {
    guard let appointment, let reading else { return "" }
    let title = TextCleaning.visible(appointment.title)
    switch reading.status {
    case .upcoming:
      let duration =
        reading.countsSeconds
        ? KoreanDuration.text(seconds: reading.seconds, precision: .fixedSeconds)
        : reading.duration
      return "출발까지 \(duration) · \(title)"
    case .leaveNow: return "지금 출발 · \(title)"
    case .late:
      let late = reading.lateness.map { " (\($0))" } ?? ""
      return "출발 \(KoreanDuration.text(seconds: reading.seconds)) 지남\(late) · \(title)"
    case .started: return "\(reading.text) · \(title)"
    }
  }

  /// The next instant after `now` at which the line changes: as the countdown's ticks before
  /// departure, then each whole minute after it, until the appointment starts.
  var nextChange: Date? {
    guard let plan = appointment?.plan else { return nil }
    guard now >= plan.departure else {
      return TickPolicy.nextTick(after: now, target: plan.departure)
    }
    let minutes = (now.timeIntervalSince(plan.departure) / 60).rounded(.down) + 1
    return min(plan.departure.addingTimeInterval(minutes * 60), plan.start)
  }

  /// Progress toward departure over its last hour, 0–100.
  var percentage: Int {
    guard let appointment else { return 0 }
    let remaining = appointment.plan.departure.timeIntervalSince(now)
    return Int((100 * min(1, max(0, 1 - remaining / 3600))).rounded(.down))
  }

  /// The tooltip's lines: title, place, start and departure.
  var tooltipLines: [String] {
    guard let appointment else { return ["다가오는 약속이 없습니다"] }
    let times = ReaderTimes(reader: readerZone ?? timeZone, own: timeZone)
    var lines = [
      TextCleaning.visible(appointment.title), "약속 \(times.full(appointment.start, seenAt: now))",
      "출발 \(times.reader.full(appointment.plan.departure, seenAt: now))",
    ]
    if let place = appointment.place { lines.insert(TextCleaning.visible(place), at: 1) }
    return lines
  }

  /// The output for one update. `follow` gives one line per update, as bars that keep the
  /// program running expect (i3blocks in persist mode reads only `full_text` lines).
  func render(_ format: Format, follow: Bool) -> String {
    switch format {
    case .text:
      return text + "\n"
    case .tmux:
      // '#' starts a tmux format, so a title's own '#' is doubled. The palette's own
      // background keeps pink readable on tmux's default green.
      let escaped = text.replacingEvery("#", with: "##")
      let style = "fg=\(color.hex.lowercased()),bg=\(Palette.background.hex.lowercased())"
      return text.isEmpty ? "\n" : "#[\(style)]\(escaped)#[default]\n"
    case .i3blocks:
      if follow { return text + "\n" }
      let short = appointment.map { _ in text.components(separatedBy: " · ")[0] } ?? ""
      return "\(text)\n\(short)\n\(color.hex)\n"
    case .waybar:
      // Waybar reads a custom module's text and tooltip as Pango markup: a title's `&` or
      // `<span …>` must arrive escaped, or it restyles the bar or leaves the markup invalid.
      let tooltip = tooltipLines.map(TextCleaning.markup).joined(separator: "\n")
      return JSONValue.object([
        ("text", .string(TextCleaning.markup(text))),
        ("tooltip", .string(tooltip)),
        ("class", .string(urgency.rawValue)),
        ("percentage", .integer(percentage)),
      ]).compact() + "\n"
    case .json:
      guard let appointment else { return "null\n" }
      let format = KoreanDateFormat(timeZone: timeZone)
      let plan = appointment.plan
      return JSONValue.object([
        ("id", .integer(appointment.id)), ("title", .string(appointment.title)),
        ("departure", .string(format.iso8601(plan.departure))),
        ("start", .string(format.iso8601(plan.start))),
        ("remaining_seconds", .integer(reading?.seconds ?? 0)),
        ("status", .string(plan.status(at: now).name)), ("class", .string(urgency.rawValue)),
        ("text", .string(text)),
      ]).compact() + "\n"
    }
  }
}
