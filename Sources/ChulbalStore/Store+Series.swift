import ChulbalCore
import FoundationEssentials

/// Series: one appointment row each, whose `start_at` caches an occurrence (schema 4).
///
/// A writer sets the cache to the series' next occurrence after its own `now` (the last one
/// once the series has ended), so the departure index finds a series as it finds a one-off.
/// Between writes the cache falls behind: a reader works out each series whose cached start
/// has passed and which goes on (``staleCondition``, found through `appointment_series`) in
/// memory, and never writes the answer down (see ``Store/Access/reading``); the next command
/// that writes moves every such cache on (``advanceSeries(now:)``).
///
/// The cache is the next occurrence after the writer's clock: a reader whose `now` is
/// earlier (a `--now` in the past) sees the series from that occurrence on.
extension Store {
  /// Series whose cached start is at or before `?1` and which have occurrences after it.
  static let staleCondition = "\(startedCondition) AND \(goesOn("?1"))"
  /// The series that have started by `?1` and have no occurrence after it.
  static let endedCondition = "\(startedCondition) AND NOT \(goesOn("?1"))"
  /// The series whose cached start is at or before `?1`: the stale and the ended ones.
  static let startedCondition = "repeat_rule IS NOT NULL AND start_at <= ?1"
  /// The series that have occurrences after `?1`.
  static let liveCondition = "repeat_rule IS NOT NULL AND \(goesOn("?1"))"

  /// The series that meet `condition` at `now` (bound as `?1`), in the order of
  /// `appointment_series` itself, its start and then the row's id: so SQLite reads that
  /// partial index, which holds the series alone, and sorts nothing; by id, it would read every
  /// row of the table (EXPLAIN QUERY PLAN: `SCAN appointment`). Each caller sorts what it
  /// reads as it needs.
  func seriesQuery(_ condition: String, at now: Date) -> (sql: String, values: [SQLValue]) {
    select("WHERE \(condition)", [.integer(Self.seconds(now))], order: "start_at, id")
  }

  /// Whether a series' last occurrence starts after `instant`: never ending (NULL) or ending
  /// after it. An end that is not an integer, which only damage makes, counts as going on, so
  /// that the row is read and refused rather than passed over as ended.
  static func goesOn(_ instant: String) -> String {
    "(typeof(repeat_last_at) <> 'integer' OR repeat_last_at > \(instant))"
  }

  /// Whether the file has series at all (schema 4 on).
  var keepsSeries: Bool { schema >= 4 }

  /// Whether any series has started by `now`, so that one may be stale: false for most files,
  /// told by one row of `appointment_series`, far cheaper than preparing the queries for
  /// stale series, their known next starts a subquery each.
  private func hasStartedSeries(at now: Date) throws(StoreError) -> Bool {
    try database.scalar(
      "SELECT 1 FROM appointment WHERE \(Self.startedCondition) LIMIT 1",
      [.integer(Self.seconds(now))]) != .null
  }

  /// Every series whose cached start has passed by `now` and which goes on, each as its next
  /// occurrence after `now`, soonest departure first.
  func staleSeries(at now: Date) throws(StoreError) -> [Appointment] {
    guard keepsSeries, try hasStartedSeries(at: now) else { return [] }
    var result: [Appointment] = []
    let known = try knownNextStarts(after: now)
    for series in try appointments(seriesQuery(Self.staleCondition, at: now)) {
      if let start = known[series.id] {
        result.append(series.occurrence(at: start))
      } else if let next = try occurrence(of: series, after: now) {
        result.append(next)
      }
    }
    return result.sorted(by: Self.departsBefore)
  }

