#!/usr/bin/env bash
# Checks the ways chulbal reaches a desktop, with the release binary already built:
# contrib/install.sh into a temporary prefix (twice, then --uninstall), without a Swift
# toolchain (--binary, or a binary newer than the sources), the completion script it installs
# in bash, and contrib/deb.sh's package: its files, its fields, the binary in it, and lintian.
#   bash contrib/test-install.sh
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=contrib/test/check.sh
source "$here/test/check.sh"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Every path, its type and its mode: what "as it was" means for the folder.
tree() { (cd "$1" && find . -printf '%p %y %m\n' | sort); }

# The prefix's folder already holds something of its own: it must stay, and be all that stays.
prefix="$work/home/.local"
mkdir -p "$prefix/share/applications" "$prefix/bin"
echo "someone else's" >"$prefix/share/applications/other.desktop"
before="$(tree "$work/home")"

bash "$here/install.sh" --prefix "$prefix" >"$work/install.out" 2>&1
check "install.sh exits 0" 0 $?
expected="bin/chulbal 755
share/applications/chulbal.desktop 644
share/applications/other.desktop 644
share/bash-completion/completions/chulbal 644
share/chulbal/installed 644
share/fish/vendor_completions.d/chulbal.fish 644
share/man/man1/chulbal.1 644
share/systemd/user/chulbal-watch.service 644
share/zsh/site-functions/_chulbal 644"
check "install.sh installs these files" "$expected" \
  "$(cd "$prefix" && find . -type f -printf '%P %m\n' | sort)"
check "the unit runs the installed binary" "ExecStart=$prefix/bin/chulbal watch" \
  "$(grep '^ExecStart=' "$prefix/share/systemd/user/chulbal-watch.service")"
check "the desktop entry runs the installed binary" "Exec=$prefix/bin/chulbal countdown" \
  "$(grep '^Exec=' "$prefix/share/applications/chulbal.desktop")"
check "the installed binary is the release binary" "" \
  "$(cmp "$prefix/bin/chulbal" "$here/../.build/release/chulbal" 2>&1)"
check "the installed man page is the binary's" "" \
  "$("$prefix/bin/chulbal" __manpage | cmp - "$prefix/share/man/man1/chulbal.1" 2>&1)"

# The installed completion, in bash, asking the installed binary (found on PATH).
reply="$(PATH="$prefix/bin:$PATH" CHULBAL_DB="$work/none.db" bash --norc --noprofile -c '
  source "$1"; COMP_WORDS=(chulbal nav --provider ""); COMP_CWORD=3; _chulbal
  echo "${COMPREPLY[*]}"' bash "$prefix/share/bash-completion/completions/chulbal")"
check "the installed bash completion completes" "kakao naver tmap google apple osm" "$reply"

installed="$(tree "$work/home")"
bash "$here/install.sh" --prefix "$prefix" >>"$work/install.out" 2>&1
check "install.sh a second time exits 0" 0 $?
check "install.sh a second time changes nothing" "$installed" "$(tree "$work/home")"

bash "$here/install.sh" --prefix "$prefix" --uninstall >>"$work/install.out" 2>&1
check "install.sh --uninstall exits 0" 0 $?
check "--uninstall leaves the folder as it was" "$before" "$(tree "$work/home")"
bash "$here/install.sh" --prefix "$prefix" --uninstall >>"$work/install.out" 2>&1
check "--uninstall with nothing installed exits 1" 1 $?
bash "$here/install.sh" --prefix "relative/path" >>"$work/install.out" 2>&1
check "a relative --prefix exits 2" 2 $?

# A space in the temporary folder (or in the checkout's path) is part of a path, not a field.
mkdir -p "$work/t mp"
TMPDIR="$work/t mp" bash "$here/install.sh" --prefix "$work/spaced" >>"$work/install.out" 2>&1
check "install.sh with a space in TMPDIR exits 0" 0 $?
check "install.sh with a space in TMPDIR installs the files and the list" 8 \
  "$(find "$work/spaced" -type f | wc -l)"
rm -rf "$work/spaced"

