import ChulbalCalendar
import ChulbalCore
import ChulbalNotify
import ChulbalStore
import ChulbalSystem
import FoundationEssentials
import Glibc

/// `chulbal watch`: the service that sends the alerts, each exactly once.
enum WatchCommand: Command {
  static let name = "watch"
  static let summary = "출발 알림을 데스크톱 알림으로 보냅니다 (계속 실행)"
  static let usage = ["chulbal watch [--once]"]
  static let about = """
    약속마다 알림 시각(설정 alerts, 기본 출발 30분 전·10분 전·출발 시각)에 데스크톱 알림을
    보냅니다. 다음 알림 시각까지 잠들어 있다가 그때 깨어나며, 다른 chulbal 명령이 약속을
    바꾸면 1초 안에 다시 계산합니다. 알림마다 한 번만 보내고 기록해 두므로 다시 시작해도
    같은 알림이 또 오지 않습니다.
    절전에서 깨어났거나 늦게 시작해 지난 알림이 있으면, 약속마다 가장 늦은 하나만 보내고
    (출발이 notify.late_cap, 기본 10분보다 덜 지났을 때만) 나머지는 놓친 알림으로 기록해
    한 번에 알려 줍니다.
    출발 시각이 지났는데 약속이 아직 시작되지 않았으면 '지금 바로 출발하세요' 늦음 알림을
    보내고, 약속이 시작되거나 알림의 '출발했어요'를 누를 때까지 notify.repeat(기본 5분)마다
    다시 보냅니다 (0이면 한 번만). 놓친 알림이 있어도 늦음 알림은 따로 옵니다.
    알림 방식은 notify.backends 순서(기본 libnotify, command, terminal)로 시도합니다.
    'chulbal source add'로 등록한 캘린더의 파일이나 폴더가 바뀌면 (vdirsyncer가 동기화하면)
    변화가 잠시 멎은 뒤 그 캘린더를 import --sources처럼 다시 읽고 알림을 다시 계산합니다.
    읽을 수 없으면 오류를 기록하고 전에 가져온 약속은 그대로 둡니다.
    CalDAV 캘린더와 피드는 시작할 때, sync.interval(기본 15분)마다, 절전에서 깨어났거나 시계가
    바뀌었을 때 'chulbal sync'를 따로 실행해 가져옵니다. 동기화가 알림을 늦추지 않으며,
    한 번에 하나만 돌고, 실패하면 로그에 한 줄로 남깁니다. 5분이 지나도 끝나지 않은
    동기화는 멈춥니다.
    길찾기(route.car 같은 설정)로 이동 시간을 정한 약속은 출발 route.recheck(기본 90분·45분·20분)
    전마다 'chulbal trip check'를 따로 실행해 이동 시간을 다시 묻고, 출발이 route.threshold(기본
    5분) 이상 바뀌면 다시 계획해 한 번 알립니다. 이것도 알림을 늦추지 않으며, 2분이 지나도
    끝나지 않으면 멈춥니다.
    데이터베이스에 쓸 수 없게 되면 (디스크가 가득 참, 읽기 전용, chattr +i) 로그에 한 줄
    남기고 알림은 계속 보내며, 알림 기록은 다시 쓸 수 있게 되면 적습니다.
    데이터베이스마다 watch는 하나만 돌 수 있습니다. 심볼릭 링크나 하드 링크로 열어도
    같은 파일이면 두 번째 watch는 끝납니다. 데이터베이스 파일이 다른 파일로 바뀌면
    (백업 복원, 동기화 도구, 지우고 새로 add) 새 파일을 다시 열고 로그에 한 줄 남깁니다.
    """
  static let once = OptionSpec("--once", help: "지금 알릴 것만 알리고 끝냅니다 (cron이나 타이머용)")
  static let options: [OptionSpec] = [once, .database]
  static let epilogue = """
    신호: SIGTERM과 SIGINT는 보내던 알림을 마치고 상태 0으로 끝냅니다.
    SIGHUP은 설정을 다시 읽습니다.
    systemd 사용자 서비스: contrib/systemd/chulbal-watch.service
      systemctl --user enable --now chulbal-watch

    """

