#!/usr/bin/env bash
# Builds d3d9.dll and the wine tests with MinGW (cross/*.ini) and runs them under Wine on a
# virtual X display (docs/d3d9-dll.md):
#   tools/wine_tests.sh [RESULTS_DIR]
# x86_64 always (needs g++-mingw-w64-x86-64-posix, wine64, xvfb); i686 when its compiler is
# installed, and runs it when Wine can run 32-bit programs (wine32). Build folders:
# DDIVK_WIN64_BUILD (build/win64), DDIVK_WIN32_BUILD (build/win32); the Wine prefix,
# created once: DDIVK_WINEPREFIX (build/wineprefix). With RESULTS_DIR, each run's test cases
# also go to RESULTS_DIR/wine-<arch>/wine.xml (GoogleTest's XML shape, for summarize_tests.py).
# Where the native ddivk-info is built (DDIVK_INFO, default build/main/tools/ddivk-info), the
# device it chooses must be one of the DLL's adapters.
# Exits 1 when a build or a test fails.
set -euo pipefail
cd "$(dirname "$0")/.."
results=${1:-}
win64=${DDIVK_WIN64_BUILD:-build/win64}
win32=${DDIVK_WIN32_BUILD:-build/win32}
export WINEPREFIX=${DDIVK_WINEPREFIX:-$PWD/build/wineprefix}
export WINEDEBUG=-all
export WINEDLLOVERRIDES="d3d9=n"
# The Khronos validation layer on the host side, under winevulkan: with no messenger of ours it
# prints "Validation Error: ..." to stdout, and any such line fails the run (as in every test).
validation_manifest=/usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json
if [ -f "$validation_manifest" ]; then export VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation; fi
jobs=${DDIVK_JOBS:-$(nproc)}

for tool in x86_64-w64-mingw32-g++-posix wine xvfb-run; do
  command -v "$tool" >/dev/null || { echo "wine tests: $tool missing (tools/setup.sh installs it)"; exit 1; }
done

# wine_runs_32bit: the 32-bit loader of Debian's wine32 package is installed and starts: a kernel
# built without 32-bit support (IA32 emulation) refuses it with "Exec format error".
wine_runs_32bit() {
  local loader
  for loader in /usr/lib/wine/wine /usr/lib/i386-linux-gnu/wine/wine; do
    [ -x "$loader" ] && "$loader" --version >/dev/null 2>&1 && return 0
  done
  return 1
}

build() { # build ARCH DIR [all|dll]: dll builds d3d9.dll alone (nothing here can run the rest)
  local arch=$1 dir=$2 what=${3:-all}
  if [ ! -d "$dir" ]; then meson setup --cross-file "cross/$arch-w64-mingw32.ini" "$dir" >/dev/null; fi
  echo "== wine $arch: building ($what)"
  local targets=(src/d3d9/d3d9.dll)
  [ "$what" = all ] && targets+=(tests/wine/d3d9_wine_test.exe bench/d3d9/d3d9_bench.exe demo/d3d9/d3d9_demo.exe)
  ninja -C "$dir" -j "$jobs" "${targets[@]}"
}

# Writes the "[  OK  ] Suite.Name" / "[ FAIL ] Suite.Name" lines of a run as GoogleTest XML.
to_xml() { # to_xml LOG XML
  python3 - "$1" "$2" <<'PY'
import re, sys
from xml.sax.saxutils import quoteattr
cases = re.findall(r"^\[ ?( OK |FAIL) ?\] (\w+)\.(\w+)", open(sys.argv[1], errors="replace").read(), re.M)
with open(sys.argv[2], "w") as out:
    out.write('<?xml version="1.0"?>\n<testsuites>\n')
    for status, suite, name in cases:
        out.write(f'  <testcase classname={quoteattr(suite)} name={quoteattr(name)}>')
        out.write('<failure message="failed"/>' if status == "FAIL" else "")
        out.write("</testcase>\n")
    out.write("</testsuites>\n")
PY
}

