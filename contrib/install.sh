#!/usr/bin/env bash
# Installs chulbal: the release binary, its manual page, completions for bash, zsh and fish,
# the systemd user unit for `chulbal watch`, and a desktop entry.
#
#   bash contrib/install.sh                      into ~/.local, no root needed
#   bash contrib/install.sh --prefix /usr/local  for everyone (asks sudo to write there)
#   bash contrib/install.sh --binary PATH        a chulbal already built (or downloaded):
#                                                no Swift toolchain needed
#   bash contrib/install.sh --uninstall          removes exactly what it installed
#
# Run it as yourself: it builds the release binary (contrib/setup.sh, contrib/build.sh) unless
# .build/release/chulbal is newer than every file in Sources/ and Package.swift, or --binary
# gives one, and uses sudo only to write into a prefix you cannot write. The manual page and
# the completion scripts are written by the binary being installed, so they always describe
# it. Running it again installs the same files over the old ones.
#
# What it makes under PREFIX is listed in PREFIX/share/chulbal/installed (files, and the
# folders it had to create), which --uninstall reads: it removes those files, then those
# folders when nothing else is in them, and leaves everything that was there before.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

prefix="$HOME/.local"
uninstall=false
binary=""
while [ $# -gt 0 ]; do
  case "$1" in
    --binary)
      [ $# -ge 2 ] || { echo "install.sh: '--binary' needs the path of a chulbal program" >&2; exit 2; }
      binary="$2"
      shift 2
      ;;
    --binary=*) binary="${1#--binary=}"; shift ;;
    --prefix)
      [ $# -ge 2 ] || { echo "install.sh: '--prefix' needs a folder" >&2; exit 2; }
      prefix="$2"
      shift 2
      ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --uninstall) uninstall=true; shift ;;
    -h | --help) sed -n '2,20s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option '$1' (--prefix DIR, --binary PATH, --uninstall)" >&2; exit 2 ;;
  esac
done
case "$prefix" in
  /*) ;;
  *) echo "install.sh: '--prefix $prefix' is not an absolute path" >&2; exit 2 ;;
esac
# The unit's ExecStart and the desktop entry's Exec name the binary by this path: systemd
# and desktop files split those lines at spaces and give % a meaning of its own.
if [[ "$prefix" =~ [[:space:]%\"\'\\] ]]; then
  echo "install.sh: '--prefix $prefix' has a space, %, quote or backslash, which the unit's ExecStart cannot hold" >&2
  exit 2
fi
prefix="${prefix%/}"
manifest="$prefix/share/chulbal/installed"
# A given binary is checked before anything is written: it must run and say it is chulbal.
if [ -n "$binary" ] && ! $uninstall; then
  # A bare name is a file here, not a program on PATH.
  case "$binary" in */*) ;; *) binary="./$binary" ;; esac
  if [ ! -f "$binary" ] || [ ! -x "$binary" ]; then
    echo "install.sh: '--binary $binary' is not an executable file" >&2
    exit 2
  fi
  case "$("$binary" --version 2>/dev/null || true)" in
    "chulbal "*) ;;
    *) echo "install.sh: '--binary $binary' is not chulbal ('$binary --version' does not say 'chulbal …')" >&2; exit 2 ;;
  esac
fi