  static func run(_ options: ParsedOptions, _ environment: Environment) throws -> Outcome {
    try options.expectPositionals(atMost: 0)
    let path = try options.databasePath(environment)
    let store = try Store.openOrCreate(
      path: path, expander: .libical(environment.zones), zones: environment.zones)
    store.tripZone = environment.readerZone(else: .gmt)
    let lock: WatchLock
    do {
      lock = try WatchLock.acquire(beside: path)
    } catch {
      throw RuntimeFailure.watchLocked(error)
    }
    defer { withExtendedLifetime(lock) {} }
    var session = try WatchSession(store: store, environment: environment)
    defer { session.notifiers.close() }
    let loop: any WakeSource
    do {
      loop = try environment.watchWakes(path)
    } catch {
      throw RuntimeFailure.watchCannotWait(error)
    }
    // The check before each step keeps SQLite from writing a -shm that can no longer be
    // written; this says why, should one be made so between the check and the write.
    loop.reportBusError(
      Outcome.diagnostics([
        RuntimeFailure.watchBusError(sharedMemoryFile: store.sharedMemoryFile).message
      ]),
      status: Outcome.failureExitCode)
    loop.setSources(session.notifiers.sources)
    session.logBackends("시작: \(path), ")
    var sources = try session.watchSources(loop, watched: nil)
    var changed = SettlingChanges()
    // Sources changed while the store could not be written, read once it can.
    var rereads: Set<String> = []
    var syncs = SyncRunner(
      program: environment.executable, database: path, variables: environment.variables,
      interval: session.settings.syncIntervalSeconds)
    defer { syncs.close() }
    var rechecks = TripCheckRunner(
      program: environment.executable, database: path, variables: environment.variables,
      leads: session.settings.routes.recheckSeconds)
    defer { rechecks.close() }
    syncs.hasSources(
      try session.hasServerSources(), now: environment.clock.now(), starting: true)
    // Looked at first too: a file put in place before the folder was watched sent no event.
    var lookAtDatabase = true
    var databaseGone = false
    while true {
      if lookAtDatabase, FileIdentity(path: path) == nil {
        if !databaseGone {
          session.log(
            "데이터베이스 파일이 지워졌습니다: \(path) (같은 이름의 파일이 생기면 그것을 열고, 그때까지는 지워진 파일의 약속을 알립니다)"
          )
        }
        databaseGone = true
      } else if lookAtDatabase,
        FileIdentity(path: path) != lock.identity || session.store.fileHasMoved
      {
        // Another file in its place: a restore, a sync tool's rename, `rm` and a new `add`.
        databaseGone = false
        // The old file's log lingers under the database's name: emptied first, it cannot be
        // read as the new file's; closed first, the new connection sets up the -shm afresh.
        session.store.emptyLog(waiting: true)
        session.store.close()
        let replacement = try Store.openOrCreate(
          path: path, expander: .libical(environment.zones), zones: environment.zones)
        replacement.tripZone = environment.readerZone(else: .gmt)
        do {
          try lock.follow(path)
        } catch {
          throw RuntimeFailure.watchLocked(error)
        }
        session.notifiers.close()
        session = try WatchSession(store: replacement, environment: environment)
        loop.setSources(session.notifiers.sources)
        session.logBackends("데이터베이스 파일이 바뀌어 다시 열었습니다: \(path), ")
        sources = try session.watchSources(loop, watched: nil)
        syncs.hasSources(
          try session.hasServerSources(), now: environment.clock.now(), starting: false)
      }
      lookAtDatabase = false
      // Before anything writes: SQLite dies of SIGBUS writing a -shm that can no longer be.
      let writable = try session.canWrite()
      if let due = changed.take(now: environment.clock.now()) { rereads.formUnion(due) }
      if writable, !rereads.isEmpty {
        do {
          try session.reread(rereads)
          rereads = []
        } catch let error as StoreError where WatchSession.isUnwritable(error) {
          session.hold(error)
        }
      }
      let departures = try session.providerDepartures()
      // --once sends what is due and ends: a sync or a trip check would outlive it.
      if !options.has(once) {
        syncs.step(now: environment.clock.now()) { session.log($0) }
        rechecks.step(now: environment.clock.now(), departures: departures) { session.log($0) }
      }
      let wake = try session.tick()
      try session.tellTripChanges()
      if options.has(once) { break }
      let deadlines = [
        wake, changed.settled, syncs.wake(now: environment.clock.now()),
        rechecks.wake(now: environment.clock.now(), departures: departures),
        // Nothing may say that the store can be written again (space freed elsewhere).
        session.held.map { _ in environment.clock.now().addingTimeInterval(10) },
      ]
      // Empty at rest, so that a file renamed into the database's place while the watch sleeps
      // finds no other file's pages in the log; a log in use is emptied at a later wake.
      if session.held == nil { session.store.emptyLog(waiting: false) }
      let wakes = loop.wait(until: deadlines.compactMap { $0 }.min())
      for case .foldersChanged(let paths) in wakes {
        changed.add(paths, now: environment.clock.now())
      }
      // Sources added or removed are in the database.
      if wakes.contains(.filesChanged) {
        lookAtDatabase = true
        let before = Set(sources.map(\.path))
        sources = try session.watchSources(loop, watched: sources)
        // A source added while watching is read again once its folder is watched: a file
        // written after `source add` read it and before the watch came would wait for its
        // next change.
        changed.add(
          Set(sources.map(\.path)).subtracting(before), now: environment.clock.now())
        syncs.hasSources(
          try session.hasServerSources(), now: environment.clock.now(), starting: false)
      }
      var ending: Int32?
      for case .signal(let number) in wakes {
        if number == SIGHUP {
          try session.reload()
          syncs.interval = TimeInterval(session.settings.syncIntervalSeconds)
          rechecks.leads = session.settings.routes.recheckSeconds
          // The closed backend's source goes with it.
          loop.setSources(session.notifiers.sources)
        } else {
          ending = number
        }
      }
      if wakes.contains(.clockChanged) { session.log("시계가 바뀌어 다시 계산합니다") }
      // After a resume or a clock change the calendars may have moved on meanwhile.
      if syncs.resumed() || wakes.contains(.clockChanged) {
        syncs.ask(now: environment.clock.now())
      }
      try session.pressButtons()
      if let ending {
        let name =
          [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGQUIT: "SIGQUIT"][ending] ?? "신호 \(ending)"
        session.log("\(name)\(Korean.objectParticle(after: name)) 받아 끝냅니다")
        if try !session.canWrite(), let held = session.held {
          session.log("데이터베이스에 쓸 수 없어 알림 기록 \(held.count)개를 적지 못했습니다 (다시 시작하면 그 알림이 또 올 수 있습니다)")
        }
        break
      }
    }
    return .success("")
  }
}

