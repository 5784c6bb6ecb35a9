#!/usr/bin/env bash
# Undoes tools/wine_install.sh (docs/install.md):
#   tools/wine_uninstall.sh [--prefix DIR]
#   tools/wine_uninstall.sh --game GAME.EXE
# DIR defaults to $WINEPREFIX, else ~/.wine. In the prefix's system32 and syswow64 (or beside
# GAME.EXE), d3d9.dll.ddivk-backup, the d3d9.dll that was there before the install, replaces ours.
# Without a backup our file is removed: there was none before, and Wine's built-in d3d9 serves
# again (wineboot -u puts its placeholder file back); a d3d9.dll that is not ours is left alone.
# The prefix's d3d9 override goes back to what it was before the install, or is deleted.
# (Without the record wine_install.sh leaves, ddivk-d3d9-override.backup, it is left alone.)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tool=wine_uninstall
. "$root/tools/wine_prefix_lib.sh"

prefix=${WINEPREFIX:-$HOME/.wine}
game=""
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
    --game) game=${2:?--game needs an .exe}; shift 2 ;;
    -h|--help) show_help; exit 0 ;;
    *) echo "wine_uninstall: unknown argument '$1' (see --help)" >&2; exit 1 ;;
  esac
done


# restore DIR: puts back DIR/d3d9.dll as it was before the install.
restore() {
  local target="$1/d3d9.dll"
  if [ -f "$target.ddivk-backup" ] && [ -f "$target" ] && ! is_ours "$target"; then
    echo "left $target and its .ddivk-backup: the d3d9.dll there is no longer ours" >&2
  elif [ -f "$target.ddivk-backup" ]; then
    mv -f "$target.ddivk-backup" "$target"
    echo "restored $target"
  elif [ -f "$target" ] && is_ours "$target"; then
    rm -f "$target"
    echo "removed $target (no backup: there was no d3d9.dll there before)"
  elif [ -f "$target" ]; then
    echo "left $target: not ours"
  fi
}

if [ -n "$game" ]; then
  [ -f "$game" ] || die "no game executable $game"
  restore "$(dirname "$game")"
  exit 0
fi

open_prefix "$prefix"

for dir in "$prefix/drive_c/windows/system32" "$prefix/drive_c/windows/syswow64"; do
  restore "$dir"
done

# The override as it was before the install (wine_install.sh recorded it, empty for none).
override_file="$prefix/ddivk-d3d9-override.backup"
if [ ! -f "$override_file" ]; then
  echo "no install record ($override_file): the d3d9 override is left as it is"
elif previous=$(cat "$override_file") && [ -n "$previous" ]; then
  wine reg add "$overrides_key" /v d3d9 /d "$previous" /f >/dev/null || die "wine reg add failed in $prefix"
  echo "restored the d3d9 override: $previous"
else
  if override_value >/dev/null; then
    wine reg delete "$overrides_key" /v d3d9 /f >/dev/null || die "wine reg delete failed in $prefix"
  fi
  echo "deleted the d3d9 override"
fi
rm -f "$override_file"
wineserver -w # the registry reaches user.reg when the server exits
