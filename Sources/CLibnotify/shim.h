// libnotify, GIO and GLib, loaded when a command first needs them rather than when chulbal
// starts: linked in, the dozen libraries they bring (GIO, GObject, gdk-pixbuf, libpng,
// libmount, libselinux, …) cost every command about 4 ms of start-up and 3.6 MB of memory
// (hyperfine on `--version`, wait4 on `next`), though only `watch`, `notify` and `doctor` use
// them. The headers still give every type and every prototype, so each call below has exactly
// the C signature; nothing refers to the libraries' symbols, so the linker (--as-needed, set
// for the chulbal executable) leaves them out.
#ifndef CLIBNOTIFY_SHIM_H
#define CLIBNOTIFY_SHIM_H

#include <dlfcn.h>
#include <gio/gio.h>
#include <libnotify/notify.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

/// libnotify (which brings GIO, GObject and GLib with it), opened once; NULL when it cannot be
/// loaded, and then `chulbal_notify_load_error()` says why.
static inline void *chulbal_notify_library_state(int load, const char **error) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  static void *library;
  static int tried;
  static char reason[256];
  // Opened again (a reference more) by each Swift file's own copy of this function, which
  // the dynamic loader answers with the library already loaded. Under a lock, as
  // CSystem/lazy_library.h's: a second thread saw `tried` set before `library` and `reason`
  // were, and said libnotify could not be loaded, for no reason (`()`, a test under load).
  pthread_mutex_lock(&lock);
  if (!tried && load) {
    tried = 1;
    library = dlopen("libnotify.so.4", RTLD_NOW | RTLD_GLOBAL);
    if (!library) {
      const char *text = dlerror();
      snprintf(reason, sizeof reason, "%s", text ? text : "libnotify.so.4");
    }
  }
  void *result = library;
  pthread_mutex_unlock(&lock);
  if (error) *error = result ? NULL : reason;
  return result;
}

static inline void *chulbal_notify_library(void) { return chulbal_notify_library_state(1, NULL); }

/// libnotify if something in the process has loaded it already, else NULL; never loads it.
///
/// Asked of the dynamic loader (RTLD_NOLOAD), not of the statics above: a static inline
/// function is compiled into each Swift file that calls it, each copy with statics of its
/// own.
static inline void *chulbal_notify_library_if_loaded(void) {
  return dlopen("libnotify.so.4", RTLD_NOW | RTLD_NOLOAD);
}

/// Why libnotify could not be loaded (dlerror's words), or NULL when it was.
static inline const char *chulbal_notify_load_error(void) {
  const char *error;
  chulbal_notify_library_state(1, &error);
  return error;
}

// `chulbal_dynamic_NAME()` is NAME, looked up once in the loaded libraries; call it only once
// `chulbal_notify_library()` has succeeded. `__typeof__` of a function is not a use of it, so
// the symbol is never referred to at link time.
#define CHULBAL_DYNAMIC(name)                                                                \
  static inline __typeof__(&name) chulbal_dynamic_##name(void) {                             \
    static __typeof__(&name) cached;                                                         \
    __typeof__(&name) function = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);                 \
    void *library = function ? NULL : chulbal_notify_library();                              \
    if (library) {                                                                           \
      function = (__typeof__(&name))dlsym(library, #name);                                   \
      __atomic_store_n(&cached, function, __ATOMIC_RELEASE);                                 \
    }                                                                                         \
    return function;                                                                          \
  }

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