# sudo only for a prefix this account cannot write (its first folder that exists).
sudo=()
existing="$prefix"
while [ ! -e "$existing" ]; do existing="$(dirname "$existing")"; done
if [ ! -w "$existing" ] && [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi

if $uninstall; then
  if [ ! -f "$manifest" ]; then
    echo "install.sh: nothing installed in $prefix (no $manifest)" >&2
    exit 1
  fi
  # Only under the prefix, or a folder on the way to it that install.sh made: a prefix moved
  # elsewhere still lists its old place, where other files may be now.
  while IFS= read -r path; do
    case "$path" in
      "$prefix"/*) continue ;;
    esac
    case "$prefix/" in
      "$path"/*) continue ;;
    esac
    echo "install.sh: $manifest names $path, outside $prefix (was the folder moved?); nothing removed" >&2
    exit 1
  done <"$manifest"
  # Files first, then folders deepest first, each only when empty. A file a failed install
  # never wrote is not there.
  while IFS= read -r path; do
    [ -d "$path" ] || [ ! -e "$path" ] || "${sudo[@]}" rm -f -- "$path"
  done <"$manifest"
  folders=()
  while IFS= read -r path; do
    [ -d "$path" ] && folders+=("$path")
  done < <(sort -r "$manifest")
  # The manifest goes before its own folder.
  "${sudo[@]}" rm -f -- "$manifest"
  for folder in "${folders[@]}"; do
    "${sudo[@]}" rmdir -- "$folder" 2>/dev/null || true
  done
  echo "install.sh: removed chulbal from $prefix"
  exit 0
fi

if [ -z "$binary" ]; then
  binary="$here/../.build/release/chulbal"
  # Built already when no source is newer than the binary: no toolchain, no packages needed.
  if [ -x "$binary" ] && [ -z "$(find "$here/../Sources" "$here/../Package.swift" -newer "$binary" -print -quit)" ]; then
    echo "install.sh: .build/release/chulbal is newer than the sources; not building"
  elif ! command -v swift >/dev/null; then
    echo "install.sh: no Swift toolchain to build chulbal with; install Swift (https://www.swift.org/install/linux/) or give a built binary with --binary PATH" >&2
    exit 1
  else
    bash "$here/setup.sh"
    bash "$here/build.sh"
  fi
fi

staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT
"$binary" __manpage >"$staging/chulbal.1"
for shell in bash zsh fish; do "$binary" completions "$shell" >"$staging/$shell"; done
# The unit names the binary it runs; the desktop entry too, so that it works when PREFIX/bin
# is not on the PATH a desktop session has.
sed "s|^ExecStart=.*|ExecStart=$prefix/bin/chulbal watch|" \
  "$here/systemd/chulbal-watch.service" >"$staging/chulbal-watch.service"
sed -e "s|^Exec=chulbal |Exec=$prefix/bin/chulbal |" -e "s|^TryExec=chulbal$|TryExec=$prefix/bin/chulbal|" \
  "$here/desktop/chulbal.desktop" >"$staging/chulbal.desktop"

# Destination under PREFIX, mode, and source in the staging folder (or the binary), three
# words each: the sources' paths may hold spaces. The places are the ones each program looks
# in for a prefix: bash-completion (next to a bin folder on PATH), zsh (site-functions, on
# fpath for /usr/local), fish (vendor_completions.d under XDG_DATA_DIRS and
# ~/.local/share/fish), systemd (share/systemd/user: systemd.unit(5)).
files=(
  bin/chulbal 755 "$binary"
  share/man/man1/chulbal.1 644 "$staging/chulbal.1"
  share/bash-completion/completions/chulbal 644 "$staging/bash"
  share/zsh/site-functions/_chulbal 644 "$staging/zsh"
  share/fish/vendor_completions.d/chulbal.fish 644 "$staging/fish"
  share/systemd/user/chulbal-watch.service 644 "$staging/chulbal-watch.service"
  share/applications/chulbal.desktop 644 "$staging/chulbal.desktop"
)

# Folders this run creates, then everything recorded before: a second run creates none, and
# must not forget the folders the first one made.
made=()
record_folders() {  # record_folders FOLDER: each missing folder on the way to it
  local folder="$1"
  while [ ! -e "$folder" ]; do
    made+=("$folder")
    folder="$(dirname "$folder")"
  done
}
record_folders "$(dirname "$manifest")"
for ((i = 0; i < ${#files[@]}; i += 3)); do
  record_folders "$(dirname "$prefix/${files[i]}")"
done

# The list first, so that --uninstall also removes what an install that fails half way wrote.
{
  [ -f "$manifest" ] && cat "$manifest"
  for ((i = 0; i < ${#files[@]}; i += 3)); do
    echo "$prefix/${files[i]}"
  done
  [ ${#made[@]} -eq 0 ] || printf '%s\n' "${made[@]}"
} | sort -u >"$staging/installed"
"${sudo[@]}" install -D -m 644 "$staging/installed" "$manifest"
for ((i = 0; i < ${#files[@]}; i += 3)); do
  "${sudo[@]}" install -D -m "${files[i + 1]}" "${files[i + 2]}" "$prefix/${files[i]}"
done

echo "install.sh: installed chulbal $("$binary" --version | cut -d' ' -f2) in $prefix"
case ":$PATH:" in
  *":$prefix/bin:"*) ;;
  *) echo "  $prefix/bin is not on PATH: add it to use 'chulbal' by name" ;;
esac
if [ "$prefix" = "$HOME/.local" ]; then
  echo "  zsh: add fpath+=(~/.local/share/zsh/site-functions) before compinit in ~/.zshrc"
fi
echo "  alerts in the background: systemctl --user daemon-reload && systemctl --user enable --now chulbal-watch"
