#!/usr/bin/env bash
# Writes into FOLDER, for each C library chulbal opens only when first needed
# (Sources/CSystem/lazy_library.h), a pkg-config file that `swift build --pkg-config-path`
# reads in place of the library's own: the same header folders, one more for
# FOLDER/include/chulbal_sonames.h, and nothing to link, so that the binary does not load the
# library at start. chulbal_sonames.h defines CHULBAL_SONAME_PREFIX as the soname the build
# machine's `.so` link points to; FOLDER/sonames lists the same, a line each: the pkg-config
# module, the soname, and the library file (contrib/deb.sh finds their packages from it).
#
# The soname comes from the library the -dev package installs, so a new soname (libxml2.so.2
# became libxml2.so.16 in libxml2 2.14) needs no change here. It fails, naming the library and
# the function, when the library does not export a function its shim.h lists: that binary's
# first call into it would fail.
#
#   bash contrib/build/lazy-libraries.sh FOLDER
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
[ $# -eq 1 ] || { echo "usage: lazy-libraries.sh FOLDER" >&2; exit 2; }
folder="$1"
mkdir -p "$folder/include"
folder="$(cd "$folder" && pwd)"
table="$(mktemp)"
header="$(mktemp)"
trap 'rm -f "$table" "$header"' EXIT
echo "// The sonames of this machine's libraries, for the release build (contrib/build.sh)." \
  >"$header"

fail() { echo "lazy-libraries.sh: $*" >&2; exit 1; }

# The prefix of the shim's `F(prefix, name)` list, the pkg-config module, the shim.
libraries=(
  "notify libnotify Sources/CLibnotify/shim.h"
  "ical libical Sources/CLibical/shim.h"
  "curl libcurl Sources/CCurl/shim.h"
  "xml libxml-2.0 Sources/CLibxml2/shim.h"
  "qrencode libqrencode Sources/CQREncode/shim.h"
)
for entry in "${libraries[@]}"; do
  read -r prefix module shim <<<"$entry"
  pkg-config --exists "$module" || fail "no pkg-config file for $module (bash contrib/setup.sh)"
  search=()
  for flag in $(pkg-config --libs-only-L "$module"); do search+=("${flag#-L}"); done
  search+=("$(pkg-config --variable=libdir "$module")")
  # The module's libraries, in its own order: the first is the one chulbal opens; the others
  # (GLib under libnotify) are its dependencies, whose functions dlsym finds through it.
  files=()
  for flag in $(pkg-config --libs-only-l "$module"); do
    name="lib${flag#-l}.so"
    file=""
    for dir in "${search[@]}"; do
      if [ -e "$dir/$name" ]; then file="$dir/$name" && break; fi
    done
    [ -n "$file" ] || fail "no $name for $module in ${search[*]}"
    files+=("$file")
  done
  soname="$(objdump -p "${files[0]}" | awk '$1 == "SONAME" { print $2 }')"
  [ -n "$soname" ] || fail "${files[0]} has no SONAME"

  listed="$(grep -oE "F\\($prefix, [A-Za-z0-9_]+\\)" "$root/$shim" | sed -E 's/.*, (.*)\)/\1/' |
    sort -u)"
  [ -n "$listed" ] || fail "$shim lists no function as F($prefix, name)"
  exported="$(nm -D --defined-only "${files[@]}" | awk '{ sub(/@.*/, "", $NF); print $NF }' |
    sort -u)"
  missing="$(comm -23 <(echo "$listed") <(echo "$exported") | head -n 1)"
  [ -z "$missing" ] || fail "$soname ($module) has no function $missing, which $shim lists"

  echo "$module $soname $(readlink -f "${files[0]}")" >>"$table"
  echo "#define CHULBAL_SONAME_${prefix^^} \"$soname\"" >>"$header"

  cat >"$folder/$module.pc" <<PC
Name: $module
Description: $module's headers and soname, without its libraries (contrib/build/lazy-libraries.sh)
Version: $(pkg-config --modversion "$module")
Cflags: $(pkg-config --cflags-only-I "$module") -I$folder/include
PC
done
# Rewritten only when it changes, so that an unchanged table rebuilds nothing.
cmp -s "$header" "$folder/include/chulbal_sonames.h" ||
  cat "$header" >"$folder/include/chulbal_sonames.h"
cat "$table" >"$folder/sonames"