  /// What ``staleSeries(at:)`` gives first, reading one row of the series that know their
  /// next occurrence (the one whose known next start departs first) and working out only
  /// those that do not: what `next` asks, a week after the last writer, of 1,000 series.
  func firstStaleSeries(at now: Date) throws(StoreError) -> Appointment? {
    guard keepsSeries, try hasStartedSeries(at: now) else { return nil }
    let instant = SQLValue.integer(Self.seconds(now))
    guard keepsKnownOccurrences else { return try staleSeries(at: now).first }
    // One pass over the stale series' ids: the first known departure, and those to work out.
    var first: (departure: Int, id: Int, start: Int)?
    var unknown: [Int] = []
    // Read in place, a row of integers at a time, so a thousand stale series do not make a
    // thousand arrays of values.
    try database.forEachRow(
      """
      SELECT id, \(Self.knowsNow), \(Self.knownNext), travel_seconds, buffer_seconds
      FROM appointment WHERE \(Self.staleCondition)
      """, [instant]
    ) { row throws(StoreError) in
      guard let id = row.integer(0) else { return true }
      guard row.integer(1) == 1, let start = row.integer(2), let travel = row.integer(3),
        let buffer = row.integer(4)
      else {
        unknown.append(id)
        return true
      }
      let departure = Self.departure(start: start, travel: travel, buffer: buffer)
      if first.map({ ($0.departure, $0.id) > (departure, id) }) ?? true {
        first = (departure, id, start)
      }
      return true
    }
    var candidates: [Appointment] = []
    if let first,
      let series = try appointmentRows("WHERE id = ?", [.integer(first.id)], order: "id").first
    {
      candidates.append(
        series.occurrence(at: Date(timeIntervalSince1970: TimeInterval(first.start))))
    }
    for id in unknown {
      for series in try appointmentRows("WHERE id = ?", [.integer(id)], order: "id") {
        if let next = try occurrence(of: series, after: now) { candidates.append(next) }
      }
    }
    return candidates.min(by: Self.departsBefore)
  }

  /// Every series that has started by `now` and has no occurrence after it, each as its last
  /// occurrence, the latest first: the past list's series.
  func endedSeries(at now: Date) throws(StoreError) -> [Appointment] {
    guard keepsSeries else { return [] }
    var result: [Appointment] = []
    for series in try appointments(seriesQuery(Self.endedCondition, at: now)) {
      result.append(series.occurrence(at: try lastStart(of: series)))
    }
    return result.sorted(by: Self.startsAfter)
  }

  /// The past list's order: the later start first, then the smaller id.
  static func startsAfter(_ a: Appointment, _ b: Appointment) -> Bool {
    (b.start, a.id) < (a.start, b.id)
  }

  /// Every series that has occurrences after `now`, unexpanded.
  func liveSeries(at now: Date) throws(StoreError) -> [Appointment] {
    guard keepsSeries else { return [] }
    return try appointments(seriesQuery(Self.liveCondition, at: now))
  }

  /// Every appointment that starts in `from..<to`, each occurrence of a series as one, by
  /// start: what an agenda of those days lists.
  public func occurrences(from: Date, to: Date) throws(StoreError) -> [Appointment] {
    var result: [Appointment] = []
    try forEachOccurrence(from: from, to: to) { occurrence in
      result.append(occurrence)
      return true
    }
    return result
  }

  /// ``occurrences(from:to:)`` handed to `body` one at a time, by start then id; `body`
  /// returns false to stop.
  ///
  /// Only the starts are gathered and sorted, each with where its appointment is: a week's
  /// agenda of a thousand series has thousands of occurrences, too many to hold each as a
  /// whole appointment, twice for the sort.
  func forEachOccurrence(from: Date, to: Date, _ body: (Appointment) -> Bool)
    throws(StoreError)
  {
    // The series by id, then the one-offs; each start names its appointment by place here.
    var sources = try liveSeries(at: from.addingTimeInterval(-1))
    let seriesCount = sources.count
    var starts: [(start: Date, id: Int, source: Int)] = []
    let known = try knownStarts(from: from, to: to, of: sources) { source, start in
      starts.append((start, sources[source].id, source))
    }
    for source in 0..<seriesCount where !known[source] {
      let series = sources[source]
      for start in try self.starts(of: series)?.occurrences(from: from, to: to) ?? [] {
        starts.append((start, series.id, source))
      }
    }
    try forEachAppointment(query(.starting(from: from, before: to))) { oneOff in
      starts.append((oneOff.start, oneOff.id, sources.count))
      sources.append(oneOff)
      return true
    }
    starts.sort { ($0.start, $0.id) < ($1.start, $1.id) }
    for entry in starts where !body(sources[entry.source].occurrence(at: entry.start)) {
      break
    }
  }

  /// The order of the departure index: the rule's departure, then id.
  static func departsBefore(_ a: Appointment, _ b: Appointment) -> Bool {
    (departure(of: a), a.id) < (departure(of: b), b.id)
  }

