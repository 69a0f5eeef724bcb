@preconcurrency import CLibnotify
import ChulbalCore
import ChulbalSystem
import FoundationEssentials

/// The desktop's notification server, through libnotify: one notification per appointment on
/// screen, buttons when the server has them, and a failure within milliseconds rather than
/// libnotify's 25-second wait when the server cannot answer.
///
/// libnotify's state is the process's: use one notifier at a time, and ``close()`` it before
/// making another.
public final class LibnotifyNotifier: Notifier, @unchecked Sendable {
  // Sendable by hand, with nothing locked: libnotify, the notifications kept here and GLib's
  // default main context, whose dispatch runs the action callbacks, are touched only from the
  // long-running loop's one thread, which delivers, pumps ``pollSource`` and closes.

  public let name = NotificationServer.backend
  private let variables: [String: String]
  private let timeoutMilliseconds: Int32
  private let onAction: (Int, Notice.Action) -> Void
  private let mainContext = GLibMainContextSource()
  /// The notification each appointment has on screen, updated in place by its later notices.
  private var keyed: [Int: LibnotifyNotification] = [:]
  /// Notifications of no appointment (key 0) whose buttons may still be pressed, oldest first.
  private var unkeyed: [LibnotifyNotification] = []
  private var initialized = false
  private var closed = false

  /// How many notifications of no appointment keep their buttons working.
  static let unkeyedKept = 16

  /// - Parameters:
  ///   - variables: the environment; its `DBUS_SESSION_BUS_ADDRESS` must be this process's own,
  ///     which is the one libnotify uses.
  ///   - timeoutMilliseconds: how long the check before each notice may wait for the server.
  ///   - onAction: called with the notice's key when a button is pressed, on the thread that
  ///     pumps ``pollSource``.
  public init(
    variables: [String: String],
    timeoutMilliseconds: Int32 = NotificationServer.defaultTimeoutMilliseconds,
    onAction: @escaping (Int, Notice.Action) -> Void
  ) {
    self.variables = variables
    self.timeoutMilliseconds = timeoutMilliseconds
    self.onAction = onAction
  }

  deinit { close() }

  /// What the loop waits on so that button presses are dispatched while it waits.
  public var pollSource: any PollSource { mainContext }

  /// Shows `notice`, replacing the notification its key has on screen.
  ///
  /// Asks the server first (``NotificationServer/preflight(variables:timeoutMilliseconds:)``),
  /// every time: a server that froze since the last notice would otherwise hold libnotify for
  /// 25 seconds. The body is escaped only for a server that reads markup, and buttons are sent
  /// only to one that shows them.
  public func deliver(_ notice: Notice) throws(NotifyFailure) {
    func failure(_ reason: String) -> NotifyFailure {
      NotifyFailure(backend: name, reason: reason)
    }
    guard !closed else { throw failure("알림 연결을 이미 닫았습니다") }
    let server = try NotificationServer.preflight(
      variables: variables, timeoutMilliseconds: timeoutMilliseconds
    ).get()
    // libnotify talks to the session bus GIO finds in the process's environment, so the one
    // checked above must be that one.
    let own = getenv("DBUS_SESSION_BUS_ADDRESS").map { String(cString: $0) }
    guard own == variables["DBUS_SESSION_BUS_ADDRESS"] else {
      throw failure(
        "D-Bus 세션이 이 프로세스의 것과 다릅니다 (libnotify는 프로세스의 DBUS_SESSION_BUS_ADDRESS만 씀)")
    }
    if !initialized {
      guard notify_init("chulbal") != 0 else { throw failure("libnotify를 시작할 수 없습니다") }
      initialized = true
    }

    let summary = NotificationText.summary(notice.summary)
    let body = NotificationText.body(notice.body, markup: server.readsBodyMarkup)
    let key = notice.key
    let kept = key > 0 ? keyed[key] : nil
    guard let notification = kept ?? LibnotifyNotification(summary: summary, body: body, icon: icon)
    else { throw failure("알림을 만들 수 없습니다") }
    let actions = server.showsActions ? notice.actions : []
    notification.set(
      summary: summary, body: body, icon: icon, urgency: notice.urgency, actions: actions,
      pressed: { [onAction] action in onAction(key, action) })
    do throws(GLibError) {
      try notification.show()
    } catch {
      throw failure("알림 서버가 알림을 받지 않았습니다 (\(error.message))")
    }
    if key > 0 {
      keyed[key] = notification
    } else if !actions.isEmpty {
      unkeyed.append(notification)
      if unkeyed.count > Self.unkeyedKept { unkeyed.removeFirst() }
    }
  }

  public var revisesNotices: Bool { true }

  /// Whether the notification of `key` is on screen, as far as the server has said: shown,
  /// and not closed since (the server's word arrives while ``pollSource`` is pumped).
  public func shows(key: Int) -> Bool {
    !closed && keyed[key].map { !$0.isClosed } ?? false
  }

  /// Updates the notification of `key` in place with `notice`, or closes it when `notice` is
  /// nil, unless the server closed it already: a notice the person dismissed stays dismissed.
  ///
  /// - Returns: whether the notification was on screen, and was changed.
  public func revise(key: Int, with notice: Notice?) -> Bool {
    guard shows(key: key), let notification = keyed[key] else { return false }
    guard let notice else {
      keyed[key] = nil
      do throws(GLibError) {
        try notification.close()
        return true
      } catch {
        return false
      }
    }
    do throws(NotifyFailure) {
      try deliver(notice)
      return true
    } catch {
      return false
    }
  }

  /// Lets go of every notification, then of libnotify; later notices fail. Calling it again
  /// does nothing.
  ///
  /// In that order: `notify_uninit` closes the notifications it still knows that have buttons,
  /// which would take them off the screen, and releasing one after it makes GLib warn.
  public func close() {
    guard !closed else { return }
    closed = true
    keyed.removeAll()
    unkeyed.removeAll()
    if initialized { notify_uninit() }
  }

  private let icon = "appointment-soon"
}