/// One run of `watch`: its store, backends and watcher, and its log on standard error.
struct WatchSession {
  let store: Store
  let environment: Environment
  var settings: Settings
  var notifiers: NotifierSet
  var watcher: Watcher
  /// The zone the log's times are in.
  let logZone: Zone
  /// The alert log held in memory while the store cannot be written; nil while it can.
  private(set) var held: HeldJournal?

  init(store: Store, environment: Environment) throws {
    self.store = store
    self.environment = environment
    settings = try store.settings()
    logZone = environment.readerZone(else: .gmt)
    notifiers = NotifierSet(settings: settings, environment: environment)
    watcher = Self.watcher(
      store: store, settings: settings, notifiers: notifiers, environment: environment)
  }

  /// Says in the log which backends will be tried, and why the desktop's cannot be used
  /// now, if it cannot.
  func logBackends(_ prefix: String) {
    log("\(prefix)알림 방식 \(notifiers.description)")
    if notifiers.desktop != nil,
      case .failure(let failure) = NotificationServer.preflight(variables: environment.variables)
    {
      log("지금은 데스크톱 알림을 쓸 수 없어 다음 방식으로 보냅니다: \(failure.reason)")
    }
  }

  private static func watcher(
    store: Store, settings: Settings, notifiers: NotifierSet, environment: Environment
  ) -> Watcher {
    var watcher = Watcher(
      lateCapSeconds: settings.lateCapSeconds, snoozeSeconds: settings.snoozeSeconds,
      zoneNamed: { environment.zones.zone(named: $0) },
      wording: { due, now in
        let appointment = due.appointment
        let link = NavCommand.link(
          for: appointment, defaultPlace: try? store.defaultPlace(), settings: settings,
          handlers: environment.schemeHandlers)
        return AlertNotice.notice(
          for: due, now: now,
          timeZone: environment.readerZone(
            else: environment.timeZone(stored: appointment.timeZone)),
          ownZone: environment.zones.zone(named: appointment.timeZone), link: link?.url,
          snoozeSeconds: settings.snoozeSeconds)
      },
      delivery: { notifiers.chain.deliver(all: $0) })
    watcher.revisableBackends = notifiers.chain.revisable
    watcher.revision = { key, backend, notice in
      notifiers.chain.revise(key: key, shownBy: backend, with: notice)
    }
    watcher.repeatSeconds = settings.lateRepeatSeconds
    watcher.readerZone = try? environment.timeZone(option: nil)
    return watcher
  }

