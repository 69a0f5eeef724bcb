// A C library whose functions chulbal finds with dlopen and dlsym the first time it calls into
// it, rather than at start: libnotify (with GLib), libical (with ICU), libcurl (with OpenSSL and
// a dozen more) and libxml2 would cost every command milliseconds to load and bind, though most
// commands never need them (docs/performance.md).
//
// Each library's shim.h lists the functions chulbal calls, in one X-macro, and names the
// library by the soname its -dev package's `.so` link points to. contrib/build.sh finds that
// soname on the build machine (contrib/build/lazy-libraries.sh), checks that the library
// exports every listed function, and gives it to the compiler as CHULBAL_SONAME_PREFIX, in
// chulbal_sonames.h, while leaving the library out of the link. Any other build (`swift
// build`, the tests) links the library normally and has no chulbal_sonames.h: the functions
// are then found in the program's own scope, by the same code.
//
// The header still gives every type and prototype: each function keeps exactly its C
// signature (`__typeof__`), and a listed name the headers do not declare fails the build.
#ifndef CHULBAL_LAZY_LIBRARY_H
#define CHULBAL_LAZY_LIBRARY_H

#if __has_include(<chulbal_sonames.h>)
#include <chulbal_sonames.h>
#endif

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

/// Opens `soname` (NULL: the program itself) and finds each of `names` in it, into `functions`.
///
/// Returns 1 when every one is found; else 0, with why in `reason` (dlerror's words, which
/// name the first function missing), so that a changed library is one line at the first call
/// instead of a crash at a later one.
static inline int chulbal_lazy_open(const char *soname, int flags, const char *const *names,
                                    void **functions, size_t count, char *reason,
                                    size_t size) {
  void *library = dlopen(soname, flags);
  if (!library) {
    const char *text = dlerror();
    snprintf(reason, size, "%s", text ? text : (soname ? soname : "dlopen"));
    return 0;
  }
  for (size_t index = 0; index < count; index++) {
    functions[index] = dlsym(library, names[index]);
    if (!functions[index]) {
      const char *text = dlerror();
      snprintf(reason, size, "%s", text ? text : names[index]);
      dlclose(library);
      return 0;
    }
  }
  return 1;
}

#define CHULBAL_LAZY_INDEX(prefix, name) chulbal_##prefix##_index_##name,
#define CHULBAL_LAZY_NAME(prefix, name) #name,
#define CHULBAL_LAZY_ACCESSOR(prefix, name)                                                    \
  static inline __typeof__(&name) chulbal_##prefix##_##name(void) {                          \
    void *const *functions = chulbal_##prefix##_functions(NULL);                             \
    return functions ? (__typeof__(&name))functions[chulbal_##prefix##_index_##name] : NULL; \
  }

/// Declares, for the functions `FUNCTIONS(F)` lists as `F(prefix, name)`:
/// - `chulbal_PREFIX_load_error()`: NULL once the library is loaded and every function found,
///   else why not;
/// - `chulbal_PREFIX_NAME()`: NAME, non-NULL once `chulbal_PREFIX_load_error()` has returned
///   NULL.
///
/// A static inline function is compiled into each Swift file that calls it, each copy with
/// statics of its own; each opens the library once more, which the dynamic loader answers with
/// the one already loaded. Calls come from several threads at once (the CalDAV client's
/// requests, tests run in parallel), so the first opening is under a lock, and the table is
/// published only once it is whole.
#define CHULBAL_LAZY_LIBRARY(prefix, soname, flags, FUNCTIONS)                                 \
  enum { FUNCTIONS(CHULBAL_LAZY_INDEX) chulbal_##prefix##_function_count };                  \
  static inline void *const *chulbal_##prefix##_functions(const char **error) {              \
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;                                 \
    static const char *const names[] = {FUNCTIONS(CHULBAL_LAZY_NAME)};                       \
    static void *functions[chulbal_##prefix##_function_count];                               \
    static void *const *loaded;                                                              \
    static int tried;                                                                        \
    static char reason[256];                                                                 \
    void *const *result = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);                        \
    if (!result) {                                                                           \
      pthread_mutex_lock(&lock);                                                             \
      if (!tried) {                                                                          \
        tried = 1;                                                                           \
        if (chulbal_lazy_open(soname, flags, names, functions,                               \
                              chulbal_##prefix##_function_count, reason, sizeof reason))     \
          __atomic_store_n(&loaded, functions, __ATOMIC_RELEASE);                            \
      }                                                                                      \
      result = loaded;                                                                       \
      pthread_mutex_unlock(&lock);                                                           \
    }                                                                                        \
    if (error) *error = result ? NULL : reason;                                              \
    return result;                                                                           \
  }                                                                                          \
  static inline const char *chulbal_##prefix##_load_error(void) {                            \
    const char *error;                                                                       \
    chulbal_##prefix##_functions(&error);                                                    \
    return error;                                                                            \
  }                                                                                          \
  FUNCTIONS(CHULBAL_LAZY_ACCESSOR)

#endif
