// libcurl, loaded when chulbal first talks to a CalDAV server rather than when it starts:
// linked in, it brings OpenSSL, nghttp2, libssh2, LDAP, Kerberos and a dozen more libraries
// that every command would load and bind at start-up (docs/performance.md), though only
// syncing ever needs them. As in CLibical's shim.h, the header gives every type and
// prototype, nothing refers to libcurl's symbols, and contrib/build.sh takes its entry out of
// the release binary.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include "../CSystem/lazy_library.h"

// curl.h otherwise wraps curl_easy_setopt and curl_easy_getinfo in type-checking macros.
#define CURL_DISABLE_TYPECHECK 1

#include <curl/curl.h>
#include <stdio.h>

CHULBAL_LAZY_LIBRARY(curl, "libcurl.so.4", RTLD_NOW | RTLD_LOCAL)

// `chulbal_curl_NAME()` is NAME, looked up once in libcurl.
#define CHULBAL_CURL(name) CHULBAL_LAZY_FUNCTION(curl, name)

CHULBAL_CURL(curl_easy_cleanup)
CHULBAL_CURL(curl_easy_getinfo)
CHULBAL_CURL(curl_easy_init)
CHULBAL_CURL(curl_easy_perform)
CHULBAL_CURL(curl_easy_reset)
CHULBAL_CURL(curl_easy_setopt)
CHULBAL_CURL(curl_easy_strerror)
CHULBAL_CURL(curl_global_init)
CHULBAL_CURL(curl_slist_append)
CHULBAL_CURL(curl_slist_free_all)

// curl_easy_setopt and curl_easy_getinfo take their value through C's `...`, which Swift
// cannot call; each helper below passes one type of value, the type the option's manual page
// names (long, a pointer, curl_off_t or a callback), through the function found above.

/// curl_easy_setopt for an option that takes a long.
static inline CURLcode chulbal_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  return chulbal_curl_curl_easy_setopt()(handle, option, value);
}

/// curl_easy_setopt for an option that takes a pointer (a string, a list, a buffer, user data).
static inline CURLcode chulbal_curl_setopt_pointer(CURL *handle, CURLoption option,
                                                   const void *value) {
  return chulbal_curl_curl_easy_setopt()(handle, option, value);
}

/// curl_easy_setopt for an option that takes a curl_off_t (the `_LARGE` ones).
static inline CURLcode chulbal_curl_setopt_off_t(CURL *handle, CURLoption option,
                                                 curl_off_t value) {
  return chulbal_curl_curl_easy_setopt()(handle, option, value);
}

/// curl_easy_setopt for CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: a function pointer
/// is not a data pointer in C, so it has a helper of its own.
static inline CURLcode chulbal_curl_setopt_callback(CURL *handle, CURLoption option,
                                                    curl_write_callback value) {
  return chulbal_curl_curl_easy_setopt()(handle, option, value);
}

/// curl_easy_getinfo for an item that gives a long (CURLINFO_RESPONSE_CODE).
static inline CURLcode chulbal_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return chulbal_curl_curl_easy_getinfo()(handle, info, value);
}

/// curl_easy_getinfo for an item that gives text owned by the handle (CURLINFO_EFFECTIVE_URL).
static inline CURLcode chulbal_curl_getinfo_text(CURL *handle, CURLINFO info,
                                                 const char **value) {
  return chulbal_curl_curl_easy_getinfo()(handle, info, value);
}

#endif
