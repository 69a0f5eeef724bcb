import ChulbalCore
import FoundationEssentials
import Glibc

/// What a short-lived program said and how it ended: a notification command, a password
/// command, anything chulbal starts and waits for.
///
/// Only the first ``limit`` bytes of each output are kept; the rest is read and dropped, so a
/// program that floods its output costs neither memory nor disk. The whole exchange takes at
/// most the timeout: a program still running then is killed with its process group, so what
/// it started (a shell's children) ends with it.
public struct ChildOutput: Equatable, Sendable {
  /// The bytes kept of each output: room for a password line or an error message many times
  /// over.
  public static let limit = 4096
  /// The characters of a line of standard error that a message shows.
  static let shownCharacters = 200

  /// The exit status (128 + the signal when a signal ended it); nil when the program was
  /// still running at the timeout and was killed.
  public let status: Int32?
  /// The first ``limit`` bytes of its standard output.
  public let output: [UInt8]
  /// The first ``limit`` bytes of its standard error.
  public let error: [UInt8]

  /// Starts `arguments` as ``ChildProcess`` does, in a process group of its own, and reads both
  /// its outputs until it exits or `timeout` seconds have passed.
  ///
  /// The exchange ends when the program exits: a program it left running (`cmd &`) is not
  /// waited for, and gets SIGPIPE if it writes to an output it inherited afterwards.
  ///
  /// - Throws: `SpawnError` when the pipes cannot be made or the program cannot be started.
  public static func run(
    _ arguments: [String], environment: [String: String], timeout: TimeInterval
  ) throws(SpawnError) -> ChildOutput {
    let deadline = ContinuousClock.now + .seconds(timeout)
    var readers: [Int32] = []
    var writers: [Int32] = []
    for _ in 0..<2 {
      var ends: [Int32] = [-1, -1]
      guard pipe(&ends) == 0 else {
        let code = errno
        (readers + writers).forEach { close($0) }
        throw SpawnError(program: arguments.first ?? "", call: .pipe, code: code)
      }
      // Close-on-exec, so no program another thread starts holds a write end open; the child
      // opens its ends by name, before exec.
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
      readers.append(ends[0])
      writers.append(ends[1])
    }
    defer { readers.forEach { close($0) } }
    let child: ChildProcess
    do {
      child = try ChildProcess(
        arguments, environment: environment, standardOutput: "/dev/fd/\(writers[0])",
        standardError: "/dev/fd/\(writers[1])", ownGroup: true)
    } catch {
      writers.forEach { close($0) }
      throw error
    }
    writers.forEach { close($0) }

    var kept: [[UInt8]] = [[], []]
    var open = [true, true]
    var buffer = [UInt8](repeating: 0, count: 65536)
    /// Reads once from output `index`: whether it had bytes, and false for `open` at its end.
    func readSome(_ index: Int) -> (gotBytes: Bool, open: Bool) {
      let count = read(readers[index], &buffer, buffer.count)
      if count > 0 {
        let room = limit - kept[index].count
        if room > 0 { kept[index] += buffer[0..<min(room, count)] }
        return (true, true)
      }
      return (false, count < 0 && (errno == EINTR || errno == EAGAIN))
    }
    var status: Int32?
    while true {
      if let ended = child.wait(timeout: 0) {
        status = ended
        // What it wrote just before it exited; a pipe holds at most a few reads' worth.
        for index in 0..<2 where open[index] {
          for _ in 0..<16 where open[index] {
            let read = readSome(index)
            open[index] = read.open && read.gotBytes
          }
        }
        break
      }
      let left = deadline - ContinuousClock.now
      guard left > .zero else { break }
      let indices = (0..<2).filter { open[$0] }
      if indices.isEmpty {
        status = child.wait(timeout: TimeInterval(milliseconds(left)) / 1000)
        break
      }
      var polled = indices.map { pollfd(fd: readers[$0], events: Int16(POLLIN), revents: 0) }
      // Woken at least every 50 ms to see whether the program has exited while a program it
      // left running still holds an output open.
      _ = poll(&polled, nfds_t(polled.count), Int32(min(milliseconds(left), 50)))
      for (slot, index) in indices.enumerated() where polled[slot].revents != 0 {
        open[index] = readSome(index).open
      }
    }
    if status == nil { child.killGroup() }
    return ChildOutput(status: status, output: kept[0], error: kept[1])
  }

  /// The first line of `bytes`, without its `\n` or `\r\n`; nil when there are no bytes.
  public static func firstLine(of bytes: [UInt8]) -> String? {
    guard !bytes.isEmpty else { return nil }
    var text = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    if text.hasSuffix("\r") { text.removeLast() }
    return text
  }

  /// The first line of standard error that is not empty, for a one-line message: cleaned
  /// with `TextCleaning.visible` and cut at 200 characters; empty when there is none.
  public var errorLine: String {
    let lines = error.split { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
    guard let line = lines.first else { return "" }
    let text = String(decoding: line, as: UTF8.self)
    let shown = TextCleaning.visible(String(text.prefix(Self.shownCharacters)))
    return text.count > Self.shownCharacters ? shown + "…" : shown
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
  }
}
