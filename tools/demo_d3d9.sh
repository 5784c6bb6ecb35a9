#!/usr/bin/env bash
# The README's demo through d3d9.dll under Wine (docs/d3d9-dll.md, "The D3D9 demo"): builds
# d3d9.dll and d3d9_demo.exe with MinGW and runs the demo with our DLL beside it under
# `xvfb-run -a wine` on the first Vulkan device, its last frame written to out/ddivk-d3d9-demo.png:
#   tools/demo_d3d9.sh [FRAMES]
# FRAMES: frames to render (default 120). Build folder: DDIVK_WIN64_BUILD (build/win64, set up
# when missing); Wine prefix: DDIVK_WINEPREFIX (build/wineprefix, created once). tools/demo.sh
# runs it after the native demo. Without the MinGW compiler, Wine or xvfb-run it prints one line
# saying why the D3D9 demo was skipped and exits 0; a failed build or run exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-120}
dir=${DDIVK_WIN64_BUILD:-build/win64}
export WINEPREFIX=${DDIVK_WINEPREFIX:-$PWD/build/wineprefix}
export WINEDEBUG=-all
export WINEDLLOVERRIDES="d3d9=n" # the d3d9.dll beside the program, not Wine's own

for tool in x86_64-w64-mingw32-g++-posix wine xvfb-run; do
  command -v "$tool" >/dev/null ||
    { echo "== d3d9 demo: skipped: $tool is not installed (tools/setup.sh installs it)"; exit 0; }
done

if [ ! -d "$dir" ]; then meson setup --cross-file cross/x86_64-w64-mingw32.ini "$dir" >/dev/null; fi
echo "== d3d9 demo: building d3d9.dll and d3d9_demo.exe in $dir"
ninja -C "$dir" -j "${DDIVK_JOBS:-$(nproc)}" src/d3d9/d3d9.dll demo/d3d9/d3d9_demo.exe ||
  { echo "== d3d9 demo: the build failed"; exit 1; }
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  echo "== d3d9 demo: creating the Wine prefix $WINEPREFIX"
  # wineboot returns before the prefix is ready: wineserver -w waits for it.
  xvfb-run -a sh -c 'wineboot -i && wineserver -w' >/dev/null 2>&1 || true
fi

stage=$dir/demo/d3d9/run
rm -rf "$stage" && mkdir -p "$stage" out
cp "$dir/src/d3d9/d3d9.dll" "$dir/demo/d3d9/d3d9_demo.exe" "$stage/"
echo "== d3d9 demo: running under Wine with our d3d9.dll ($frames frames)"
rc=0
(cd "$stage" && xvfb-run -a wine ./d3d9_demo.exe --frames "$frames" --png d3d9_demo.png) >"$stage/output.txt" 2>&1 ||
  rc=1
# Xvfb's shutdown under the exiting program is not news.
grep -v "^X connection to .* broken" "$stage/output.txt" || true
if [ $rc != 0 ] || [ ! -f "$stage/d3d9_demo.png" ]; then echo "== d3d9 demo: the run failed"; exit 1; fi
cp "$stage/d3d9_demo.png" out/ddivk-d3d9-demo.png
echo "== d3d9 demo: wrote out/ddivk-d3d9-demo.png"
