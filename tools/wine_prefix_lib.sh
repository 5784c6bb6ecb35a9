# Shared by tools/wine_install.sh and tools/wine_uninstall.sh (sourced, not run): what a Wine
# prefix is, which DLL is ours, and the d3d9 override. Callers set `tool` to their name.

die() { echo "$tool: $*" >&2; exit 1; }

# show_help: the script's opening comment, its usage.
show_help() { sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//'; }

# open_prefix DIR: checks wine and the prefix, and points wine at it.
open_prefix() {
  command -v wine >/dev/null || die "wine is not installed (Debian: apt-get install wine wine64)"
  check_prefix "$1"
  export WINEPREFIX=$1 WINEDEBUG=-all
}

overrides_key='HKEY_CURRENT_USER\Software\Wine\DllOverrides'

# check_prefix DIR: a Wine prefix has drive_c/windows/system32 (wineboot creates it).
check_prefix() {
  [ -d "$1/drive_c/windows/system32" ] && return 0
  if [ -d "$1" ]; then die "$1 is not a Wine prefix (no drive_c/windows/system32)"; fi
  die "no Wine prefix at $1 (create one with: WINEPREFIX=$1 wineboot -i; for Proton, run the game once)"
}

# is_proton_prefix DIR: Steam's steamapps/compatdata/<appid>/pfx, beside Proton's version file.
is_proton_prefix() {
  local dir
  dir=$(cd "$1" && pwd -P)
  [ "$(basename "$dir")" = pfx ] && [ -f "$dir/../version" ] && [ -f "$dir/../tracked_files" ]
}

# is_ours FILE: the d3d9.dll built from this project (its log lines start with "ddivk").
is_ours() { grep -qaF 'ddivk' "$1"; }

# pe_machine FILE: the PE header's machine field in hex (8664 x86-64, 014c i386).
pe_machine() {
  local at
  at=$(od -An -tu4 -j60 -N4 "$1" | tr -d ' ')
  [ "$(od -An -c -j"$at" -N2 "$1" | tr -d ' ')" = "PE" ] || { echo none; return; }
  od -An -tx2 -j$((at + 4)) -N2 "$1" | tr -d ' '
}

machine_name() { case $1 in 8664) echo 64-bit;; 014c) echo 32-bit;; *) echo "$1";; esac; }

# override_value: the prefix's d3d9 override (native, "native,builtin"...), status 1 when unset.
override_value() {
  wine reg query "$overrides_key" /v d3d9 2>/dev/null | tr -d '\r' |
    sed -n 's/^ *d3d9 *REG_SZ *\(.*\)$/\1/p' | grep .
}
