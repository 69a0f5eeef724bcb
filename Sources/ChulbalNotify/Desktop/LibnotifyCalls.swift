@preconcurrency import CLibnotify

// The C functions this module calls, each found in libnotify and the GLib libraries it brings
// when first called (see CLibnotify's shim.h): chulbal is not linked against them, so that
// the commands that send no notification do not load them. Each has the name and the
// signature of the C function it stands for, and this module's own declaration is the one its
// code calls; as with an imported C function, a result may go unused. Call one only once
// `chulbal_notify_load_error()` has returned NULL, as the preflight makes sure of.

func g_cancellable_cancel(_ a0: UnsafeMutablePointer<GCancellable>?) {
  chulbal_notify_g_cancellable_cancel()!(a0)
}

@discardableResult
func g_cancellable_new() -> UnsafeMutablePointer<GCancellable>! {
  chulbal_notify_g_cancellable_new()!()
}

func g_clear_error(_ a0: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) {
  chulbal_notify_g_clear_error()!(a0)
}

@discardableResult
func g_dbus_connection_call_sync(
  _ a0: OpaquePointer?, _ a1: UnsafePointer<gchar>?, _ a2: UnsafePointer<gchar>?,
  _ a3: UnsafePointer<gchar>?, _ a4: UnsafePointer<gchar>?, _ a5: OpaquePointer?,
  _ a6: OpaquePointer?, _ a7: GDBusCallFlags, _ a8: gint, _ a9: UnsafeMutablePointer<GCancellable>?,
  _ a10: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> OpaquePointer! {
  chulbal_notify_g_dbus_connection_call_sync()!(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10)
}

@discardableResult
func g_dbus_connection_new_for_address_sync(
  _ a0: UnsafePointer<gchar>?, _ a1: GDBusConnectionFlags, _ a2: OpaquePointer?,
  _ a3: UnsafeMutablePointer<GCancellable>?,
  _ a4: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> OpaquePointer! {
  chulbal_notify_g_dbus_connection_new_for_address_sync()!(a0, a1, a2, a3, a4)
}

@discardableResult
func g_io_error_quark() -> GQuark { chulbal_notify_g_io_error_quark()!() }

@discardableResult
func g_main_context_acquire(_ a0: OpaquePointer?) -> gboolean {
  chulbal_notify_g_main_context_acquire()!(a0)
}

@discardableResult
func g_main_context_check(
  _ a0: OpaquePointer?, _ a1: gint, _ a2: UnsafeMutablePointer<GPollFD>?, _ a3: gint
) -> gboolean { chulbal_notify_g_main_context_check()!(a0, a1, a2, a3) }

@discardableResult
func g_main_context_default() -> OpaquePointer! { chulbal_notify_g_main_context_default()!() }

func g_main_context_dispatch(_ a0: OpaquePointer?) {
  chulbal_notify_g_main_context_dispatch()!(a0)
}

@discardableResult
func g_main_context_prepare(_ a0: OpaquePointer?, _ a1: UnsafeMutablePointer<gint>?) -> gboolean {
  chulbal_notify_g_main_context_prepare()!(a0, a1)
}

@discardableResult
func g_main_context_query(
  _ a0: OpaquePointer?, _ a1: gint, _ a2: UnsafeMutablePointer<gint>?,
  _ a3: UnsafeMutablePointer<GPollFD>?, _ a4: gint
) -> gint { chulbal_notify_g_main_context_query()!(a0, a1, a2, a3, a4) }

@discardableResult
func g_main_context_ref(_ a0: OpaquePointer?) -> OpaquePointer! {
  chulbal_notify_g_main_context_ref()!(a0)
}

func g_main_context_release(_ a0: OpaquePointer?) { chulbal_notify_g_main_context_release()!(a0) }

func g_main_context_unref(_ a0: OpaquePointer?) { chulbal_notify_g_main_context_unref()!(a0) }

func g_object_unref(_ a0: gpointer?) { chulbal_notify_g_object_unref()!(a0) }

@discardableResult
func g_variant_get_boolean(_ a0: OpaquePointer?) -> gboolean {
  chulbal_notify_g_variant_get_boolean()!(a0)
}

@discardableResult
func g_variant_get_child_value(_ a0: OpaquePointer?, _ a1: gsize) -> OpaquePointer! {
  chulbal_notify_g_variant_get_child_value()!(a0, a1)
}

@discardableResult
func g_variant_get_string(_ a0: OpaquePointer?, _ a1: UnsafeMutablePointer<gsize>?)
  -> UnsafePointer<gchar>!
{ chulbal_notify_g_variant_get_string()!(a0, a1) }

@discardableResult
func g_variant_n_children(_ a0: OpaquePointer?) -> gsize {
  chulbal_notify_g_variant_n_children()!(a0)
}

@discardableResult
func g_variant_new_string(_ a0: UnsafePointer<gchar>?) -> OpaquePointer! {
  chulbal_notify_g_variant_new_string()!(a0)
}

@discardableResult
func g_variant_new_tuple(_ a0: UnsafePointer<OpaquePointer?>?, _ a1: gsize) -> OpaquePointer! {
  chulbal_notify_g_variant_new_tuple()!(a0, a1)
}

func g_variant_type_free(_ a0: OpaquePointer?) { chulbal_notify_g_variant_type_free()!(a0) }

@discardableResult
func g_variant_type_new(_ a0: UnsafePointer<gchar>?) -> OpaquePointer! {
  chulbal_notify_g_variant_type_new()!(a0)
}

func g_variant_unref(_ a0: OpaquePointer?) { chulbal_notify_g_variant_unref()!(a0) }

@discardableResult
func notify_init(_ a0: UnsafePointer<CChar>?) -> gboolean { chulbal_notify_notify_init()!(a0) }

func notify_notification_add_action(
  _ a0: UnsafeMutablePointer<NotifyNotification>?, _ a1: UnsafePointer<CChar>?,
  _ a2: UnsafePointer<CChar>?, _ a3: NotifyActionCallback?, _ a4: gpointer?, _ a5: GFreeFunc?
) { chulbal_notify_notify_notification_add_action()!(a0, a1, a2, a3, a4, a5) }

func notify_notification_clear_actions(_ a0: UnsafeMutablePointer<NotifyNotification>?) {
  chulbal_notify_notify_notification_clear_actions()!(a0)
}

@discardableResult
func notify_notification_close(
  _ a0: UnsafeMutablePointer<NotifyNotification>?,
  _ a1: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> gboolean { chulbal_notify_notify_notification_close()!(a0, a1) }

@discardableResult
func notify_notification_get_closed_reason(_ a0: UnsafePointer<NotifyNotification>?)
  -> gint
{ chulbal_notify_notify_notification_get_closed_reason()!(a0) }

@discardableResult
func notify_notification_new(
  _ a0: UnsafePointer<CChar>?, _ a1: UnsafePointer<CChar>?, _ a2: UnsafePointer<CChar>?
) -> UnsafeMutablePointer<NotifyNotification>! {
  chulbal_notify_notify_notification_new()!(a0, a1, a2)
}

func notify_notification_set_category(
  _ a0: UnsafeMutablePointer<NotifyNotification>?, _ a1: UnsafePointer<CChar>?
) { chulbal_notify_notify_notification_set_category()!(a0, a1) }

func notify_notification_set_hint_string(
  _ a0: UnsafeMutablePointer<NotifyNotification>?, _ a1: UnsafePointer<CChar>?,
  _ a2: UnsafePointer<CChar>?
) { chulbal_notify_notify_notification_set_hint_string()!(a0, a1, a2) }

func notify_notification_set_urgency(
  _ a0: UnsafeMutablePointer<NotifyNotification>?, _ a1: NotifyUrgency
) { chulbal_notify_notify_notification_set_urgency()!(a0, a1) }

@discardableResult
func notify_notification_show(
  _ a0: UnsafeMutablePointer<NotifyNotification>?,
  _ a1: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?
) -> gboolean { chulbal_notify_notify_notification_show()!(a0, a1) }

@discardableResult
func notify_notification_update(
  _ a0: UnsafeMutablePointer<NotifyNotification>?, _ a1: UnsafePointer<CChar>?,
  _ a2: UnsafePointer<CChar>?, _ a3: UnsafePointer<CChar>?
) -> gboolean { chulbal_notify_notify_notification_update()!(a0, a1, a2, a3) }

func notify_uninit() { chulbal_notify_notify_uninit()!() }
