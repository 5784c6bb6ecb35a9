#!/usr/bin/env bash
# Runs the D3D9 benchmark (bench/d3d9, docs/d3d9-dll.md "D3D9 benchmark") on our d3d9.dll and on
# Wine's built-in d3d9 (OpenGL renderer), in one Wine prefix, and prints per scenario both
# rates, their ratio and whether the checksums agree:
#   tools/bench_d3d9.sh [FRAMES]
# FRAMES: timed frames per scenario (default 100). Build folder: DDIVK_WIN64_BUILD (build/win64);
# prefix: DDIVK_WINEPREFIX (build/wineprefix, created once). Exits 1 when a build or a run
# fails or the checksums differ (one implementation rendered something else).
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-100}
dir=${DDIVK_WIN64_BUILD:-build/win64}
export WINEPREFIX=${DDIVK_WINEPREFIX:-$PWD/build/wineprefix}
export WINEDEBUG=-all

for tool in x86_64-w64-mingw32-g++-posix wine xvfb-run; do
  command -v "$tool" >/dev/null || { echo "bench: $tool missing (tools/setup.sh installs it)"; exit 1; }
done

if [ ! -d "$dir" ]; then meson setup --cross-file cross/x86_64-w64-mingw32.ini "$dir" >/dev/null; fi
echo "== bench: building"
build_log=$(mktemp)
ninja -C "$dir" -j "${DDIVK_JOBS:-$(nproc)}" src/d3d9/d3d9.dll bench/d3d9/d3d9_bench.exe >"$build_log" 2>&1 ||
  { cat "$build_log"; rm -f "$build_log"; echo "== bench: the build failed"; exit 1; }
rm -f "$build_log"
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  echo "== bench: creating the prefix $WINEPREFIX"
  # wineboot returns before the prefix is ready: wineserver -w waits for it.
  xvfb-run -a sh -c 'wineboot -i && wineserver -w' >/dev/null 2>&1 || true
fi

# Two folders: ours finds d3d9.dll beside the program (d3d9=n); the built-in run has none
# beside it and asks for Wine's own (d3d9=b).
stage=$dir/bench/d3d9/run
rm -rf "$stage" && mkdir -p "$stage/ddivk" "$stage/builtin"
cp "$dir/src/d3d9/d3d9.dll" "$dir/bench/d3d9/d3d9_bench.exe" "$stage/ddivk/"
cp "$dir/bench/d3d9/d3d9_bench.exe" "$stage/builtin/"
for impl in ddivk builtin; do
  override=n; [ "$impl" = builtin ] && override=b
  echo "== bench: $impl ($frames frames per scenario)"
  (cd "$stage/$impl" && WINEDLLOVERRIDES="d3d9=$override" xvfb-run -a wine ./d3d9_bench.exe --frames "$frames") \
    >"$stage/$impl.txt" 2>&1 || { cat "$stage/$impl.txt"; echo "== bench: the $impl run failed"; exit 1; }
done

python3 - "$stage/ddivk.txt" "$stage/builtin.txt" <<'PY'
import re, sys
def parse(path):
    rows = {}
    for m in re.finditer(r"^(\w+)\s+([\d.]+) (\S+) checksum=([0-9a-f]+) lit=(\d+)", open(path, errors="replace").read(), re.M):
        rows[m[1]] = (float(m[2]), m[3], m[4], int(m[5]))
    return rows
ours, builtin = parse(sys.argv[1]), parse(sys.argv[2])
status = 0
print(f"{'scenario':<12} {'unit':<12} {'ddivk':>12} {'builtin':>12} {'ratio':>7}  checksums")
for name in ["draws", "instancing", "queries", "state_churn"]:
    if name not in ours or name not in builtin:
        print(f"{name:<12} MISSING in {'ddivk' if name not in ours else 'builtin'} output"); status = 1; continue
    o, b = ours[name], builtin[name]
    agree = o[2] == b[2] and o[3] > 0
    if not agree: status = 1
    ratio = o[0] / b[0] if b[0] else float("inf")
    print(f"{name:<12} {o[1]:<12} {o[0]:>12.0f} {b[0]:>12.0f} {ratio:>7.2f}  "
          + ("agree" if agree else f"*** MISMATCH *** ({o[2]} lit {o[3]} vs {b[2]} lit {b[3]})"))
if status:
    print("== bench: FAILED: the implementations disagree (or a scenario is missing): see the rows above", file=sys.stderr)
sys.exit(status)
PY
