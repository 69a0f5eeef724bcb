// libnotify, GIO and GLib, loaded when a command first needs them rather than when chulbal
// starts: linked in, the dozen libraries they bring (GIO, GObject, gdk-pixbuf, libpng,
// libmount, libselinux, …) would cost every command start-up time and memory
// (docs/performance.md), though only `watch`, `notify` and `doctor` use them. The headers still give every type and every prototype, so each call below has exactly
// the C signature; nothing refers to the libraries' symbols, so the linker (--as-needed, set
// for the chulbal executable) leaves them out.
#ifndef CLIBNOTIFY_SHIM_H
#define CLIBNOTIFY_SHIM_H

#include "../CSystem/lazy_library.h"

#include <dlfcn.h>
#include <gio/gio.h>
#include <libnotify/notify.h>
#include <stddef.h>
#include <stdio.h>

/// libnotify (which brings GIO, GObject and GLib with it), opened once, under
/// CSystem/lazy_library.h's lock: `chulbal_notify_load_error()` is NULL once it has loaded,
/// else why not.
CHULBAL_LAZY_LIBRARY(notify, "libnotify.so.4", RTLD_NOW | RTLD_GLOBAL)

/// libnotify if something in the process has loaded it already, else NULL; never loads it.
///
/// Asked of the dynamic loader (RTLD_NOLOAD), not of the library's state above: a static
/// inline function is compiled into each Swift file that calls it, each copy with statics of
/// its own.
static inline void *chulbal_notify_library_if_loaded(void) {
  return dlopen("libnotify.so.4", RTLD_NOW | RTLD_NOLOAD);
}

// `chulbal_notify_NAME()` is NAME, looked up once in the loaded libraries; call it only once
// `chulbal_notify_load_error()` has returned NULL.
#define CHULBAL_DYNAMIC(name) CHULBAL_LAZY_FUNCTION(notify, name)

CHULBAL_DYNAMIC(g_cancellable_cancel)
CHULBAL_DYNAMIC(g_cancellable_new)
CHULBAL_DYNAMIC(g_clear_error)
CHULBAL_DYNAMIC(g_dbus_connection_call_sync)
CHULBAL_DYNAMIC(g_dbus_connection_new_for_address_sync)
CHULBAL_DYNAMIC(g_io_error_quark)
CHULBAL_DYNAMIC(g_main_context_acquire)
CHULBAL_DYNAMIC(g_main_context_check)
CHULBAL_DYNAMIC(g_main_context_default)
CHULBAL_DYNAMIC(g_main_context_dispatch)
CHULBAL_DYNAMIC(g_main_context_prepare)
CHULBAL_DYNAMIC(g_main_context_query)
CHULBAL_DYNAMIC(g_main_context_ref)
CHULBAL_DYNAMIC(g_main_context_release)
CHULBAL_DYNAMIC(g_main_context_unref)
CHULBAL_DYNAMIC(g_object_unref)
CHULBAL_DYNAMIC(g_variant_get_boolean)
CHULBAL_DYNAMIC(g_variant_get_child_value)
CHULBAL_DYNAMIC(g_variant_get_string)
CHULBAL_DYNAMIC(g_variant_n_children)
CHULBAL_DYNAMIC(g_variant_new_string)
CHULBAL_DYNAMIC(g_variant_new_tuple)
CHULBAL_DYNAMIC(g_variant_type_free)
CHULBAL_DYNAMIC(g_variant_type_new)
CHULBAL_DYNAMIC(g_variant_unref)
CHULBAL_DYNAMIC(notify_init)
CHULBAL_DYNAMIC(notify_notification_add_action)
CHULBAL_DYNAMIC(notify_notification_clear_actions)
CHULBAL_DYNAMIC(notify_notification_new)
CHULBAL_DYNAMIC(notify_notification_set_category)
CHULBAL_DYNAMIC(notify_notification_set_hint_string)
CHULBAL_DYNAMIC(notify_notification_set_urgency)
CHULBAL_DYNAMIC(notify_notification_show)
CHULBAL_DYNAMIC(notify_notification_update)
CHULBAL_DYNAMIC(notify_uninit)

#endif
