import CSystem
import FoundationEssentials
import Glibc

/// The watch's one wait, in one `poll`: an absolute wall-clock deadline, changes in the database's
/// folder, the ending signals, and outside sources (GLib's D-Bus connection).
///
/// Nothing else wakes it. The deadline is a `CLOCK_REALTIME` timer with absolute expiry, which
/// fires at once after a suspend that outlasted it, and which `TFD_TIMER_CANCEL_ON_SET` ends when
/// the clock is set (timerfd_create(2)).
public final class EventLoop {
  /// What ended a wait; a wait may end for several at once.
  public enum Wake: Equatable, Sendable {
    case deadline
    /// The wall clock was set (by hand, by NTP stepping it).
    case clockChanged
    /// A watched file changed, was made, moved in or removed.
    case filesChanged
    case signal(Int32)
    /// An outside source had something and has dispatched it.
    case source
    /// A file of these folder watches (``setFolderWatches(_:)``) changed, was made, moved in
    /// or removed, by their keys.
    case foldersChanged(Set<String>)
  }

  /// A folder watched besides the first, and which of its files count.
  public struct FolderWatch: Equatable, Sendable {
    /// What a wake names it by.
    public var key: String
    public var folder: String
    /// The names that count; nil for any name ending in `suffix`.
    public var names: Set<String>?
    /// Lowercased; used when `names` is nil.
    public var suffix: String

    public init(key: String, folder: String, names: Set<String>?, suffix: String = "") {
      self.key = key
      self.folder = folder
      self.names = names
      self.suffix = suffix.lowercased()
    }

    func counts(_ name: String) -> Bool {
      if let names { return names.contains(name) }
      return name.lowercased().hasSuffix(suffix) && !name.hasPrefix(".")
    }
  }

  private let timer: Int32
  private let inotify: Int32
  private let names: Set<String>
  /// The watch descriptor of the first folder; inotify gives a folder watched twice one.
  private let firstWatch: Int32
  private var folderWatches: [(descriptor: Int32, watch: FolderWatch)] = []
  private var sources: [any PollSource] = []
  private static let mask = UInt32(
    IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)

  /// - Parameters:
  ///   - folder: the folder whose files to watch.
  ///   - names: the names that count (the database, its `-wal` and `-journal`).
  /// - Throws: `SystemCallError` when the timer or the watch cannot be made.
  public init(watching folder: String, names: Set<String>) throws(SystemCallError) {
    timer = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
    guard timer >= 0 else { throw SystemCallError("timerfd_create") }
    inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    guard inotify >= 0 else {
      close(timer)
      throw SystemCallError("inotify_init1")
    }
    self.names = names
    firstWatch = inotify_add_watch(inotify, folder, Self.mask)
    guard firstWatch >= 0 else {
      let error = SystemCallError("inotify_add_watch", code: errno)
      close(timer)
      close(inotify)
      throw error
    }
    do {
      try Signals.routeEndingSignals()
    } catch {
      close(timer)
      close(inotify)
      throw error
    }
  }

  deinit {
    close(timer)
    close(inotify)
  }

  /// From now on SIGBUS writes `text` to standard error and ends the process with `status`,
  /// instead of ending it without a word (``Signals/reportBusError(_:status:)``).
  public func reportBusError(_ text: String, status: Int32) {
    Signals.reportBusError(text, status: status)
  }

  /// Replaces the sources whose descriptors every wait includes.
  public func setSources(_ sources: [any PollSource]) {
    self.sources = sources
  }

  /// Replaces the folders watched besides the first.
  ///
  /// - Returns: those that cannot be watched (missing, or not a folder), with why.
  @discardableResult
  public func setFolderWatches(_ watches: [FolderWatch]) -> [(
    watch: FolderWatch, error: SystemCallError
  )] {
    var kept: [(descriptor: Int32, watch: FolderWatch)] = []
    var failed: [(watch: FolderWatch, error: SystemCallError)] = []
    for watch in watches {
      let descriptor = inotify_add_watch(inotify, watch.folder, Self.mask | UInt32(IN_ONLYDIR))
      if descriptor < 0 {
        failed.append((watch, SystemCallError("inotify_add_watch", code: errno)))
      } else {
        kept.append((descriptor, watch))
      }
    }
    // Adding a folder again gives its descriptor again, so only those no longer used go.
    let used = Set(kept.map(\.descriptor)).union([firstWatch])
    for descriptor in Set(folderWatches.map(\.descriptor)) where !used.contains(descriptor) {
      inotify_rm_watch(inotify, descriptor)
    }
    folderWatches = kept
    return failed
  }

