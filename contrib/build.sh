#!/usr/bin/env bash
# Builds the release binary, .build/release/chulbal.
#
# The Swift runtime and FoundationEssentials are linked statically: start-up drops from about
# 8 ms to about 3 ms (measured with contrib/bench-startup.sh). The rest of Foundation, and the
# ICU it carries, is not linked at all: no target of the binary imports it (zones come from the
# system's zone files, Sources/ChulbalCore/Time/Zone.swift). Relocating their data cost every
# command about 150 page faults and 50 MB of binary; the check below keeps them out.
#
# libnotify and the GLib libraries it brings are loaded only by the commands that send
# notifications (Sources/CLibnotify/shim.h), and libical with ICU only when a repeating
# appointment is expanded (Sources/CLibical/shim.h), and libcurl and libxml2 only when a
# CalDAV server is spoken to (Sources/CCurl/shim.h, Sources/CLibxml2/shim.h); nothing in the
# binary refers to their symbols. SwiftPM still links them, from pkg-config, ahead of any --as-needed, so their
# entries are taken out of the binary here: loaded at start, libnotify's cost every command
# about 4 ms and 3.6 MB, libical's about 2 ms. The check before makes sure no symbol of theirs
# is used directly.
#
# It is linked by lld, which the Swift toolchain ships, with its relative relocations packed
# (DT_RELR, which glibc reads since 2.36): the table of 73,000 relocations shrinks to a few
# kilobytes, and every command starts with 3 MB less resident (contrib/bench-peers.sh).
# contrib/build/ld.sh stands in for lld: it links the C++ runtime and SQLite from their
# archives (no shared library to bind at start) and places start-up code together.
#
# Generic types are reached through metadata accessor functions the compiler writes, not by
# their mangled names (-disable-concrete-type-metadata-mangled-name-accessors): by name, the
# runtime demangled each one and searched its 3,500 protocol conformances for the ones the name
# left out (String: Hashable for a dictionary's keys), a fifth of `next` and of `--version`
# (callgrind: 3.39 → 2.92 million instructions for `next` over 1,000 appointments).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
toolset=.build/release-toolset.json
cat >"$toolset" <<JSON
{
  "schemaVersion": "1.0",
  "swiftCompiler": {
    "extraCLIOptions": ["-use-ld=lld", "-ld-path=$PWD/contrib/build/ld.sh",
      "-Xclang-linker", "-static-libgcc",
      "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]
  },
  "linker": { "extraCLIOptions": ["-z", "pack-relative-relocs"] }
}
JSON
swift build -c release --static-swift-stdlib --toolset "$toolset" --product chulbal "$@" >&2
binary=.build/release/chulbal
loaded_later=(libnotify.so.4 libgdk_pixbuf-2.0.so.0 libgio-2.0.so.0 libgobject-2.0.so.0
  libglib-2.0.so.0 libical.so.3 libicalss.so.3 libicalvcal.so.3 libcurl.so.4 libxml2.so.2
  libqrencode.so.4)
direct=' (notify_|g_|gdk_|ical|curl_|xml|html|QRcode_)'
if nm -D --undefined-only "$binary" | grep -qE "$direct"; then
  echo "build.sh: the binary calls libnotify, GLib, libical, libcurl, libxml2 or libqrencode" \
    "directly; call them through CLibnotify's chulbal_notify_, CLibical's chulbal_ical_," \
    "CCurl's chulbal_curl_, CLibxml2's chulbal_xml_ or CQREncode's chulbal_qrencode_" \
    "functions" >&2
  nm -D --undefined-only "$binary" | grep -E "$direct" >&2
  exit 1
fi
if nm "$binary" | grep -qE 'FoundationInternationalization|\$s10Foundation|ucal_open'; then
  echo "build.sh: Foundation (or ICU) is linked into the binary; import FoundationEssentials," \
    "not Foundation, in the targets chulbal is made of" >&2
  exit 1
fi
# SwiftPM also gives the binary a run path of $ORIGIN, for Swift libraries beside it. This one
# has them linked in, and the loader looked for every library in the binary's folder (and its
# hardware-capability subfolders) before the system's: 39 failed openat and stat calls in
# every command (strace -c), which its removal saves.
arguments=(--remove-rpath)
for library in "${loaded_later[@]}"; do
  readelf -d "$binary" | grep -qF "[$library]" && arguments+=(--remove-needed "$library")
done
patchelf "${arguments[@]}" "$binary"
