#!/usr/bin/env bash
# Runs the D3D9 benchmark (bench/d3d9, docs/d3d9-dll.md "D3D9 benchmark") on our d3d9.dll and on
# Wine's built-in d3d9 (OpenGL renderer), in one Wine prefix, then its plain Vulkan counterpart
# (bench/plain_vulkan_d3d9, native), and prints per scenario the rates, ours / built-in,
# ours / plain Vulkan and whether the checksums agree:
#   tools/bench_d3d9.sh [FRAMES]
# FRAMES: timed frames per scenario (default 100). Build folders: DDIVK_WIN64_BUILD (build/win64)
# and DDIVK_NATIVE_BUILD (build/main); prefix: DDIVK_WINEPREFIX (build/wineprefix, created
# once). Exits 1 when a build or a run fails or a checksum differs (something else was
# rendered); a failed or disagreeing plain Vulkan run is flagged in its row, the table stays.
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-100}
dir=${DDIVK_WIN64_BUILD:-build/win64}
native=${DDIVK_NATIVE_BUILD:-build/main}
plain_target=bench/plain_vulkan_d3d9/d3d9-plain-vulkan-bench
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
if [ ! -d "$native" ]; then meson setup "$native" >/dev/null; fi
ninja -C "$native" -j "${DDIVK_JOBS:-$(nproc)}" "$plain_target" >"$build_log" 2>&1 ||
  { cat "$build_log"; rm -f "$build_log"; echo "== bench: the native build of $plain_target failed"; exit 1; }
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
# Both run on one X display and one wineserver, kept alive between the runs. Wine starts its
# services (explorer, winedevice, rpcss...) with the first program of a fresh server, and they
# take CPU for the next seconds: a short untimed run comes first and takes that start, so the
# timed runs are not competing with it.
cat >"$stage/run.sh" <<'SH'
set -e
stage=$1 frames=$2
wineserver -p || true # (one may be running for this prefix already)
(cd "$stage/builtin" && WINEDLLOVERRIDES="d3d9=b" wine ./d3d9_bench.exe --frames 3 --warmup 1 draws) >/dev/null 2>&1 || true
sleep 5
status=0
for impl in ddivk builtin; do
  override=n; [ "$impl" = builtin ] && override=b
  echo "== bench: $impl ($frames frames per scenario)"
  (cd "$stage/$impl" && WINEDLLOVERRIDES="d3d9=$override" wine ./d3d9_bench.exe --frames "$frames") \
    >"$stage/$impl.txt" 2>&1 || { cat "$stage/$impl.txt"; echo "== bench: the $impl run failed"; status=1; break; }
done
wineserver -k || true
exit $status
SH
xvfb-run -a bash "$stage/run.sh" "$(cd "$stage" && pwd)" "$frames" || exit 1

# The plain Vulkan program runs natively on the first Vulkan device; its failure leaves the
# Wine columns standing.
echo "== bench: plain Vulkan ($frames frames per scenario)"
"$native/$plain_target" --frames "$frames" >"$stage/plain.txt" 2>&1 ||
  { cat "$stage/plain.txt"; echo "== bench: *** the plain Vulkan run failed ***"; }

python3 - "$stage/ddivk.txt" "$stage/builtin.txt" "$stage/plain.txt" <<'PY'
import re, sys
def parse(path):
    rows = {}
    for m in re.finditer(r"^(\w+)\s+([\d.]+) (\S+) checksum=([0-9a-f]+) lit=(\d+)", open(path, errors="replace").read(), re.M):
        rows[m[1]] = (float(m[2]), m[3], m[4], int(m[5]))
    return rows
ours, builtin, plain = parse(sys.argv[1]), parse(sys.argv[2]), parse(sys.argv[3])
plain_scenarios = {"draws", "instancing", "state_churn"}  # queries has no plain Vulkan side
status, plain_bad = 0, []
print(f"{'scenario':<12} {'unit':<12} {'ddivk':>12} {'builtin':>12} {'ratio':>7} {'plain vk':>12} "
      f"{'ours/plain':>10}  {'checksums':<10} plain checksum")
for name in ["draws", "instancing", "queries", "state_churn"]:
    if name not in ours or name not in builtin:
        print(f"{name:<12} MISSING in {'ddivk' if name not in ours else 'builtin'} output"); status = 1; continue
    o, b = ours[name], builtin[name]
    agree = o[2] == b[2] and o[3] > 0
    if not agree: status = 1
    ratio = o[0] / b[0] if b[0] else float("inf")
    rate, fraction, verdict = "-", "-", "-"
    if name in plain_scenarios:
        p = plain.get(name)
        if p is None:
            rate, fraction, verdict = "FAILED", "-", "*** MISSING ***"
        else:
            rate, fraction = f"{p[0]:.0f}", f"{o[0] / p[0]:.2f}" if p[0] else "inf"
            same = lambda r: p[2] == r[2] and p[3] == r[3]
            verdict = "agree" if same(o) else \
                f"*** MISMATCH *** ({p[2]} lit {p[3]}{', as builtin' if same(b) else ''})"
        if verdict != "agree": plain_bad.append(name)
    print(f"{name:<12} {o[1]:<12} {o[0]:>12.0f} {b[0]:>12.0f} {ratio:>7.2f} {rate:>12} {fraction:>10}  "
          + (f"{'agree':<10}" if agree else f"*** MISMATCH *** ({o[2]} lit {o[3]} vs {b[2]} lit {b[3]})")
          + f" {verdict}")
if status:
    print("== bench: FAILED: the implementations disagree (or a scenario is missing): see the rows above", file=sys.stderr)
if plain_bad:
    print(f"== bench: FAILED: the plain Vulkan program disagrees with ddivk or did not run on: {', '.join(plain_bad)}",
          file=sys.stderr)
    status = 1
sys.exit(status)
PY
