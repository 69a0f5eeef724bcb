#!/bin/sh
# The release binary's linker: the Swift toolchain's lld, with the C++ runtime linked in.
#
# `swift build --static-swift-stdlib` links the Swift runtime and FoundationEssentials statically but
# still asks for libstdc++ and libgcc_s as shared libraries (the toolchain's
# static-stdlib-args.lnk says `-lstdc++`, ahead of anything a build can add). Loading
# libstdc++.so costs every command its 3,261 symbol relocations: 1.8 million of the 2.8
# million instructions a Foundation program runs before main (callgrind). Here `-lstdc++`
# becomes GCC's archive of it (build.sh adds -static-libgcc, so libgcc_s goes too).
#
# `-lsqlite3` (from CSQLite's module map) becomes Debian's libsqlite3.a: the shared library is
# built with BIND_NOW and binds its own 1,596 symbols by lookup in every process that loads
# it, a million instructions of every command (LD_DEBUG=bindings, callgrind).
#
# `-export-dynamic`, also from that file, is dropped: nothing looks chulbal's symbols up at
# run time, and exporting them turned 786 relocations into symbol lookups.
for argument in "$@"; do
  shift
  case "$argument" in
    -lstdc++) set -- "$@" -l:libstdc++.a ;;
    -lsqlite3) set -- "$@" -l:libsqlite3.a ;;
    -export-dynamic) ;;
    *) set -- "$@" "$argument" ;;
  esac
done
# Code that commands run at start-up, placed together (contrib/build/startup.order, written by
# contrib/build/make-order.sh), so that the pages a command touches are fewer.
lld="$(dirname "$(command -v swiftc || echo /swiftc-not-on-path)")/ld.lld"
if [ ! -x "$lld" ]; then
  echo "ld.sh: no ld.lld beside swiftc ($lld); put the Swift toolchain's bin folder on PATH" >&2
  exit 1
fi
exec "$lld" "$@" \
  --symbol-ordering-file="$(dirname "$0")/startup.order" --no-warn-symbol-ordering
