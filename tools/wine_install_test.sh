#!/usr/bin/env bash
# Tests tools/wine_install.sh and tools/wine_uninstall.sh on a scratch Wine prefix
# (docs/install.md): install, the files and the override, a program with no d3d9.dll beside it
# loading ours from system32, uninstall, and the prefix as it was.
#   tools/wine_install_test.sh
# Needs wine, xvfb-run and the x86_64 build (DDIVK_WIN64_BUILD, default build/win64) with
# src/d3d9/d3d9.dll and tests/wine/d3d9_wine_test.exe. The syswow64 case uses a stand-in 32-bit
# DLL built with i686-w64-mingw32-gcc-posix, and is skipped without that compiler. Prints one
# "[  OK  ] Suite.Name" or "[ FAIL ] Suite.Name" line per case; exits 1 when any fails.
set -uo pipefail
cd "$(dirname "$0")/.."
win64=${DDIVK_WIN64_BUILD:-build/win64}

for tool in wine xvfb-run; do
  command -v "$tool" >/dev/null || { echo "wine_install_test: $tool missing (tools/setup.sh installs it)"; exit 1; }
done
for file in "$win64/src/d3d9/d3d9.dll" "$win64/tests/wine/d3d9_wine_test.exe"; do
  [ -f "$file" ] || { echo "wine_install_test: $file is not built (tools/wine_tests.sh builds it)"; exit 1; }
done

scratch=$(mktemp -d /tmp/ddivk-install-test.XXXXXX)
prefix="$scratch/prefix"
cleanup() {
  WINEPREFIX=$prefix wineserver -k >/dev/null 2>&1 || true
  rm -rf "$scratch"
}
trap cleanup EXIT
export WINEDEBUG=-all
unset WINEDLLOVERRIDES # the prefix's registry decides which d3d9 loads

failures=0
# check NAME COMMAND...: one case, passed when the command succeeds.
check() {
  local name=$1
  shift
  if "$@"; then echo "[  OK  ] $name"; else echo "[ FAIL ] $name"; failures=$((failures + 1)); fi
}
# fails_saying TEXT COMMAND...: the command exits non-zero and its output contains TEXT.
fails_saying() {
  local text=$1 out
  shift
  if out=$("$@" 2>&1); then echo "  expected a failure: $*"; return 1; fi
  grep -qF "$text" <<<"$out" || { echo "  no '$text' in: $out"; return 1; }
}
override() { WINEPREFIX=$prefix wine reg query 'HKEY_CURRENT_USER\Software\Wine\DllOverrides' /v d3d9 2>/dev/null | tr -d '\r' | sed -n 's/^ *d3d9 *REG_SZ *//p'; }
no_override() { [ -z "$(override)" ]; }
same() { cmp -s "$1" "$2" || { echo "  $1 differs from $2"; return 1; }; }
absent() { [ ! -e "$1" ] || { echo "  $1 exists"; return 1; }; }
# loads_d3d9 DIR WHERE KIND [OVERRIDES]: the wine test program, run from DIR (with
# WINEDLLOVERRIDES=OVERRIDES), loads the d3d9.dll at the Windows path WHERE as KIND (native: a
# file installed there; builtin: Wine's own).
stage="$scratch/stage"
mkdir -p "$stage" && cp "$win64/tests/wine/d3d9_wine_test.exe" "$stage/"
loads_d3d9() {
  local dir=$1 where=$2 kind=$3 log="$scratch/loaddll-$3.txt"
  (cd "$dir" && WINEPREFIX=$prefix WINEDEBUG=+loaddll WINEDLLOVERRIDES=${4:-} timeout 300 xvfb-run -a wine ./d3d9_wine_test.exe) >"$log" 2>&1
  grep -F "Loaded L\"${where//\\/\\\\}\" at" "$log" | grep -q ": $kind\$" ||
    { echo "  no $kind load of $where:"; grep -i 'd3d9' "$log" | head -5; return 1; }
}

# Refusals need no Wine run.
check WineInstall.AMissingPrefixIsAnError fails_saying "no Wine prefix at $scratch/none" \
  tools/wine_install.sh --prefix "$scratch/none" --build64 "$win64"
mkdir -p "$scratch/empty/drive_c/windows/system32" "$scratch/empty/drive_c/windows/syswow64"
check WineInstall.AMissingDllIsAnErrorNamingTheBuildCommand fails_saying "ninja -C $scratch/nobuild src/d3d9/d3d9.dll" \
  tools/wine_install.sh --prefix "$scratch/empty" --build64 "$scratch/nobuild"

echo "== creating the scratch prefix $prefix"
WINEPREFIX=$prefix xvfb-run -a sh -c 'wineboot -i && wineserver -w' >/dev/null 2>&1
windows="$prefix/drive_c/windows"
[ -f "$windows/system32/d3d9.dll" ] || { echo "wine_install_test: wineboot made no prefix"; exit 1; }
cp "$windows/system32/d3d9.dll" "$scratch/wine-d3d9.dll"

check WineInstall.A64BitDllIsRefusedAs32Bit fails_saying "is not a 32-bit DLL" \
  tools/wine_install.sh --prefix "$prefix" --build64 "$win64" --build32 "$win64"
check WineInstall.ARefusedInstallChangesNothing same "$scratch/wine-d3d9.dll" "$windows/system32/d3d9.dll"

