import Glibc

/// Plain threads for blocking requests side by side: a libcurl transfer blocks its thread, and the
/// cooperative pool's one thread per core would allow two requests at once on two cores.
public enum WorkerThreads {
  /// Runs `body` on `count` threads and returns when all have ended; a thread that cannot start has
  /// its `body` run on the calling thread.
  public static func run(_ count: Int, _ body: @escaping @Sendable () -> Void) {
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