  /// Re-reads the settings and makes the backends again, keeping what the watcher knows.
  mutating func reload() throws {
    settings = try store.settings()
    notifiers.close()
    notifiers = NotifierSet(settings: settings, environment: environment)
    let shown = watcher.lastShown
    let looked = watcher.lookedUntil
    watcher = Self.watcher(
      store: store, settings: settings, notifiers: notifiers, environment: environment)
    watcher.resume(lookedUntil: looked, lastShown: shown)
    logBackends("설정을 다시 읽었습니다: ")
  }

  /// One step at the clock's time; the next instant to wake at.
  ///
  /// When the store cannot be written, the step is taken again with what it records held
  /// (``HeldJournal``): the alerts due are delivered all the same.
  mutating func tick() throws -> Date? {
    let now = environment.clock.now()
    if held == nil {
      let before = watcher
      do {
        // The watch writes anyway: series whose occurrence has passed move on here, so that
        // readers between commands find them through the departure index.
        try store.advanceSeries(now: now)
        return try step(now: now, journal: store)
      } catch let error as StoreError where Self.isUnwritable(error) {
        // Every claim is written before anything is delivered, so a failed claim showed
        // nothing; a record that fails after delivery may show its alert once more.
        watcher = before
        hold(error)
      }
    }
    return try step(now: now, journal: held ?? HeldJournal(store: store))
  }

  private mutating func step(now: Date, journal: some AlertJournal) throws -> Date? {
    let (wake, events) = try watcher.tick(now: now, journal: journal)
    for event in events { log(Self.text(event, zone: logZone)) }
    return wake
  }

  /// Whether `error` says the store cannot be written for now, which the watch waits out:
  /// no room, or a file or folder made read-only or immutable.
  static func isUnwritable(_ error: StoreError) -> Bool {
    switch error {
    case .readOnlyFolder, .readOnlyFile, .readOnlyLogFile, .diskFull: true
    default: false
    }
  }

  /// Holds the alert log in memory from now on, saying why in the log once.
  mutating func hold(_ error: StoreError) {
    guard held == nil else { return }
    held = HeldJournal(store: store)
    log("데이터베이스에 쓸 수 없어 알림 기록은 미뤄 두고 알림은 계속 보냅니다: \(error.description)")
  }

  /// Whether the store can be written now. When it could not before, what was held is
  /// written first; when it cannot, the alert log is held from now on.
  ///
  /// - Throws: a `StoreError` other than one that says the store cannot be written.
  mutating func canWrite() throws -> Bool {
    do {
      try store.checkWritable()
      if let held {
        let count = held.count
        try held.write()
        self.held = nil
        log("데이터베이스에 다시 쓸 수 있어 미뤄 둔 알림 기록 \(count)개를 적었습니다")
      }
      return true
    } catch let error as StoreError where Self.isUnwritable(error) {
      hold(error)
      return false
    }
  }

  /// The planned departures of the provider trips `trip check` asks about, up to a day ahead
  /// (as far as the watch plans); none when `route.recheck` is `none`.
  func providerDepartures() throws -> [Date] {
    guard !settings.routes.recheckSeconds.isEmpty else { return [] }
    let now = environment.clock.now()
    return try store.providerTrips(after: now, until: now.addingTimeInterval(Watcher.window))
      .map(\.plan.departure)
  }

