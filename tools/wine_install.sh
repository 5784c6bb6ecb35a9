#!/usr/bin/env bash
# Installs ddivk's d3d9.dll into a Wine prefix and sets the native override, or beside one game
# (Proton) (docs/install.md):
#   tools/wine_install.sh [--prefix DIR] [--build64 DIR] [--build32 DIR]
#   tools/wine_install.sh --game GAME.EXE [--build64 DIR] [--build32 DIR]
# Defaults: the prefix $WINEPREFIX, else ~/.wine; the builds build/win64 and build/win32 (the MinGW
# cross builds of docs/d3d9-dll.md). A 64-bit prefix (it has drive_c/windows/syswow64) takes the
# 64-bit DLL into system32 and the 32-bit one into syswow64; a 32-bit prefix takes the 32-bit DLL
# into system32. The prefix's own d3d9.dll is kept as d3d9.dll.ddivk-backup, and its d3d9
# override (or none) in ddivk-d3d9-override.backup; tools/wine_uninstall.sh puts both back.
# Proton copies its own d3d9.dll into its prefixes at every launch, so a Proton prefix is refused:
# --game puts the DLL of the game's architecture beside GAME.EXE instead (any existing d3d9.dll
# there kept as d3d9.dll.ddivk-backup), to run with WINEDLLOVERRIDES="d3d9=n,b".
# Exits 1, saying why and changing nothing, when wine, the prefix, the game or every DLL is missing,
# a named build is not built, or a DLL is of the wrong machine.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tool=wine_install
. "$root/tools/wine_prefix_lib.sh"

prefix=${WINEPREFIX:-$HOME/.wine}
game=""
build64="$root/build/win64"
build32="$root/build/win32"
explicit64=0 explicit32=0
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
    --game) game=${2:?--game needs an .exe}; shift 2 ;;
    --build64) build64=${2:?--build64 needs a directory}; explicit64=1; shift 2 ;;
    --build32) build32=${2:?--build32 needs a directory}; explicit32=1; shift 2 ;;
    -h|--help) show_help; exit 0 ;;
    *) echo "wine_install: unknown argument '$1' (see --help)" >&2; exit 1 ;;
  esac
done


# find_dll BUILD_DIR ARCH EXPLICIT: sets dll to the built DLL; when it is not built, an error if
# the build was named (EXPLICIT=1), else a note and status 1.
find_dll() {
  local dir=$1 arch=$2 explicit=$3 cross
  dll="$dir/src/d3d9/d3d9.dll"
  [ -f "$dll" ] && return 0
  cross=$([ "$arch" = 64 ] && echo x86_64 || echo i686)
  local how="cd $root && meson setup --cross-file cross/$cross-w64-mingw32.ini $dir (once), then ninja -C $dir src/d3d9/d3d9.dll"
  [ "$explicit" = 1 ] && die "$dll is not built; build it with: $how"
  echo "wine_install: no $arch-bit d3d9.dll ($dll is not built: $how); $arch-bit programs keep their d3d9" >&2
  return 1
}

# plan DLL DIR MACHINE: queues DLL for DIR/d3d9.dll after checking that it is a MACHINE DLL;
# install_planned copies once every DLL has passed.
plans=()
plan() {
  [ "$(pe_machine "$1")" = "$3" ] || die "$1 is not a $(machine_name "$3") DLL"
  plans+=("$1" "$2")
}
install_planned() {
  local i dll target
  for ((i = 0; i < ${#plans[@]}; i += 2)); do
    dll=${plans[i]} target="${plans[i + 1]}/d3d9.dll"
    mkdir -p "${plans[i + 1]}"
    if [ -f "$target" ] && ! is_ours "$target"; then
      cp -p "$target" "$target.ddivk-backup" # Wine's own, or another d3d9 (DXVK): kept to restore
    fi
    cp "$dll" "$target"
    echo "installed $dll -> $target"
  done
}

if [ -n "$game" ]; then
  [ -f "$game" ] || die "no game executable $game"
  case $(pe_machine "$game") in
    8664) find_dll "$build64" 64 1; plan "$dll" "$(dirname "$game")" 8664 ;;
    014c) find_dll "$build32" 32 1; plan "$dll" "$(dirname "$game")" 014c ;;
    *) die "$game is not a 32- or 64-bit Windows program" ;;
  esac
  install_planned
  echo "run it with WINEDLLOVERRIDES=\"d3d9=n,b\" (Steam launch option: WINEDLLOVERRIDES=\"d3d9=n,b\" %command%)"
  exit 0
fi

open_prefix "$prefix"
if is_proton_prefix "$prefix"; then
  die "$prefix is a Proton prefix: Proton copies its own d3d9.dll into system32 and syswow64 at" \
      "every launch. Put ours beside the game instead: $0 --game <the game's .exe> (docs/install.md)"
fi
windows="$prefix/drive_c/windows"

if [ -d "$windows/syswow64" ]; then
  if find_dll "$build64" 64 $explicit64; then plan "$dll" "$windows/system32" 8664; fi
  if find_dll "$build32" 32 $explicit32; then plan "$dll" "$windows/syswow64" 014c; fi
else
  # A 32-bit prefix: system32 holds 32-bit DLLs; a 64-bit DLL has no place in it.
  if [ "$explicit64" = 1 ]; then echo "wine_install: $prefix is a 32-bit prefix: no 64-bit DLL goes in it" >&2; fi
  if find_dll "$build32" 32 $explicit32; then plan "$dll" "$windows/system32" 014c; fi
fi
[ ${#plans[@]} -gt 0 ] || die "no d3d9.dll to install (see above for the builds that are missing)"
install_planned

# The override: Wine loads the native d3d9.dll (ours) instead of its built-in. The prefix's
# override before the first install (d3d9=native for DXVK, say; an empty file for none) is saved
# for wine_uninstall.sh; a reinstall finds the file and keeps it.
override_file="$prefix/ddivk-d3d9-override.backup"
if [ ! -f "$override_file" ]; then
  previous=$(override_value) || previous=""
  printf '%s\n' "$previous" >"$override_file"
fi
wine reg add "$overrides_key" /v d3d9 /d native /f >/dev/null || die "wine reg add failed in $prefix"
wineserver -w # the registry reaches user.reg when the server exits
echo "set HKEY_CURRENT_USER\\Software\\Wine\\DllOverrides d3d9 = native in $prefix"