# Files a failed install left are in the list, so --uninstall removes them.
mkdir -p "$work/half/share"
echo "not a folder" >"$work/half/share/man"
bash "$here/install.sh" --prefix "$work/half" >>"$work/install.out" 2>&1
check "install.sh into a prefix it cannot fill exits 1" 1 $?
bash "$here/install.sh" --prefix "$work/half" --uninstall >>"$work/install.out" 2>&1
check "--uninstall after a failed install exits 0" 0 $?
check "--uninstall after a failed install leaves what was there" "./share d
./share/man f" \
  "$(cd "$work/half" && find . -mindepth 1 -printf '%p %y\n' | sort)"

# A prefix moved elsewhere: its list names the old place, where someone else's files are now.
bash "$here/install.sh" --prefix "$work/old" >>"$work/install.out" 2>&1
mv "$work/old" "$work/moved"
mkdir -p "$work/old/bin"
echo "someone else's" >"$work/old/bin/chulbal"
moved="$(tree "$work/moved")"
bash "$here/install.sh" --prefix "$work/moved" --uninstall >"$work/moved.out" 2>&1
check "--uninstall of a moved prefix exits 1" 1 $?
check "--uninstall of a moved prefix says why in one line" \
  "install.sh: $work/moved/share/chulbal/installed names $work/old, outside $work/moved (was the folder moved?); nothing removed" \
  "$(cat "$work/moved.out")"
check "--uninstall of a moved prefix leaves the old place's files" "someone else's" \
  "$(cat "$work/old/bin/chulbal")"
check "--uninstall of a moved prefix leaves the prefix" "$moved" "$(tree "$work/moved")"

# Without the Swift toolchain: install.sh copied into a tree of its own, whose sources and
# release binary the test dates, with a PATH that holds no swift (the tools install.sh uses,
# and nothing else). setup.sh and build.sh are not copied: running either fails the install.
tree_root="$work/tree"
mkdir -p "$tree_root/contrib" "$tree_root/Sources/chulbal" "$tree_root/.build/release" "$work/tools"
cp "$here/install.sh" "$tree_root/contrib/"
cp -r "$here/systemd" "$here/desktop" "$tree_root/contrib/"
echo "// source" >"$tree_root/Sources/chulbal/main.swift"
echo "// package" >"$tree_root/Package.swift"
release="$here/../.build/release/chulbal"
for tool in bash env sed mktemp id rm cat sort install cut find dirname mkdir rmdir; do
  ln -s "$(command -v "$tool")" "$work/tools/$tool"
done
no_swift() { PATH="$work/tools" bash "$tree_root/contrib/install.sh" "$@"; }
check "the test's PATH has no swift" "" "$(PATH="$work/tools" bash -c 'command -v swift')"

# A source newer than the binary, and no swift: one line saying what to do, nothing written.
cp "$release" "$tree_root/.build/release/chulbal"
touch -d '2000-01-01' "$tree_root/.build/release/chulbal"
no_swift --prefix "$work/stale" >"$work/stale.out" 2>&1
check "install.sh without swift and with a stale binary exits 1" 1 $?
check "install.sh without swift says so in one line" \
  "install.sh: no Swift toolchain to build chulbal with; install Swift (https://www.swift.org/install/linux/) or give a built binary with --binary PATH" \
  "$(cat "$work/stale.out")"
check "install.sh without swift writes nothing" "no" "$([ -e "$work/stale" ] && echo yes || echo no)"

# The binary newer than every source: installed as it is, without building.
touch "$tree_root/.build/release/chulbal"
no_swift --prefix "$work/current" >"$work/current.out" 2>&1
check "install.sh with a current binary and no swift exits 0" 0 $?
check "install.sh with a current binary says it does not build" \
  "install.sh: .build/release/chulbal is newer than the sources; not building" \
  "$(head -n 1 "$work/current.out")"
check "install.sh with a current binary installs it" "" \
  "$(cmp "$work/current/bin/chulbal" "$release" 2>&1)"

# --binary: a downloaded program, whatever the tree holds, and no swift.
mkdir -p "$work/download"
cp "$release" "$work/download/chulbal"
touch -d '2000-01-01' "$tree_root/.build/release/chulbal"
(cd "$work/download" && no_swift --binary chulbal --prefix "$work/given") >"$work/given.out" 2>&1
check "install.sh --binary without swift exits 0" 0 $?
check "install.sh --binary installs the files and the list" 8 "$(find "$work/given" -type f | wc -l)"
check "install.sh --binary installs that binary" "" "$(cmp "$work/given/bin/chulbal" "$release" 2>&1)"
check "the man page installed with --binary is the binary's" "" \
  "$("$work/given/bin/chulbal" __manpage | cmp - "$work/given/share/man/man1/chulbal.1" 2>&1)"
