#!/usr/bin/env bash
# Builds the Debian package chulbal_VERSION_ARCH.deb from the release binary, with dpkg-deb:
#
#   bash contrib/deb.sh [--output DIR]      (default: the current folder)
#
# It holds the binary (stripped), the manual page and the completions the binary writes, the
# systemd user unit, the desktop entry, and the copyright and changelog Debian policy asks for.
# Depends comes from the shared libraries the binary links (dpkg-shlibdeps). The libraries it
# opens only when first needed (Sources/CSystem/lazy_library.h) are not in the binary's list,
# so their entries come from the packages holding the sonames the build used
# (.build/lazy-libraries/sonames): libical and libqrencode in Depends, since a series or a QR
# code needs them; libnotify, libcurl and libxml2 in Recommends (apt installs them by default),
# since without them alerts still reach the terminal and only CalDAV sources fail, in a line.
#
# Maintainer, changelog date and file times come from the last commit, so the same commit
# makes the same package (SOURCE_DATE_EPOCH); DEBFULLNAME and DEBEMAIL override the maintainer.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
output="$PWD"
while [ $# -gt 0 ]; do
  case "$1" in
    --output)
      [ $# -ge 2 ] || { echo "deb.sh: '--output' needs a folder" >&2; exit 2; }
      output="$2"
      shift 2
      ;;
    --output=*) output="${1#--output=}"; shift ;;
    *) echo "deb.sh: unknown option '$1' (--output DIR)" >&2; exit 2 ;;
  esac
done
[ -d "$output" ] || { echo "deb.sh: no folder '$output'" >&2; exit 2; }
output="$(cd "$output" && pwd)"

bash "$here/setup.sh"
bash "$here/build.sh"
binary="$here/../.build/release/chulbal"
version="$("$binary" --version | cut -d' ' -f2)"
architecture="$(dpkg --print-architecture)"
export SOURCE_DATE_EPOCH="${SOURCE_DATE_EPOCH:-$(git -C "$here" log -1 --format=%ct)}"
maintainer="${DEBFULLNAME:-$(git -C "$here" log -1 --format=%an)} <${DEBEMAIL:-$(git -C "$here" log -1 --format=%ae)}>"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/chulbal"
umask 022

# Where Debian's packages put each file: the completions as dh_shell_completions(1) installs
# them, the man page under /usr/share/man (Policy 12.1), the user unit under
# /usr/lib/systemd/user (systemd.unit(5)), the desktop entry under /usr/share/applications.
install -D -m 755 "$binary" "$root/usr/bin/chulbal"
# Policy 10.1: binaries are stripped of debugging symbols (lintian: unstripped-binary-or-object).
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/chulbal"
install -d -m 755 "$root/usr/share/man/man1" "$root/usr/share/doc/chulbal" \
  "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d" "$root/usr/lib/systemd/user" \
  "$root/usr/share/applications" "$root/DEBIAN"
# Policy 12.1 and 12.7: manual pages and changelogs compressed with gzip -9, and -n so that
# no name or time goes into the archive.
"$binary" __manpage | gzip -9n >"$root/usr/share/man/man1/chulbal.1.gz"
"$binary" completions bash >"$root/usr/share/bash-completion/completions/chulbal"
"$binary" completions zsh >"$root/usr/share/zsh/vendor-completions/_chulbal"
"$binary" completions fish >"$root/usr/share/fish/vendor_completions.d/chulbal.fish"
sed "s|^ExecStart=.*|ExecStart=/usr/bin/chulbal watch|" "$here/systemd/chulbal-watch.service" \
  >"$root/usr/lib/systemd/user/chulbal-watch.service"
install -m 644 "$here/desktop/chulbal.desktop" "$root/usr/share/applications/chulbal.desktop"
install -m 644 "$here/debian/copyright" "$root/usr/share/doc/chulbal/copyright"
# A native package (no upstream tarball apart from it): its changelog is changelog.gz, in
# the format of debian/changelog (Policy 4.4 and 12.7).
cat >"$work/changelog" <<CHANGELOG
chulbal ($version) unstable; urgency=medium

  * Release $version, built from commit $(git -C "$here" log -1 --format=%h).

 -- $maintainer  $(date -u -R -d "@$SOURCE_DATE_EPOCH")
CHANGELOG
gzip -9n <"$work/changelog" >"$root/usr/share/doc/chulbal/changelog.gz"
chmod 644 "$root"/usr/share/man/man1/* "$root"/usr/share/doc/chulbal/* \
  "$root"/usr/share/*/completions/* "$root"/usr/share/zsh/vendor-completions/* \
  "$root"/usr/share/fish/vendor_completions.d/* "$root"/usr/lib/systemd/user/*

# dpkg-shlibdeps reads the package's name from a debian/control beside it.
mkdir -p "$work/debian"
printf 'Source: chulbal\n\nPackage: chulbal\nArchitecture: any\n' >"$work/debian/control"
depends="$(cd "$work" && dpkg-shlibdeps -O -e chulbal/usr/bin/chulbal 2>/dev/null |
  sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "deb.sh: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# What a package's shlibs file asks for a library, as dpkg-shlibdeps would for a NEEDED one:
# `libxml2 (>= 2.9.14)` for libxml2.so.2, from the package that holds it.
shlibs_entry() {  # shlibs_entry SONAME FILE
  local package library="${1%%.so.*}" version="${1##*.so.}" entry
  package="$(dpkg-query --search "$2" | cut -d: -f1)"
  entry="$(dpkg-query --control-show "$package" shlibs |
    awk -v library="$library" -v version="$version" \
      '$1 == library && $2 == version { $1 = ""; $2 = ""; sub(/^ +/, ""); print; exit }')"
  echo "${entry:-$package}"
}
recommends=""
while read -r module soname file; do
  case "$module" in
    libical | libqrencode) depends="$depends, $(shlibs_entry "$soname" "$file")" ;;
    *) recommends="${recommends:+$recommends, }$(shlibs_entry "$soname" "$file")" ;;
  esac
done <"$here/../.build/lazy-libraries/sonames"
# Zones are read from the system's compiled zone files (Sources/ChulbalCore/Time/Zone.swift).
depends="$depends, tzdata"

# dpkg-deb takes the files' own times; the commit's make the archive the same every time.
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/md5sums"
cat >"$root/DEBIAN/control" <<CONTROL
Package: chulbal
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Recommends: $recommends
Section: utils
Priority: optional
Description: tells you when to leave for your appointments
 chulbal (출발, "departure") works backward from an appointment's time and the
 trip there to the minute you must leave. It keeps appointments, counts down in
 the terminal and in status bars, sends a desktop notification before each
 departure exactly once (a systemd user service), and writes route links for
 the map apps used in Korea. What it says is Korean.
CONTROL

package="$output/chulbal_${version}_${architecture}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "$package"