  /// Tells of each trip change `trip check` kept whose notice has not been given, once:
  /// claimed before it is shown, recorded after, as an alert is. One whose appointment has
  /// started is recorded missed unshown. Nothing while the store cannot be written: a notice
  /// that cannot be recorded would come again.
  mutating func tellTripChanges() throws {
    guard held == nil else { return }
    do {
      try giveTripNotices()
    } catch let error as StoreError where Self.isUnwritable(error) {
      hold(error)
    }
  }

  private func giveTripNotices() throws {
    let now = environment.clock.now()
    for change in try store.dueTripNotices() {
      guard try store.claimTripNotice(id: change.id, at: now) else { continue }
      let what = "출발 바뀜 #\(change.appointmentID) \(change.title) (\(change.movedText))"
      // A notice whose new departure has passed would name a time gone by: the alerts and
      // late notices speak for it then.
      guard let appointment = try store.appointment(id: change.appointmentID),
        appointment.start > now, change.newDeparture > now
      else {
        try store.recordTripNotice(id: change.id, shownBy: nil, at: now)
        log("놓침 \(what): 바뀐 출발 시각이 지났거나 약속이 없어졌습니다")
        continue
      }
      let zone = environment.readerZone(else: environment.timeZone(stored: appointment.timeZone))
      let result = notifiers.chain.deliver(change.notice(in: zone))
      try store.recordTripNotice(id: change.id, shownBy: result.deliveredBy, at: now)
      let reasons = result.failures.map(\.message)
      if let backend = result.deliveredBy {
        log(
          "보냄 \(what) → \(backend)"
            + (reasons.isEmpty ? "" : " (앞에서 안 됨: \(reasons.joined(separator: "; ")))"))
      } else {
        log("보내지 못함 \(what): \(reasons.joined(separator: "; "))")
      }
    }
  }

  /// Acts on the buttons pressed since the last look.
  mutating func pressButtons() throws {
    for (key, action) in notifiers.pressed.take() {
      switch action {
      case .snooze:
        let journal: any AlertJournal = held ?? store
        if let event = try watcher.snooze(
          appointmentID: key, now: environment.clock.now(), journal: journal)
        {
          log(Self.text(event, zone: logZone))
        }
      case .departed:
        let journal: any AlertJournal = held ?? store
        if let event = try watcher.acknowledge(
          appointmentID: key, now: environment.clock.now(), journal: journal)
        {
          log(Self.text(event, zone: logZone))
        }
      case .navigate:
        guard let due = watcher.lastShown[key],
          let link = NavCommand.link(
            for: due.appointment, defaultPlace: try? store.defaultPlace(), settings: settings,
            handlers: environment.schemeHandlers)
        else { continue }
        do {
          try environment.opener.open(link, appSchemeRegistered: link.kind == .app)
          log("길찾기를 열었습니다: \(link.url)")
        } catch {
          // Nothing on the desktop opened it, so the person is given the link to open.
          let notice = AlertNotice.unopenedLink(
            title: due.appointment.title, link: link.url, reason: error.message)
          let backend = notifiers.chain.deliver(notice).deliveredBy
          log("길찾기를 열지 못해 링크를 알림으로 보냄 → \(backend ?? "보내지 못함"): \(error.message)")
        }
      }
    }
  }

  /// Watches the folder of each source (`source add`), unless the sources are `watched`
  /// already; a folder that cannot be watched is said in the log.
  ///
  /// - Returns: the sources now watched.
  func watchSources(_ loop: any WakeSource, watched: [CalendarSource]?) throws -> [CalendarSource] {
    // A CalDAV source or a feed has no file to watch: the sync brings it in (``SyncRunner``).
    let sources = try store.sources().filter { !$0.kind.isServer }
    guard sources.map(\.path) != watched?.map(\.path) else { return sources }
    let failed = loop.setFolderWatches(
      sources.compactMap { source in
        let url = URL(fileURLWithPath: source.path)
        return switch source.kind {
        case .folder:
          EventLoop.FolderWatch(key: source.path, folder: source.path, names: nil, suffix: ".ics")
        case .file:
          EventLoop.FolderWatch(
            key: source.path, folder: url.deletingLastPathComponent().path,
            names: [url.lastPathComponent])
        case .caldav, .feed: nil
        }
      })
    for (watch, error) in failed {
      let name = sources.first(where: { $0.path == watch.key })?.name ?? watch.key
      log("캘린더 '\(name)'의 변화를 지켜볼 수 없습니다: \(error.message)")
    }
    return sources
  }

