// libcurl, found when chulbal first talks to a CalDAV server rather than at start
// (CSystem/lazy_library.h): linked in, it would bring OpenSSL, nghttp2, libssh2, LDAP, Kerberos
// and a dozen more libraries to every command, though only syncing needs them.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include "../CSystem/lazy_library.h"

// curl.h otherwise wraps curl_easy_setopt and curl_easy_getinfo in type-checking macros.
#define CURL_DISABLE_TYPECHECK 1

#include <curl/curl.h>
#include <stdio.h>

// Defined by contrib/build.sh (CSystem/lazy_library.h); NULL where libcurl is linked in.
#ifndef CHULBAL_SONAME_CURL
#define CHULBAL_SONAME_CURL NULL
#endif

// The functions chulbal calls; `chulbal_curl_NAME()` is NAME.
#define CHULBAL_CURL_FUNCTIONS(F) \
  F(curl, curl_easy_cleanup)      \
  F(curl, curl_easy_getinfo)      \
  F(curl, curl_easy_init)         \
  F(curl, curl_easy_perform)      \
  F(curl, curl_easy_reset)        \
  F(curl, curl_easy_setopt)       \
  F(curl, curl_easy_strerror)     \
  F(curl, curl_global_init)       \
  F(curl, curl_slist_append)      \
  F(curl, curl_slist_free_all)
CHULBAL_LAZY_LIBRARY(curl, CHULBAL_SONAME_CURL, RTLD_NOW | RTLD_LOCAL, CHULBAL_CURL_FUNCTIONS)

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
