// A shim because Swift's Glibc module does not declare glibc's `_np` (non-portable) spawn
// calls, and finding one with dlsym would give up the compiler's check of its signature; and
// because it does not include <sys/timerfd.h> or <sys/inotify.h>.
#ifndef CSYSTEM_SHIM_H
#define CSYSTEM_SHIM_H

// Not _GNU_SOURCE: this header's includes are compiled into this module, apart from the Glibc
// module, and _GNU_SOURCE changes shared definitions (fd_set's member is `fds_bits` instead of
// `__fds_bits`), which Clang refuses as two different `fd_set`s. The one call is declared below.
#include <errno.h>
#include <spawn.h>
// Swift's Glibc module leaves out timerfd, which the wall clock sleeps on, and inotify, which
// the watch hears store changes through.
#include <sys/inotify.h>
#include <sys/timerfd.h>

#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
// As <spawn.h> declares it under _GNU_SOURCE (glibc 2.34 and later).
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
#endif

/// Adds "close every descriptor from `from` up" to `actions`.
///
/// Returns 0, or an errno value: ENOSYS on a C library without the call (glibc before 2.34,
/// musl), where the spawned program inherits every descriptor that lacks close-on-exec.
static inline int csystem_spawn_closefrom(posix_spawn_file_actions_t *actions, int from) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
  return posix_spawn_file_actions_addclosefrom_np(actions, from);
#else
  (void)actions;
  (void)from;
  return ENOSYS;
#endif
}

#endif
