import ChulbalCore
import FoundationEssentials
import Glibc

/// What a short-lived program (a notification or password command) said and how it ended.
///
/// Only the first ``limit`` bytes of each output are kept, the rest read and dropped. The exchange
/// takes at most the timeout; a program still running then is killed with its process group.
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

  /// A program to run: its argument vector and its whole environment.
  public struct Program: Sendable {
    public var arguments: [String]
    public var environment: [String: String]

    public init(_ arguments: [String], environment: [String: String]) {
      self.arguments = arguments
      self.environment = environment
    }
  }

  /// Starts `arguments` as ``ChildProcess`` does, in its own process group, and reads both outputs
  /// until it exits or `timeout` passes. A program it left running (`cmd &`) is not waited for.
  ///
  /// - Throws: `SpawnError` when the pipes cannot be made or the program cannot be started.
  public static func run(
    _ arguments: [String], environment: [String: String], timeout: TimeInterval
  ) throws(SpawnError) -> ChildOutput {
    try run(all: [Program(arguments, environment: environment)], timeout: timeout)[0].get()
  }

  /// Starts every program at once and reads all outputs together, so the batch takes at most
  /// `timeout` however many hang.
  ///
  /// - Returns: for each program, what it said and how it ended, or why it could not be started.
  public static func run(all programs: [Program], timeout: TimeInterval)
    -> [Result<ChildOutput, SpawnError>]
  {
    let deadline = ContinuousClock.now + .seconds(timeout)
    var results: [Result<ChildOutput, SpawnError>?] = Array(repeating: nil, count: programs.count)
    var running: [Running] = []
    for (index, program) in programs.enumerated() {
      do throws(SpawnError) {
        running.append(try Running(program, index: index))
      } catch {
        results[index] = .failure(error)
      }
    }
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      for slot in running.indices.reversed() {
        guard let status = running[slot].child.wait(timeout: 0) else { continue }
        let ended = running.remove(at: slot)
        results[ended.index] = .success(ended.finish(status: status, buffer: &buffer))
      }
      let left = deadline - ContinuousClock.now
      guard !running.isEmpty, left > .zero else { break }
      var owners: [(slot: Int, output: Int)] = []
      var polled: [pollfd] = []
      for (slot, program) in running.enumerated() {
        for output in 0..<2 where program.open[output] {
          owners.append((slot, output))
          polled.append(pollfd(fd: program.readers[output], events: Int16(POLLIN), revents: 0))
        }
      }
      // Woken at least every 50 ms to see whether a program has exited while a program it
      // left running still holds an output open; every 10 ms when no output is open.
      _ = poll(
        &polled, nfds_t(polled.count), Int32(min(milliseconds(left), polled.isEmpty ? 10 : 50)))
      for (entry, owner) in owners.enumerated() where polled[entry].revents != 0 {
        running[owner.slot].open[owner.output] =
          running[owner.slot].readSome(owner.output, buffer: &buffer).open
      }
    }
    for program in running {
      program.child.killGroup()
      results[program.index] = .success(program.finish(status: nil, buffer: &buffer))
    }
    return results.map { $0! }
  }

  /// One program of a batch while it runs: the read ends of its two pipes, what has been
  /// kept of each, and which are still open.
  private struct Running {
    let index: Int
    let child: ChildProcess
    let readers: [Int32]
    var kept: [[UInt8]] = [[], []]
    var open = [true, true]

    init(_ program: Program, index: Int) throws(SpawnError) {
      self.index = index
      var readers: [Int32] = []
      var writers: [Int32] = []
      for _ in 0..<2 {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
          let code = errno
          (readers + writers).forEach { close($0) }
          throw SpawnError(program: program.arguments.first ?? "", call: .pipe, code: code)
        }
        // Close-on-exec, so no program another thread starts holds a write end open; the
        // child opens its ends by name, before exec.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        readers.append(ends[0])
        writers.append(ends[1])
      }
      do {
        child = try ChildProcess(
          program.arguments, environment: program.environment,
          standardOutput: "/dev/fd/\(writers[0])", standardError: "/dev/fd/\(writers[1])",
          ownGroup: true)
      } catch {
        (readers + writers).forEach { close($0) }
        throw error
      }
      writers.forEach { close($0) }
      self.readers = readers
    }

    /// Reads once from output `index`: whether it had bytes, and false for `open` at its end.
    mutating func readSome(_ index: Int, buffer: inout [UInt8]) -> (gotBytes: Bool, open: Bool) {
      let count = read(readers[index], &buffer, buffer.count)
      if count > 0 {
        let room = limit - kept[index].count
        if room > 0 { kept[index] += buffer[0..<min(room, count)] }
        return (true, true)
      }
      return (false, count < 0 && (errno == EINTR || errno == EAGAIN))
    }

    /// What it said, once it has ended with `status` (nil when killed at the timeout); its
    /// pipes closed.
    consuming func finish(status: Int32?, buffer: inout [UInt8]) -> ChildOutput {
      if status != nil {
        // What it wrote just before it exited; a pipe holds at most a few reads' worth.
        for index in 0..<2 where open[index] {
          for _ in 0..<16 where open[index] {
            let read = readSome(index, buffer: &buffer)
            open[index] = read.open && read.gotBytes
          }
        }
      }
      readers.forEach { close($0) }
      return ChildOutput(status: status, output: kept[0], error: kept[1])
    }
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