  /// The starts of `series` read from the file (nil for a one-off): a series the
  /// ``expander`` cannot expand is damage, as the commands check a series before they write
  /// it.
  func starts(of series: Appointment) throws(StoreError) -> (any SeriesStarts)? {
    do {
      return try expander.starts(of: series)
    } catch {
      throw .damaged(path: path, reason: "약속 #\(series.id), repeat_rule: \(error)")
    }
  }

  /// The series' next occurrence after `now`, read from the file.
  func occurrence(of series: Appointment, after now: Date) throws(StoreError) -> Appointment? {
    try series.nextOccurrence(after: now, in: starts(of: series)).flatMap {
      Self.keepable($0.start) ? $0 : nil
    }
  }

  /// Whether the file can keep `start` (``Row/instants``): a series goes on no further than
  /// the years the store keeps, so a writer never caches a start every reader after it
  /// would refuse.
  static func keepable(_ start: Date) -> Bool {
    Row.instants.contains(seconds(start))
  }

  /// The start of a series' last occurrence, read from the file; its cached start when it
  /// never ends.
  func lastStart(of series: Appointment) throws(StoreError) -> Date {
    Self.lastStart(of: series, in: try starts(of: series)) ?? series.start
  }

  /// The start of the last occurrence of `series`, whose starts are `starts`, or nil when it
  /// never ends (neither `UNTIL` nor `COUNT`); a one-off's own start.
  static func lastStart(of series: Appointment, in starts: (any SeriesStarts)?) -> Date? {
    guard let repetition = series.repetition, let starts else { return series.start }
    let rule = repetition.rule
    guard rule.until != nil || rule.count != nil else { return nil }
    // An UNTIL instant, or the end of an UNTIL date in any zone (zones are less than a day
    // from UTC); a COUNT series ends at its count, which the expander stops at.
    let end: Date
    switch rule.until {
    case .instant(let last)?: end = last.addingTimeInterval(1)
    case .date(let last)?: end = Date(timeIntervalSince1970: TimeInterval((last.days + 2) * 86_400))
    case nil: end = Date(timeIntervalSince1970: TimeInterval(Row.instants.upperBound))
    }
    let first = Date(
      timeIntervalSince1970: TimeInterval((repetition.firstStart.date.days - 2) * 86_400))
    let moved = repetition.overrides.values.max()
    let last = starts.occurrences(from: first, to: end).last
    return [last, moved].compactMap { $0 }.max() ?? series.start
  }

  /// `appointment` as it stands at `now`: a series whose cached start has passed, as its next
  /// occurrence, or its last once it has ended (as the past list shows it); anything else as
  /// it is.
  public func current(_ appointment: Appointment, at now: Date) throws(StoreError) -> Appointment {
    guard appointment.repeats, appointment.start <= now else { return appointment }
    if let next = try occurrence(of: appointment, after: now) { return next }
    return appointment.occurrence(at: try lastStart(of: appointment))
  }

  /// Every series' exceptions and overrides, read in two queries when a query first meets a
  /// series: the tables hold only what people skipped or moved by hand, and two statements
  /// per series row (a parse each) would cost more than the rest of a reader's work.
  func seriesChanges() throws(StoreError) -> SeriesChanges {
    var changes = SeriesChanges()
    guard keepsSeries else { return changes }
    for row in try database.rows("SELECT appointment_id, occurrence FROM repeat_exception") {
      var values = Row(row, columns: Self.exceptionColumns, label: "건너뛸 회차", path: path)
      let id = try values.integer("appointment_id")
      values.label = "약속 #\(id)의 건너뛸 회차"
      changes.exceptions[id, default: []].insert(try values.wallTime("occurrence"))
    }
    for row in try database.rows(
      "SELECT appointment_id, occurrence, start_at FROM repeat_override")
    {
      var values = Row(row, columns: Self.overrideColumns, label: "옮긴 회차", path: path)
      let id = try values.integer("appointment_id")
      values.label = "약속 #\(id)의 옮긴 회차"
      changes.overrides[id, default: [:]][try values.wallTime("occurrence")] = Date(
        timeIntervalSince1970: TimeInterval(try values.instant("start_at")))
    }
    try checkOwners(of: "repeat_exception", label: "건너뛸 회차")
    try checkOwners(of: "repeat_override", label: "옮긴 회차")
    return changes
  }

