// libnotify, GIO and GLib, found when a command first needs them rather than at start
// (CSystem/lazy_library.h): linked in, the dozen libraries they bring (GIO, GObject, gdk-pixbuf,
// libpng, libmount, libselinux, …) would load in every command, though only `watch`, `notify`
// and `doctor` use them. GLib's functions are found through libnotify, which depends on it.
#ifndef CLIBNOTIFY_SHIM_H
#define CLIBNOTIFY_SHIM_H

#include "../CSystem/lazy_library.h"

#include <dlfcn.h>
#include <gio/gio.h>
#include <libnotify/notify.h>
#include <stddef.h>
#include <stdio.h>

// Defined by contrib/build.sh (CSystem/lazy_library.h); NULL where libnotify is linked in.
#ifndef CHULBAL_SONAME_NOTIFY
#define CHULBAL_SONAME_NOTIFY NULL
#endif

// The functions chulbal calls; `chulbal_notify_NAME()` is NAME.
#define CHULBAL_NOTIFY_FUNCTIONS(F)                 \
  F(notify, g_cancellable_cancel)                   \
  F(notify, g_cancellable_new)                      \
  F(notify, g_clear_error)                          \
  F(notify, g_dbus_connection_call_sync)            \
  F(notify, g_dbus_connection_new_for_address_sync) \
  F(notify, g_io_error_quark)                       \
  F(notify, g_main_context_acquire)                 \
  F(notify, g_main_context_check)                   \
  F(notify, g_main_context_default)                 \
  F(notify, g_main_context_dispatch)                \
  F(notify, g_main_context_prepare)                 \
  F(notify, g_main_context_query)                   \
  F(notify, g_main_context_ref)                     \
  F(notify, g_main_context_release)                 \
  F(notify, g_main_context_unref)                   \
  F(notify, g_object_unref)                         \
  F(notify, g_variant_get_boolean)                  \
  F(notify, g_variant_get_child_value)              \
  F(notify, g_variant_get_string)                   \
  F(notify, g_variant_n_children)                   \
  F(notify, g_variant_new_string)                   \
  F(notify, g_variant_new_tuple)                    \
  F(notify, g_variant_type_free)                    \
  F(notify, g_variant_type_new)                     \
  F(notify, g_variant_unref)                        \
  F(notify, notify_init)                            \
  F(notify, notify_notification_add_action)         \
  F(notify, notify_notification_clear_actions)      \
  F(notify, notify_notification_close)              \
  F(notify, notify_notification_get_closed_reason)  \
  F(notify, notify_notification_new)                \
  F(notify, notify_notification_set_category)       \
  F(notify, notify_notification_set_hint_string)    \
  F(notify, notify_notification_set_urgency)        \
  F(notify, notify_notification_show)               \
  F(notify, notify_notification_update)             \
  F(notify, notify_uninit)
CHULBAL_LAZY_LIBRARY(notify, CHULBAL_SONAME_NOTIFY, RTLD_NOW | RTLD_GLOBAL,
                     CHULBAL_NOTIFY_FUNCTIONS)

/// libnotify if something in the process has loaded it already and every function is found,
/// else NULL; never loads it.
///
/// Asked of the dynamic loader first (RTLD_NOLOAD), not of the library's state above: a static
/// inline function is compiled into each Swift file that calls it, each copy with statics of
/// its own, and this copy's may not have been asked yet.
static inline void *chulbal_notify_library_if_loaded(void) {
  void *library = dlopen(CHULBAL_SONAME_NOTIFY, RTLD_NOW | RTLD_NOLOAD);
  return library && !chulbal_notify_load_error() ? library : NULL;
}

#endif
