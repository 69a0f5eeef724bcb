#!/usr/bin/env bash
# Builds the release binary, .build/release/chulbal (or another product: build.sh PRODUCT).
#
# A plain SwiftPM release build, linked the way a Debian packager expects: the Swift runtime
# and FoundationEssentials statically (no Swift libraries to install beside it, and they load
# fastest that way), and the C libraries as Debian ships them, shared (SQLite, the C++ runtime),
# so that their security updates reach chulbal and dpkg-shlibdeps finds its dependencies.
# The C++ runtime is there for the Swift runtime (libswiftCore.a), not for chulbal or SQLite;
# linking it statically, or linking with lld and packed relative relocations, was measured and
# did not bring `list` within its budget, so neither is done (docs/performance.md).
#
# Foundation itself, and the ICU it carries, is not linked at all: no target of the binary
# imports it (zones come from the system's zone files), and it would cost every command tens of
# megabytes to map and relocate; the check below keeps it out.
#
# libnotify, libical, libcurl, libxml2 and libqrencode are compiled against but not linked:
# each is opened when first needed (Sources/CSystem/lazy_library.h), because loading them at
# start, for the few commands that use them, would put start-up over its budget
# (docs/performance.md). contrib/build/lazy-libraries.sh gives SwiftPM their compile flags and
# the sonames this machine's -dev packages point to, and fails when a library lacks a function
# its shim lists; a call to one of their functions that bypasses the shim fails the link.
set -euo pipefail
cd "$(dirname "$0")/.."
product="${1:-chulbal}"
lazy=.build/lazy-libraries
bash contrib/build/lazy-libraries.sh "$lazy"
swift build -c release --static-swift-stdlib --disable-local-rpath \
  --pkg-config-path "$PWD/$lazy" --product "$product" >&2
[ "$product" = chulbal ] || exit 0
binary=.build/release/chulbal
if nm "$binary" | grep -qE 'FoundationInternationalization|\$s10Foundation|ucal_open'; then
  echo "build.sh: Foundation (or ICU) is linked into the binary; import FoundationEssentials," \
    "not Foundation, in the targets chulbal is made of" >&2
  exit 1
fi
# Code compiled before the table existed (a build directory from an older build.sh) would
# still look the libraries up in the program itself, where the release binary has none.
while read -r _ soname _; do
  grep -qaF "$soname" "$binary" || {
    echo "build.sh: the binary does not open $soname ($lazy/sonames); it was compiled without" \
      "that table: remove .build/*/release and build again" >&2
    exit 1
  }
done <"$lazy/sonames"