  /// Refuses a row of `table` whose appointment is missing or is no series, which only damage
  /// makes (deleting an appointment deletes its rows): it would be passed over, until a new
  /// appointment given the id took it on. One lookup a table, through the primary key.
  private func checkOwners(of table: String, label: String) throws(StoreError) {
    let row = try database.rows(
      """
      SELECT c.appointment_id, a.id IS NULL FROM \(table) c
        LEFT JOIN appointment a ON a.id = c.appointment_id
        WHERE a.repeat_rule IS NULL LIMIT 1
      """
    ).first
    guard let row, case .integer(let id) = row[0] else { return }
    let problem = row[1] == .integer(1) ? "없는 약속입니다" : "반복 약속이 아닙니다"
    throw .damaged(path: path, reason: "약속 #\(id)의 \(label), appointment_id: \(problem)")
  }

  private static let exceptionColumns = Row.Columns(["appointment_id", "occurrence"])
  private static let overrideColumns = Row.Columns(["appointment_id", "occurrence", "start_at"])

  /// The values of `start_at`, `repeat_rule`, `repeat_first` and `repeat_last_at` for
  /// `appointment` written at `now`: for a series, the next occurrence after `now` (the last
  /// one once it has ended) and where it ends.
  func seriesValues(_ appointment: Appointment, now: Date) throws(StoreError) -> (
    start: Date, columns: [SQLValue]
  ) {
    guard let repetition = appointment.repetition else {
      return (appointment.start, [.null, .null, .null])
    }
    do {
      // One set for both questions.
      let set = try expander.starts(of: appointment)
      let last = Self.lastStart(of: appointment, in: set)
      let next =
        set?.nextOccurrence(after: now).flatMap { Self.keepable($0) ? $0 : nil } ?? last
        ?? appointment.start
      return (
        next,
        [
          .text(repetition.rule.text), .text(repetition.firstStart.description),
          last.map { .integer(Self.seconds($0)) } ?? .null,
        ]
      )
    } catch {
      // The commands check a series with libical before they write it.
      throw .sqlite(path: path, code: -1, message: "약속 #\(appointment.id): \(error)")
    }
  }

  /// Replaces the stored exceptions and overrides of `appointment` with its own, and its
  /// known occurrences with those of the coming weeks after `now`.
  func writeChanges(_ appointment: Appointment, now: Date) throws(StoreError) {
    guard keepsSeries else { return }
    let id = SQLValue.integer(appointment.id)
    try database.rows("DELETE FROM repeat_exception WHERE appointment_id = ?", [id])
    try database.rows("DELETE FROM repeat_override WHERE appointment_id = ?", [id])
    try writeKnownOccurrences(appointment, now: now)
    guard let repetition = appointment.repetition else { return }
    for time in repetition.exceptions.sorted() {
      try database.rows(
        "INSERT INTO repeat_exception (appointment_id, occurrence) VALUES (?, ?)",
        [id, .text(time.description)])
    }
    for (time, start) in repetition.overrides.sorted(by: { $0.key < $1.key }) {
      try database.rows(
        "INSERT INTO repeat_override (appointment_id, occurrence, start_at) VALUES (?, ?, ?)",
        [id, .text(time.description), .integer(Self.seconds(start))])
    }
  }

