// A C library opened with dlopen the first time chulbal calls into it, rather than when it
// starts: libical (with ICU), libcurl (with OpenSSL and a dozen more) and libxml2 (with ICU)
// cost every command milliseconds to load and bind, though most commands never need them.
// Each library's shim.h names the library and its functions with the two macros below; its
// header still gives every type and prototype, so each call has exactly the C signature, and
// nothing refers to the library's symbols at link time (`__typeof__` of a function is not a
// use of it), so contrib/build.sh can take its entry out of the release binary.
#ifndef CHULBAL_LAZY_LIBRARY_H
#define CHULBAL_LAZY_LIBRARY_H

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/// `chulbal_PREFIX_library_state(&error)`: the library, opened once with dlopen's `flags`;
/// NULL when it cannot be loaded, and then `error` is why (dlerror's words).
/// `chulbal_PREFIX_load_error()`: NULL once it has loaded, else why not.
///
/// A static inline function is compiled into each Swift file that calls it, each copy with
/// statics of its own; each opens the library once more, which the dynamic loader answers
/// with the one already loaded. Calls come from several threads at once (the CalDAV client's
/// requests, tests run in parallel), so the first opening is under a lock: without it a
/// second thread saw `tried` set before `library` was, and took the library for missing (a
/// test crashed on it).
#define CHULBAL_LAZY_LIBRARY(prefix, soname, flags)                                          \
  static inline void *chulbal_##prefix##_library_state(const char **error) {                 \
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;                                 \
    static void *library;                                                                    \
    static int tried;                                                                        \
    static char reason[256];                                                                 \
    pthread_mutex_lock(&lock);                                                               \
    if (!tried) {                                                                            \
      tried = 1;                                                                             \
      library = dlopen(soname, flags);                                                       \
      if (!library) {                                                                        \
        const char *text = dlerror();                                                        \
        snprintf(reason, sizeof reason, "%s", text ? text : soname);                         \
      }                                                                                      \
    }                                                                                        \
    void *result = library;                                                                  \
    pthread_mutex_unlock(&lock);                                                             \
    if (error) *error = result ? NULL : reason;                                              \
    return result;                                                                           \
  }                                                                                          \
  static inline const char *chulbal_##prefix##_load_error(void) {                            \
    const char *error;                                                                       \
    chulbal_##prefix##_library_state(&error);                                                \
    return error;                                                                            \
  }

/// `chulbal_PREFIX_NAME()`: NAME, looked up once in the library; call it only once
/// `chulbal_PREFIX_load_error()` has returned NULL.
#define CHULBAL_LAZY_FUNCTION(prefix, name)                                                  \
  static inline __typeof__(&name) chulbal_##prefix##_##name(void) {                          \
    static __typeof__(&name) cached;                                                         \
    __typeof__(&name) function = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);                 \
    void *library = function ? NULL : chulbal_##prefix##_library_state(NULL);                \
    if (library) {                                                                           \
      function = (__typeof__(&name))dlsym(library, #name);                                   \
      __atomic_store_n(&cached, function, __ATOMIC_RELEASE);                                 \
    }                                                                                        \
    return function;                                                                         \
  }

#endif
