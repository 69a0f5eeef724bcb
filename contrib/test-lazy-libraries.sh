#!/usr/bin/env bash
# Checks contrib/build/lazy-libraries.sh, which gives the release build the sonames of the
# libraries chulbal opens when first needed, and the loader in Sources/CSystem/lazy_library.h,
# against a libxml2 whose soname changed as libxml2 2.14's did (libxml2.so.2 → libxml2.so.16):
# a stand-in library with that soname, built here, found through its own pkg-config file.
#   bash contrib/test-lazy-libraries.sh
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=contrib/test/check.sh
source "$here/test/check.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc="${CC:-cc}"

# stand_in FOLDER FUNCTION…: a libxml2.so.16 exporting only FUNCTION…, with its -dev package's
# `.so` link and a pkg-config file that names it, as libxml2 2.14's packages install them.
stand_in() {
  local folder="$1" function
  shift
  mkdir -p "$folder/lib" "$folder/pkgconfig"
  for function in "$@"; do echo "void $function(void) {}"; done >"$folder/stand-in.c"
  "$cc" -shared -fPIC -Wl,-soname,libxml2.so.16 -o "$folder/lib/libxml2.so.16.0.0" \
    "$folder/stand-in.c"
  ln -s libxml2.so.16.0.0 "$folder/lib/libxml2.so.16"
  ln -s libxml2.so.16 "$folder/lib/libxml2.so"
  cat >"$folder/pkgconfig/libxml-2.0.pc" <<PC
libdir=$folder/lib
Name: libxml-2.0
Description: a stand-in for libxml2 2.14
Version: 2.14.0
Libs: -L\${libdir} -lxml2
Cflags: $(pkg-config --cflags libxml-2.0)
PC
}
stand_in "$work/whole" xmlFreeDoc xmlGetLastError xmlInitParser xmlReadMemory
stand_in "$work/partial" xmlFreeDoc xmlGetLastError xmlInitParser

PKG_CONFIG_PATH="$work/whole/pkgconfig" bash "$here/build/lazy-libraries.sh" "$work/table" \
  2>"$work/whole.err"
check "the table is built for a libxml2 with a new soname" "0 " "$? $(cat "$work/whole.err")"
check "the table names the new soname and the library it came from" \
  "libxml-2.0 libxml2.so.16 $work/whole/lib/libxml2.so.16.0.0" \
  "$(grep '^libxml-2.0 ' "$work/table/sonames")"
check "the build is given the new soname" '#define CHULBAL_SONAME_XML "libxml2.so.16"' \
  "$(grep CHULBAL_SONAME_XML "$work/table/include/chulbal_sonames.h")"
check "the build is not given the library to link" "" \
  "$(grep '^Libs' "$work/table/libxml-2.0.pc")"

PKG_CONFIG_PATH="$work/partial/pkgconfig" bash "$here/build/lazy-libraries.sh" "$work/stale" \
  2>"$work/partial.err"
check "a library without a function the shim lists stops the build" \
  "1 lazy-libraries.sh: libxml2.so.16 (libxml-2.0) has no function xmlReadMemory, which Sources/CLibxml2/shim.h lists" \
  "$? $(cat "$work/partial.err")"

# The loader, compiled with what the table gives the build, run against each stand-in.
cat >"$work/load.c" <<'C'
#include "shim.h"
int main(void) {
  const char *error = chulbal_xml_load_error();
  if (error) { printf("%s\n", error); return 1; }
  chulbal_xml_xmlInitParser()();
  printf("loaded\n");
  return 0;
}
C
# shellcheck disable=SC2046 # pkg-config's flags are words
"$cc" -I"$here/../Sources/CLibxml2" $(PKG_CONFIG_PATH="$work/table" pkg-config --cflags libxml-2.0) \
  -o "$work/load" "$work/load.c" -ldl -lpthread
check "the loader compiles with the table's flags" 0 $?
output="$(LD_LIBRARY_PATH="$work/whole/lib" "$work/load" 2>&1)"
check "the loader opens the new soname and finds every function" "0 loaded" "$? $output"
# dlerror names the library by the path it was loaded from, the stand-in's folder here.
output="$(LD_LIBRARY_PATH="$work/partial/lib" "$work/load" 2>&1)"
check "a missing function is one line at the first load, not a crash" \
  "1 $work/partial/lib/libxml2.so.16: undefined symbol: xmlReadMemory" "$? $output"

echo "test-lazy-libraries: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