  /// Moves on the cached start of every series whose cache has passed by `now`, to its next
  /// occurrence, or to its last once it has ended, and works out again the known occurrences
  /// of every series that goes on and knows fewer than ``knownRenewal`` ahead, in one
  /// transaction: what each command that writes does first, so readers after it work out as
  /// few series as can be.
  ///
  /// - Returns: how many series moved on, were worked out again, or both.
  @discardableResult
  public func advanceSeries(now: Date) throws(StoreError) -> Int {
    guard keepsSeries else { return 0 }
    let seconds = Self.seconds(now)
    // Each condition with its values, each found through its own index.
    var conditions: [(sql: String, values: [SQLValue])] = [
      ("start_at <= ?1 AND \(Self.goesOn("start_at"))", [.integer(seconds)])
    ]
    if keepsKnownOccurrences {
      conditions.append(
        (
          "\(Self.goesOn("?1")) AND (repeat_known_until IS NULL OR repeat_known_until < ?2)",
          [.integer(seconds), .integer(seconds + Self.knownRenewal)]
        ))
    }
    // Looked for first, so that a watch's step with nothing to move on takes no write lock.
    var any = false
    for condition in conditions where !any {
      any =
        try database.scalar(
          "SELECT id FROM appointment WHERE repeat_rule IS NOT NULL AND \(condition.sql) LIMIT 1",
          condition.values
        ).int != nil
    }
    guard any else { return 0 }
    return try database.writeTransaction { () throws(StoreError) -> Int in
      let known = try knownNextStarts(after: now)
      let behind = try appointmentRows(
        "WHERE repeat_rule IS NOT NULL AND \(conditions[0].sql)", conditions[0].values,
        order: "id")
      for series in behind {
        var next = known[series.id]
        if next == nil { next = try occurrence(of: series, after: now)?.start }
        try database.rows(
          "UPDATE appointment SET start_at = coalesce(?, repeat_last_at, start_at) WHERE id = ?",
          [next.map { .integer(Self.seconds($0)) } ?? .null, .integer(series.id)])
        try writeDeparture(of: series.id)
      }
      var moved = Set(behind.map(\.id))
      for condition in conditions.dropFirst() {
        for series in try appointmentRows(
          "WHERE repeat_rule IS NOT NULL AND \(condition.sql)", condition.values, order: "id")
        {
          try writeKnownOccurrences(series, now: now)
          moved.insert(series.id)
        }
      }
      return moved.count
    }
  }
}

extension Store {
  /// Writes the departure the rule gives row `id`'s start as it now stands, for a writer that
  /// moved the start in SQL.
  func writeDeparture(of id: Int) throws(StoreError) {
    let row = try database.rows(
      "SELECT start_at, travel_seconds, buffer_seconds FROM appointment WHERE id = ?",
      [.integer(id)]
    ).first
    guard let row, let start = row[0].int, let travel = row[1].int, let buffer = row[2].int
    else { return }
    try database.rows(
      "UPDATE appointment SET departure_at = ? WHERE id = ?",
      [.integer(Self.departure(start: start, travel: travel, buffer: buffer)), .integer(id)])
  }
}

/// The known occurrences of each series (schema 7): a writer works out the coming weeks once,
/// and readers take them from the file.
extension Store {
  /// How far back of the writer's clock the known occurrences reach: far enough for `today`'s
  /// agenda, which starts at the reader's midnight, in any zone.
  static let knownBehind = 2 * 86_400
  /// How far ahead of the writer's clock: six weeks, so `agenda --days 28` and a month of
  /// the watch's plans need no libical.
  static let knownAhead = 42 * 86_400
  /// A series that knows less than this ahead is worked out again by the next writer: each
  /// series once a week.
  static let knownRenewal = 35 * 86_400

  /// Whether the file keeps known occurrences (schema 7 on).
  var keepsKnownOccurrences: Bool { schema >= 7 }

  /// Replaces the known occurrences of `appointment` with those around `now`; a one-off or a
  /// series libical cannot expand knows none.
  func writeKnownOccurrences(_ appointment: Appointment, now: Date) throws(StoreError) {
    guard keepsKnownOccurrences else { return }
    let id = SQLValue.integer(appointment.id)
    try database.rows("DELETE FROM series_occurrence WHERE appointment_id = ?", [id])
    let from = Self.seconds(now) - Self.knownBehind
    let until = Self.seconds(now) + Self.knownAhead
    var bounds: [SQLValue] = [.null, .null]
    if appointment.repetition != nil, let set = try? expander.starts(of: appointment) {
      let starts = set.occurrences(
        from: Date(timeIntervalSince1970: TimeInterval(from)),
        to: Date(timeIntervalSince1970: TimeInterval(until)))
      for start in Set(starts.map(Self.seconds)) where Row.instants.contains(start) {
        try database.rows(
          "INSERT INTO series_occurrence (appointment_id, start_at) VALUES (?, ?)",
          [id, .integer(start)])
      }
      bounds = [.integer(from), .integer(until)]
    }
    try database.rows(
      "UPDATE appointment SET repeat_known_from = ?, repeat_known_until = ? WHERE id = ?",
      bounds + [id])
  }

