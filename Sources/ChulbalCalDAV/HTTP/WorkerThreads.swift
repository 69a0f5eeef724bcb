import Glibc

/// Plain threads for blocking requests made side by side.
///
/// Not Swift concurrency's tasks: a libcurl transfer blocks its thread, and the cooperative
/// pool has one thread per core, so on a two-core machine only two requests would be under
/// way at once however many tasks wait.
enum WorkerThreads {
  /// Runs `body` on `count` threads at once and returns when every one has ended. When a
  /// thread cannot be started, the calling thread runs that `body` itself, after starting
  /// the others.
  static func run(_ count: Int, _ body: @escaping @Sendable () -> Void) {
    var started: [pthread_t] = []
    var unstarted = 0
    for _ in 0..<count {
      let job = Unmanaged.passRetained(Job(body))
      var thread = pthread_t()
      let code = pthread_create(
        &thread, nil,
        { raw in
          Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue().body()
          return nil
        }, job.toOpaque())
      if code == 0 {
        started.append(thread)
      } else {
        job.release()
        unstarted += 1
      }
    }
    for _ in 0..<unstarted { body() }
    for thread in started { pthread_join(thread, nil) }
  }

  private final class Job: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