  /// Waits until `deadline` (nil for no deadline) or an event, whichever comes first.
  ///
  /// - Returns: what ended the wait, never empty.
  public func wait(until deadline: Date?) -> [Wake] {
    var wakes: [Wake] = []
    if let deadline {
      let seconds = deadline.timeIntervalSince1970
      guard seconds.isFinite, deadline > Date() else { return [.deadline] }
      let whole = seconds.rounded(.down)
      var setting = itimerspec(
        it_interval: timespec(),
        it_value: timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9)))
      let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
      if timerfd_settime(timer, flags, &setting, nil) != 0 { return [.deadline] }
    } else {
      var off = itimerspec()
      timerfd_settime(timer, 0, &off, nil)
    }
    while wakes.isEmpty {
      var descriptors = [
        pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
        pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
        pollfd(fd: Signals.pipeReader, events: Int16(POLLIN), revents: 0),
      ]
      var timeout: Int32 = -1
      var ranges: [(source: any PollSource, range: Range<Int>)] = []
      for source in sources {
        let prepared = source.prepare()
        ranges.append((source, descriptors.count..<descriptors.count + prepared.descriptors.count))
        descriptors += prepared.descriptors
        if prepared.timeoutMilliseconds >= 0 {
          timeout =
            timeout < 0 ? prepared.timeoutMilliseconds : min(timeout, prepared.timeoutMilliseconds)
        }
      }
      let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
      if ready < 0 && errno != EINTR { return [.deadline] }
      for (source, range) in ranges {
        source.dispatch(Array(descriptors[range]))
        if descriptors[range].contains(where: { $0.revents != 0 }) { wakes.append(.source) }
      }
      if descriptors[0].revents != 0 { wakes += readTimer() }
      if descriptors[1].revents != 0 {
        let (first, keys) = readFileEvents()
        if first { wakes.append(.filesChanged) }
        if !keys.isEmpty { wakes.append(.foldersChanged(keys)) }
      }
      if descriptors[2].revents != 0 { wakes += Signals.takeRouted().map(Wake.signal) }
      // A source's own timeout passing counts as a wake of its own.
      if ready == 0 && timeout >= 0 { wakes.append(.source) }
    }
    return wakes
  }

  /// The timer fired, or was cancelled by a clock change (read fails with ECANCELED).
  private func readTimer() -> [Wake] {
    var expirations: UInt64 = 0
    if read(timer, &expirations, 8) < 0 {
      return errno == ECANCELED ? [.clockChanged] : []
    }
    return [.deadline]
  }

  /// Reads every pending inotify event; whether any was about one of the first folder's
  /// names, and the keys of the folder watches any was about.
  private func readFileEvents() -> (first: Bool, keys: Set<String>) {
    var matched = false
    var keys: Set<String> = []
    let size = 4096
    let buffer = UnsafeMutableRawPointer.allocate(
      byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
    defer { buffer.deallocate() }
    while true {
      let count = read(inotify, buffer, size)
      guard count > 0 else { break }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= count {
        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
        let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
        if event.len > 0 {
          let name = String(cString: nameStart.assumingMemoryBound(to: CChar.self))
          if event.wd == firstWatch && names.contains(name) { matched = true }
          for (descriptor, watch) in folderWatches
          where descriptor == event.wd && watch.counts(name) {
            keys.insert(watch.key)
          }
        }
        // Events were lost: any of them may have been one that counts.
        if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
          matched = true
          keys.formUnion(folderWatches.map(\.watch.key))
        }
        offset += MemoryLayout<inotify_event>.size + Int(event.len)
      }
    }
    return (matched, keys)
  }
}