  /// Hands `found` each known start in `from..<to`, by start, of those of `series` (ordered
  /// by id) that know every start in it, with the series' place in `series`.
  ///
  /// - Returns: for each of `series`, whether it knows the window; the others are to be
  ///   expanded.
  func knownStarts(
    from: Date, to: Date, of series: [Appointment], _ found: (Int, Date) -> Void
  ) throws(StoreError) -> [Bool] {
    var knows = [Bool](repeating: false, count: series.count)
    guard keepsKnownOccurrences, !series.isEmpty else { return knows }
    // By binary search in the ids, which are in order: no table of a thousand entries.
    func place(of id: Int) -> Int? {
      var low = 0
      var high = series.count
      while low < high {
        let middle = (low + high) / 2
        if series[middle].id < id { low = middle + 1 } else { high = middle }
      }
      return low < series.count && series[low].id == id ? low : nil
    }
    let window: [SQLValue] = [.integer(Self.seconds(from)), .integer(Self.seconds(to))]
    var anyKnows = false
    try database.forEachRow(
      """
      SELECT id FROM appointment
      WHERE repeat_rule IS NOT NULL AND repeat_known_from <= ?1 AND repeat_known_until >= ?2
      """, window
    ) { row throws(StoreError) in
      if let id = row.integer(0), let source = place(of: id) {
        knows[source] = true
        anyKnows = true
      }
      return true
    }
    guard anyKnows else { return knows }
    // Thousands of rows for a week's agenda: read in place as the integers the STRICT table
    // holds, without a labelled row each.
    var damaged = false
    try database.forEachRow(
      """
      SELECT appointment_id, start_at FROM series_occurrence
      WHERE start_at >= ? AND start_at < ? ORDER BY start_at, appointment_id
      """, window
    ) { row throws(StoreError) in
      guard case .integer(let id) = row.value(0), case .integer(let start) = row.value(1) else {
        damaged = true
        return false
      }
      if let source = place(of: id), knows[source] {
        found(source, Date(timeIntervalSince1970: TimeInterval(start)))
      }
      return true
    }
    if damaged { throw .damaged(path: path, reason: "series_occurrence: 정수가 아닌 값") }
    return knows
  }

  /// The first known start after `now` of each series whose cached start has passed by
  /// `now` and which knows its next occurrence (one that knows `now` but no start after it
  /// may still go on after what it knows, and is not here), by id.
  func knownNextStarts(after now: Date) throws(StoreError) -> [Int: Date] {
    guard keepsKnownOccurrences else { return [:] }
    var result: [Int: Date] = [:]
    for row in try database.rows(
      "SELECT id, \(Self.knownNext) FROM appointment WHERE \(Self.staleCondition) AND \(Self.knowsNow)",
      [.integer(Self.seconds(now))])
    {
      var values = Row(row, columns: Self.nextColumns, label: "반복 약속의 회차", path: path)
      let id = try values.integer("id")
      values.label = "약속 #\(id)의 회차"
      guard case .integer = values["next"] else { continue }
      result[id] = Date(timeIntervalSince1970: TimeInterval(try values.instant("next")))
    }
    return result
  }

  /// Whether a series knows every occurrence around `?1` (false, not NULL, for one that
  /// knows nothing).
  static let knowsNow =
    "coalesce(repeat_known_from <= ?1 AND repeat_known_until > ?1, 0)"
  /// A series' first known start after `?1`, NULL when it knows none: the first row of the
  /// primary key's range rather than `min()` over it, whose aggregate SQLite sets up again for
  /// each series.
  static let knownNext = """
    (SELECT o.start_at FROM series_occurrence o
     WHERE o.appointment_id = appointment.id AND o.start_at > ?1 ORDER BY o.start_at LIMIT 1)
    """

  static let nextColumns = Row.Columns(["id", "next"])
}

/// The exceptions and overrides of every series, by appointment id.
struct SeriesChanges {
  var exceptions: [Int: Set<WallTime>] = [:]
  var overrides: [Int: [WallTime: Date]] = [:]

  /// Puts a series' own into its repetition.
  func apply(to appointment: inout Appointment) {
    guard var repetition = appointment.repetition else { return }
    repetition.exceptions = exceptions[appointment.id] ?? []
    repetition.overrides = overrides[appointment.id] ?? [:]
    appointment.repetition = repetition
  }
}