no_swift --binary "$work/given/share/chulbal/installed" --prefix "$work/bad" >"$work/bad.out" 2>&1
check "install.sh --binary of a file that is not a program exits 2" 2 $?
check "install.sh --binary of a file that is not a program says so in one line" \
  "install.sh: '--binary $work/given/share/chulbal/installed' is not an executable file" \
  "$(cat "$work/bad.out")"
printf '#!/bin/sh\necho hello\n' >"$work/download/other"
chmod +x "$work/download/other"
no_swift --binary "$work/download/other" --prefix "$work/bad" >"$work/bad.out" 2>&1
check "install.sh --binary of another program exits 2" 2 $?
check "install.sh --binary of another program says so in one line" \
  "install.sh: '--binary $work/download/other' is not chulbal ('$work/download/other --version' does not say 'chulbal …')" \
  "$(cat "$work/bad.out")"
check "a refused --binary writes nothing" "no" "$([ -e "$work/bad" ] && echo yes || echo no)"

# The package.
package="$(bash "$here/deb.sh" --output "$work" 2>"$work/deb.err")"
check "deb.sh exits 0" 0 $?
version="$("$here/../.build/release/chulbal" --version | cut -d' ' -f2)"
check "the package's name" "$work/chulbal_${version}_$(dpkg --print-architecture).deb" "$package"
expected="./usr/bin/chulbal -rwxr-xr-x root/root
./usr/lib/systemd/user/chulbal-watch.service -rw-r--r-- root/root
./usr/share/applications/chulbal.desktop -rw-r--r-- root/root
./usr/share/bash-completion/completions/chulbal -rw-r--r-- root/root
./usr/share/doc/chulbal/changelog.gz -rw-r--r-- root/root
./usr/share/doc/chulbal/copyright -rw-r--r-- root/root
./usr/share/fish/vendor_completions.d/chulbal.fish -rw-r--r-- root/root
./usr/share/man/man1/chulbal.1.gz -rw-r--r-- root/root
./usr/share/zsh/vendor-completions/_chulbal -rw-r--r-- root/root"
check "the package holds these files" "$expected" \
  "$(dpkg-deb -c "$package" | awk '$1 !~ /^d/ { print $6, $1, $2 }' | sort)"
check "Depends: what the binary links (dpkg-shlibdeps), libical and libqrencode, and tzdata" \
  "libc6 libgcc-s1 libsqlite3-0 libstdc++6 libical3 libqrencode4 tzdata" \
  "$(dpkg-deb -f "$package" Depends | sed 's/ ([^)]*)//g; s/,//g')"
check "Recommends: libnotify for notifications, libcurl and libxml2 for CalDAV" \
  "libnotify4 libcurl4 libxml2" \
  "$(dpkg-deb -f "$package" Recommends | sed 's/ ([^)]*)//g; s/,//g')"
dpkg-deb -x "$package" "$work/root"
check "the unit in the package runs /usr/bin/chulbal" "ExecStart=/usr/bin/chulbal watch" \
  "$(grep '^ExecStart=' "$work/root/usr/lib/systemd/user/chulbal-watch.service")"
check "the changelog is gzip'd Debian changelog" "chulbal ($version) unstable; urgency=medium" \
  "$(zcat "$work/root/usr/share/doc/chulbal/changelog.gz" | head -n 1)"
check "the man page in the package is chulbal(1)" ".TH CHULBAL 1" \
  "$(zcat "$work/root/usr/share/man/man1/chulbal.1.gz" | grep -m 1 '^\.TH' | cut -d' ' -f1-3)"
# The stripped binary still works, time zones and all.
bash "$here/smoke.sh" "$work/root/usr/bin/chulbal" >"$work/smoke.out" 2>&1
check "smoke.sh passes on the packaged binary" "0 $(tail -n 1 "$work/smoke.out")" \
  "$? $(tail -n 1 "$work/smoke.out")"
lintian "$package" >"$work/lintian.out" 2>&1
check "lintian runs and passes the package" 0 $?
check "lintian reports no error and no warning" "" "$(grep -E '^[EW]: ' "$work/lintian.out")"

echo "test-install: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