  /// Whether any source is a CalDAV account or a feed, which the watch syncs.
  func hasServerSources() throws -> Bool {
    try store.sources().contains { $0.kind.isServer }
  }

  /// Reads the sources at `paths` again as `import --sources` does, in one transaction.
  func reread(_ paths: Set<String>) throws {
    let sources = try store.sources().filter { paths.contains($0.path) }
    guard !sources.isEmpty else { return }
    let zone = try environment.timeZone(option: nil)
    let context = try ImportCommand.Context(store: store, zone: zone, zones: environment.zones)
    var report = ImportCommand.Report(
      dryRun: false, travel: context.settings.defaultTravelSeconds, zone: zone)
    var reading = ImportCommand.Reading()
    reading.read(sources, context: context, into: &report)
    let now = environment.clock.now()
    try store.advanceSeries(now: now)
    report.counts = try store.importCalendars(
      reading.batches, now: now, failures: reading.failures)
    let read = sources.filter { source in
      !reading.failures.contains(where: { $0.path == source.path })
    }
    if !read.isEmpty {
      let names = read.map { "'\($0.name)'" }.joined(separator: ", ")
      let counts = report.text.prefix(while: { $0 != "\n" })
      log("캘린더 \(names)\(Korean.objectParticle(after: names)) 다시 읽었습니다: \(counts)")
    }
    for failure in reading.failures {
      let name = "'\(sources.first(where: { $0.path == failure.path })?.name ?? failure.path)'"
      log(
        "캘린더 \(name)\(Korean.objectParticle(after: name)) 읽지 못해 전에 가져온 약속을 그대로 둡니다: "
          + failure.error)
    }
  }

  /// One line on standard error, with the time; nothing if it cannot be written.
  func log(_ message: String) {
    let time = KoreanDateFormat(timeZone: logZone).full(environment.clock.now())
    try? environment.console.write(
      "chulbal watch: \(time) \(TextCleaning.visible(message))\n", to: .error)
  }

  /// What an event says in the log.
  static func text(_ event: Watcher.Event, zone: Zone) -> String {
    let format = KoreanDateFormat(timeZone: zone)
    func alert(_ id: AlertID, _ kind: Alert.Kind, _ title: String) -> String {
      "#\(id.appointmentID) \(title) (\(Alert.name(kind: kind, leadSeconds: id.leadSeconds)))"
    }
    switch event {
    case .delivered(let id, let kind, let title, let backend, let skipped):
      return "보냄 \(alert(id, kind, title)) → \(backend)"
        + (skipped.isEmpty ? "" : " (앞에서 안 됨: \(skipped.joined(separator: "; ")))")
    case .failed(let id, let kind, let title, let reasons):
      return "보내지 못함 \(alert(id, kind, title)): \(reasons.joined(separator: "; "))"
    case .missed(let id, let kind, let title):
      return "놓침 \(alert(id, kind, title)), \(format.time(id.due))에 보냈어야 했습니다"
    case .summary(let count, let backend):
      return "놓친 알림 \(count)개를 한 번에 알림 → \(backend ?? "보내지 못함")"
    case .snoozed(let id, let kind, let title, let until):
      return "미룸 \(alert(id, kind, title)) → \(format.time(until))에 다시 알립니다"
    case .snoozeDropped(let id, let kind, let title):
      return "미루지 않음 \(alert(id, kind, title)): 다시 알릴 때면 약속이 시작됩니다"
    case .acknowledged(let id, let title):
      return "출발했어요 #\(id.appointmentID) \(title): 늦음 알림을 그칩니다"
    case .revised(let id, let kind, let title):
      return "고침 \(alert(id, kind, title)): 약속이 바뀌어 화면의 알림을 새로 씁니다"
    case .withdrawn(let id, let title, let started):
      return "거둠 #\(id) \(title): "
        + (started ? "약속이 시작되어 화면의 알림을 닫습니다" : "약속이 없어져 화면의 알림을 닫습니다")
    }
  }
}
