@preconcurrency import CLibnotify
import ChulbalSystem
import FoundationEssentials
import Glibc

/// GLib's default main context, run by an outside poll loop instead of a `GMainLoop`.
///
/// D-Bus signals, such as the server's `ActionInvoked` when a button is pressed, reach libnotify
/// as sources on this context; each wait of the loop is one iteration of it, split as
/// `g_main_context_iterate` splits it: acquire, prepare and query in ``prepare()``; check,
/// dispatch and release in ``dispatch(_:)``. Callbacks therefore run on the loop's thread, and a
/// context with nothing to do gives no timeout (-1), so it never wakes the loop by itself.
///
/// Use it from one thread only, as the loop does.
///
/// The context is taken only once something has loaded libnotify and GLib (the first
/// preflight does): until then, and on a system without them, the source waits on nothing
/// and never wakes the loop, and a watch with no D-Bus session never loads them at all.
public final class GLibMainContextSource: PollSource {
  private var context: OpaquePointer?
  /// The descriptors of the iteration under way, as GLib gave them; nil between iterations.
  private var polled: [GPollFD]?
  private var priority: Int32 = 0

  public init() {}

  deinit {
    if polled != nil { finish() }
    if let context { g_main_context_unref(context) }
  }

  public func prepare() -> (descriptors: [pollfd], timeoutMilliseconds: Int32) {
    // A loop that prepared and never dispatched (it stopped waiting early) leaves an iteration
    // open; finish it before starting another, as GLib requires.
    if polled != nil { finish() }
    if context == nil, chulbal_notify_library_if_loaded() != nil {
      context = g_main_context_ref(g_main_context_default())
    }
    // Another thread runs this context; it is that thread's to dispatch.
    guard let context, g_main_context_acquire(context) != 0 else { return ([], -1) }
    var priority: Int32 = 0
    let ready = g_main_context_prepare(context, &priority) != 0
    var timeout: Int32 = -1
    var descriptors = [GPollFD](repeating: GPollFD(), count: 8)
    var needed = g_main_context_query(
      context, priority, &timeout, &descriptors, Int32(descriptors.count))
    while Int(needed) > descriptors.count {
      descriptors = [GPollFD](repeating: GPollFD(), count: Int(needed))
      needed = g_main_context_query(
        context, priority, &timeout, &descriptors, Int32(descriptors.count))
    }
    descriptors.removeLast(descriptors.count - Int(needed))
    polled = descriptors
    self.priority = priority
    return (
      descriptors.map { pollfd(fd: $0.fd, events: Int16(bitPattern: $0.events), revents: 0) },
      ready ? 0 : timeout
    )
  }

  public func dispatch(_ descriptors: [pollfd]) {
    guard var polled else { return }
    // GLib's G_IO_* flags are poll(2)'s POLL* values on Linux.
    for index in polled.indices
    where index < descriptors.count && descriptors[index].fd == polled[index].fd {
      polled[index].revents = UInt16(bitPattern: descriptors[index].revents)
    }
    self.polled = polled
    finish()
  }

  /// Checks the descriptors' results, dispatches what is ready, and ends the iteration.
  private func finish() {
    guard var polled, let context else { return }
    self.polled = nil
    if g_main_context_check(context, priority, &polled, Int32(polled.count)) != 0 {
      g_main_context_dispatch(context)
    }
    g_main_context_release(context)
  }
}
