import ChulbalCore
import FoundationEssentials
import Glibc

/// Keeps requests to one service at least ``interval`` apart across every chulbal process on
/// the machine, as the public Nominatim's usage policy asks (at most one request a second).
///
/// The time of the last request is the modification time of a stamp file, read and renewed
/// under an exclusive `flock`, which is held while the request is sent, so two processes take
/// turns. When the stamp cannot be opened, a whole interval is waited: never too often.
public struct RequestSpacing: Sendable {
  public let path: String
  public let interval: Double
  let clock: any WallClock

  /// - Parameters:
  ///   - path: the stamp file, made when missing.
  ///   - clock: the wall clock the stamp is compared with and slept on.
  public init(path: String, clock: any WallClock, interval: Double = 1) {
    self.path = path
    self.clock = clock
    self.interval = interval
  }

  /// Runs `send` once the last request through the stamp is ``interval`` past, then renews
  /// the stamp.
  public func spaced<T>(_ send: () throws(RouteFailure) -> T) throws(RouteFailure) -> T {
    let now = clock.now()
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      clock.sleep(until: now.addingTimeInterval(interval))
      return try send()
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    var info = stat()
    if fstat(descriptor, &info) == 0, info.st_size > 0 {
      let last = Date(
        timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
      // A stamp in the future (the clock was set back) waits one interval, not until then.
      let due = min(last, now).addingTimeInterval(interval)
      if due > clock.now() { clock.sleep(until: due) }
    }
    defer {
      // A byte marks a stamp that has been renewed: a new, empty file means no request yet.
      if info.st_size == 0 { _ = pwrite(descriptor, "1", 1, 0) }
      _ = futimens(descriptor, nil)
    }
    return try send()
  }
}