run() { # run ARCH DIR
  local arch=$1 dir=$2 stage="$2/tests/wine/run"
  # The program finds d3d9.dll beside it before Wine's own (WINEDLLOVERRIDES=d3d9=n).
  rm -rf "$stage" && mkdir -p "$stage"
  cp "$dir/src/d3d9/d3d9.dll" "$dir/tests/wine/d3d9_wine_test.exe" "$stage/"
  if [ ! -f "$WINEPREFIX/system.reg" ]; then
    echo "== wine: creating the prefix $WINEPREFIX"
    # wineboot returns before the prefix is ready (winevulkan's registration included):
    # wineserver -w waits for it to finish.
    xvfb-run -a sh -c 'wineboot -i && wineserver -w' >/dev/null 2>&1 || true
  fi
  echo "== wine $arch: testing"
  local log="$stage/output.txt" rc=0
  (cd "$stage" && xvfb-run -a wine ./d3d9_wine_test.exe -FullScreen. -MultiMonitor.) 2>&1 | tee "$log" || rc=1
  grep -q "^[0-9]* passed, 0 failed" "$log" || rc=1
  # The full-screen tests change the display mode: they run in a Wine virtual desktop, whose
  # display lists the usual modes (plain Xvfb lists one).
  echo "== wine $arch: full-screen tests in a virtual desktop"
  local modes_log="$stage/full_screen.txt"
  (cd "$stage" && xvfb-run -a wine explorer /desktop=ddivk-tests,1024x768 ./d3d9_wine_test.exe FullScreen.) 2>&1 |
    tee "$modes_log" || rc=1
  grep -q "^[1-9][0-9]* passed, 0 failed" "$modes_log" || rc=1
  cat "$modes_log" >>"$log"
  # Two displays: Xvfb with two Xinerama screens and no RandR, which Wine lists as \\.\DISPLAY1
  # and \\.\DISPLAY2.
  echo "== wine $arch: multi-monitor tests on a desktop of two displays"
  local monitors_log="$stage/multi_monitor.txt"
  (cd "$stage" && xvfb-run -a -s "-extension RANDR +xinerama -screen 0 640x480x24 -screen 1 800x600x24" \
    wine ./d3d9_wine_test.exe MultiMonitor.) 2>&1 | tee "$monitors_log" || rc=1
  grep -q "^[1-9][0-9]* passed, 0 failed" "$monitors_log" || rc=1
  cat "$monitors_log" >>"$log"
  if [ -n "${VK_INSTANCE_LAYERS:-}" ]; then
    if grep -q "Validation Error\|Validation Warning\|Validation Performance Warning" "$log"; then
      echo "[ FAIL ] Validation.NoMessagesUnderWine" | tee -a "$log"; rc=1
    else
      echo "[  OK  ] Validation.NoMessagesUnderWine" | tee -a "$log"
    fi
  else
    echo "== wine $arch: the validation layer is not installed: run without it"
  fi
  # The device the native ddivk-info chooses is one of the adapters (same Vulkan driver under Wine).
  local info=${DDIVK_INFO:-build/main/tools/ddivk-info}
  if [ -x "$info" ]; then
    local name
    name=$("$info" 2>/dev/null | sed -n 's/^device:  \(.*\) (vendor .*/\1/p')
    if [ -n "$name" ] && grep -qF "adapter" "$log" && grep -F ": $name (" "$log" | grep -q "^  adapter"; then
      echo "[  OK  ] Adapters.DdivkInfoDeviceIsAnAdapter" | tee -a "$log"
    else
      echo "[ FAIL ] Adapters.DdivkInfoDeviceIsAnAdapter ($info: '$name')" | tee -a "$log"; rc=1
    fi
  fi
  if [ -n "$results" ]; then mkdir -p "$results/wine-$arch" && to_xml "$log" "$results/wine-$arch/wine.xml"; fi
  return $rc
}

# The README's D3D9 demo (demo/d3d9) for a few frames with our d3d9.dll: it must exit 0, and
# tools/check_d3d9_demo.py checks its PNG's pixels and its occlusion count; a validation message
# in its output fails it too.
demo_test() { # demo_test ARCH DIR
  local arch=$1 dir=$2 stage="$2/demo/d3d9/test-run" rc=0
  echo "== wine $arch: the D3D9 demo"
  rm -rf "$stage" && mkdir -p "$stage"
  cp "$dir/src/d3d9/d3d9.dll" "$dir/demo/d3d9/d3d9_demo.exe" "$stage/"
  (cd "$stage" && xvfb-run -a wine ./d3d9_demo.exe --frames 3 --png demo.png) >"$stage/output.txt" 2>&1 || rc=1
  local log="$stage/checks.txt"
  { cat "$stage/output.txt"
    if [ $rc = 0 ]; then echo "[  OK  ] Demo.ExitsZeroUnderWine"; else echo "[ FAIL ] Demo.ExitsZeroUnderWine"; fi
    python3 tools/check_d3d9_demo.py "$stage/output.txt" "$stage/demo.png"
    if grep -q "Validation Error\|Validation Warning\|Validation Performance Warning" "$stage/output.txt"; then
      echo "[ FAIL ] Demo.NoValidationMessages"
    else echo "[  OK  ] Demo.NoValidationMessages"; fi
  } | tee "$log"
  grep -q "^\[ FAIL \]" "$log" && rc=1
  if [ -n "$results" ]; then mkdir -p "$results/wine-demo-$arch" && to_xml "$log" "$results/wine-demo-$arch/wine.xml"; fi
  return $rc
}

# The prefix install and uninstall scripts (docs/install.md), on a scratch prefix of their own.
install_test() {
  local log="$win64/tests/wine/install-output.txt" rc=0
  echo "== wine: the install scripts"
  DDIVK_WIN64_BUILD="$win64" bash tools/wine_install_test.sh 2>&1 | tee "$log" || rc=1
  if [ -n "$results" ]; then mkdir -p "$results/wine-install" && to_xml "$log" "$results/wine-install/wine.xml"; fi
  return $rc
}

status=0
if build x86_64 "$win64"; then
  run x86_64 "$win64" || status=1
  demo_test x86_64 "$win64" || status=1
  install_test || status=1
else
  status=1
fi
if command -v i686-w64-mingw32-g++-posix >/dev/null; then
  if wine_runs_32bit; then
    if build i686 "$win32"; then run i686 "$win32" || status=1; demo_test i686 "$win32" || status=1
    else status=1; fi
  else
    # The test programs share their code with the x86_64 ones; the DLL is what users install.
    if build i686 "$win32" dll; then echo "== wine i686: d3d9.dll built; not run (Wine cannot run 32-bit programs here: wine32 missing, or a kernel without 32-bit support)"
    else status=1; fi
  fi
fi
exit $status