# A stand-in 32-bit d3d9.dll (ours by its "ddivk" string) for syswow64.
win32="$scratch/win32"
if command -v i686-w64-mingw32-gcc-posix >/dev/null; then
  mkdir -p "$win32/src/d3d9"
  echo 'const char* ddivkMark = "ddivk stand-in"; int __stdcall DllMain(void* h, unsigned r, void* p) { (void)h; (void)r; (void)p; return 1; }' >"$scratch/fake.c"
  i686-w64-mingw32-gcc-posix -shared -o "$win32/src/d3d9/d3d9.dll" "$scratch/fake.c"
fi

echo "== install"
tools/wine_install.sh --prefix "$prefix" --build64 "$win64" --build32 "$win32" >"$scratch/install.txt" 2>&1 || cat "$scratch/install.txt"
check WineInstall.CopiesThe64BitDllIntoSystem32 same "$win64/src/d3d9/d3d9.dll" "$windows/system32/d3d9.dll"
check WineInstall.KeepsThePrefixsOwnDll same "$scratch/wine-d3d9.dll" "$windows/system32/d3d9.dll.ddivk-backup"
check WineInstall.SetsTheNativeOverride [ "$(override)" = native ]
if [ -f "$win32/src/d3d9/d3d9.dll" ]; then
  check WineInstall.CopiesThe32BitDllIntoSyswow64 same "$win32/src/d3d9/d3d9.dll" "$windows/syswow64/d3d9.dll"
fi
tools/wine_install.sh --prefix "$prefix" --build64 "$win64" >/dev/null 2>&1
check WineInstall.ReinstallingKeepsTheFirstBackup same "$scratch/wine-d3d9.dll" "$windows/system32/d3d9.dll.ddivk-backup"
check WineInstall.AProgramWithNoDllBesideItLoadsOurs loads_d3d9 "$stage" 'C:\windows\system32\d3d9.dll' native

echo "== uninstall"
tools/wine_uninstall.sh --prefix "$prefix" >"$scratch/uninstall.txt" 2>&1 || cat "$scratch/uninstall.txt"
check WineUninstall.RestoresThePrefixsOwnDll same "$scratch/wine-d3d9.dll" "$windows/system32/d3d9.dll"
check WineUninstall.LeavesNoBackup absent "$windows/system32/d3d9.dll.ddivk-backup"
if [ -f "$win32/src/d3d9/d3d9.dll" ]; then
  # The prefix had no 32-bit d3d9.dll (no wine32 here): ours is removed, nothing restored.
  check WineUninstall.RemovesOurDllWhereThePrefixHadNone absent "$windows/syswow64/d3d9.dll"
fi
check WineUninstall.DeletesTheOverride no_override
check WineUninstall.LeavesNoOverrideRecord absent "$prefix/ddivk-d3d9-override.backup"
check WineUninstall.AProgramLoadsWinesBuiltinAgain loads_d3d9 "$stage" 'C:\windows\system32\d3d9.dll' builtin

echo "== an override the prefix had before"
WINEPREFIX=$prefix wine reg add 'HKEY_CURRENT_USER\Software\Wine\DllOverrides' /v d3d9 /d 'native,builtin' /f >/dev/null
tools/wine_install.sh --prefix "$prefix" --build64 "$win64" >/dev/null 2>&1
check WineInstall.ReplacesAnEarlierOverride [ "$(override)" = native ]
tools/wine_uninstall.sh --prefix "$prefix" >/dev/null 2>&1
check WineUninstall.RestoresAnEarlierOverride [ "$(override)" = 'native,builtin' ]

echo "== Proton: beside the game"
proton="$scratch/compatdata/4242"
mkdir -p "$proton/pfx/drive_c/windows/system32" "$proton/pfx/drive_c/windows/syswow64"
touch "$proton/version" "$proton/tracked_files"
check WineInstall.AProtonPrefixIsRefused fails_saying "is a Proton prefix" \
  tools/wine_install.sh --prefix "$proton/pfx" --build64 "$win64"
check WineInstall.ARefusedProtonPrefixGetsNoDll absent "$proton/pfx/drive_c/windows/system32/d3d9.dll"
game="$scratch/game"
mkdir -p "$game" && cp "$win64/tests/wine/d3d9_wine_test.exe" "$game/"
cp "$scratch/wine-d3d9.dll" "$game/d3d9.dll" # a d3d9.dll the game brought along
tools/wine_install.sh --game "$game/d3d9_wine_test.exe" --build64 "$win64" >"$scratch/game.txt" 2>&1 || cat "$scratch/game.txt"
check WineInstall.GamePutsTheDllOfItsArchitectureBesideIt same "$win64/src/d3d9/d3d9.dll" "$game/d3d9.dll"
check WineInstall.GameKeepsTheDllThatWasThere same "$scratch/wine-d3d9.dll" "$game/d3d9.dll.ddivk-backup"
gamewin="Z:${game//\//\\}\\d3d9.dll"
check WineInstall.AGameRunWithTheOverrideLoadsOursBesideIt loads_d3d9 "$game" "$gamewin" native 'd3d9=n,b'
check WineInstall.TheGameSeesOurDll grep -qF "[  OK  ] D3d9Dll.IsOursAndExportsEveryEntryPoint" "$scratch/loaddll-native.txt"
tools/wine_uninstall.sh --game "$game/d3d9_wine_test.exe" >/dev/null 2>&1
check WineUninstall.GameRestoresTheDllThatWasThere same "$scratch/wine-d3d9.dll" "$game/d3d9.dll"
check WineUninstall.GameLeavesNoBackup absent "$game/d3d9.dll.ddivk-backup"

echo "wine_install_test: $failures failed"
[ "$failures" = 0 ]
