@preconcurrency import CLibnotify
import ChulbalCore

/// One `NotifyNotification`, owned: updated and shown again for each notice of its key, so the
/// server replaces it in place (libnotify sends the id the server gave it as `replaces_id`).
final class LibnotifyNotification {
  private let notification: UnsafeMutablePointer<NotifyNotification>

  init?(summary: String, body: String, icon: String) {
    guard let made = notify_notification_new(summary, body, icon) else { return nil }
    notification = made
  }

  /// Releases the notification, and with it the actions' state; the server keeps showing it.
  deinit { g_object_unref(notification) }

  /// Replaces the text and everything else a notice sets, ready for ``show()``.
  ///
  /// - Parameters:
  ///   - actions: the buttons, each reported to `pressed` when the server says it was pressed,
  ///     which happens while GLib's default main context is dispatched.
  func set(
    summary: String, body: String, icon: String, urgency: Notice.Urgency,
    actions: [Notice.Action], pressed: @escaping (Notice.Action) -> Void
  ) {
    notify_notification_update(notification, summary, body, icon)
    notify_notification_set_urgency(notification, Self.level(urgency))
    notify_notification_set_category(notification, "x-chulbal.departure")
    notify_notification_set_hint_string(notification, "desktop-entry", "chulbal")
    // Frees the previous notice's action state through the free function below.
    notify_notification_clear_actions(notification)
    for action in actions {
      let target = Unmanaged.passRetained(ActionTarget(pressed)).toOpaque()
      // C callbacks cannot capture, so the state travels as `user_data`.
      notify_notification_add_action(
        notification, action.rawValue, action.label,
        { _, action, userData in
          guard let userData, let action,
            let chosen = Notice.Action(rawValue: String(cString: action))
          else { return }
          // Held for the call: a press that delivers again to this key clears these actions,
          // which releases the target while it is still answering.
          withExtendedLifetime(Unmanaged<ActionTarget>.fromOpaque(userData).takeUnretainedValue()) {
            $0.pressed(chosen)
          }
        }, target,
        { userData in
          guard let userData else { return }
          Unmanaged<ActionTarget>.fromOpaque(userData).release()
        })
    }
  }

  /// Hands the notification to the server, which shows it or replaces the one it showed before.
  func show() throws(GLibError) {
    var error: UnsafeMutablePointer<GError>?
    guard notify_notification_show(notification, &error) != 0 else {
      throw GLibError(taking: &error)
    }
  }

  /// Whether the server said it closed the notification since it was last shown (it expired,
  /// or the person dismissed it).
  var isClosed: Bool { notify_notification_get_closed_reason(notification) != -1 }

  /// Asks the server to take the notification off the screen.
  func close() throws(GLibError) {
    var error: UnsafeMutablePointer<GError>?
    guard notify_notification_close(notification, &error) != 0 else {
      throw GLibError(taking: &error)
    }
  }

  private static func level(_ urgency: Notice.Urgency) -> NotifyUrgency {
    switch urgency {
    case .low: NOTIFY_URGENCY_LOW
    case .normal: NOTIFY_URGENCY_NORMAL
    case .critical: NOTIFY_URGENCY_CRITICAL
    }
  }
}

/// What an action's C callback reaches through its `user_data`.
private final class ActionTarget {
  let pressed: (Notice.Action) -> Void

  init(_ pressed: @escaping (Notice.Action) -> Void) {
    self.pressed = pressed
  }
}
