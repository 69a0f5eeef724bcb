// libxml2, loaded when chulbal first reads a CalDAV server's answer rather than when it
// starts, like libcurl (CCurl's shim.h) and for the same reason: only syncing needs it, and
// linked in it brings liblzma and ICU to every command (dlopen took 1.3 to 1.9 ms here after
// libcurl). The header gives every type and prototype, nothing refers to libxml2's symbols,
// and contrib/build.sh takes its entry out of the release binary.
#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

#include <dlfcn.h>
#include <pthread.h>
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and encoding.h then includes ICU's headers, whose UErrorCode
// clashes with the copy Foundation brings. Only xmlCharEncodingHandler has ICU fields, and
// chulbal never touches one.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <stdio.h>

/// libxml2, opened once; NULL when it cannot be loaded, and then `reason` says why.
///
/// A static inline function is compiled into each Swift file that calls it, each copy with
/// statics of its own; each opens the library once more, which the dynamic loader answers
/// with the one already loaded. Requests run on several threads at once, so the first
/// opening is under a lock: without it a second thread saw `tried` set before `library` was,
/// and took the library for missing (a test crashed on it).
static inline void *chulbal_xml_library_state(const char **error) {
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  static void *library;
  static int tried;
  static char reason[256];
  pthread_mutex_lock(&lock);
  if (!tried) {
    tried = 1;
    library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      const char *text = dlerror();
      snprintf(reason, sizeof reason, "%s", text ? text : "libxml2.so.2");
    }
  }
  void *result = library;
  pthread_mutex_unlock(&lock);
  if (error) *error = result ? NULL : reason;
  return result;
}

/// Loads libxml2; NULL when it loaded, else why it could not (dlerror's words).
static inline const char *chulbal_xml_load_error(void) {
  const char *error;
  chulbal_xml_library_state(&error);
  return error;
}

// `chulbal_xml_NAME()` is NAME, looked up once in libxml2; call it only once
// `chulbal_xml_load_error()` has returned NULL. `__typeof__` of a function is not a use of
// it, so the symbol is never referred to at link time.
#define CHULBAL_XML(name)                                                                   \
  static inline __typeof__(&name) chulbal_xml_##name(void) {                                \
    static __typeof__(&name) cached;                                                         \
    __typeof__(&name) function = __atomic_load_n(&cached, __ATOMIC_ACQUIRE);                 \
    void *library = function ? NULL : chulbal_xml_library_state(NULL);                      \
    if (library) {                                                                           \
      function = (__typeof__(&name))dlsym(library, #name);                                   \
      __atomic_store_n(&cached, function, __ATOMIC_RELEASE);                                 \
    }                                                                                        \
    return function;                                                                         \
  }

CHULBAL_XML(xmlFreeDoc)
CHULBAL_XML(xmlGetLastError)
CHULBAL_XML(xmlInitParser)
CHULBAL_XML(xmlReadMemory)

#endif
