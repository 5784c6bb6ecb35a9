#!/usr/bin/env bash
# Runs the D3D9 benchmark (bench/d3d9, docs/d3d9-dll.md "D3D9 benchmark") on our d3d9.dll and on
# Wine's built-in d3d9 (OpenGL renderer), in one Wine prefix, and its plain Vulkan counterpart
# (bench/plain_vulkan_d3d9, native), taking turns for ROUNDS rounds, and prints per scenario the
# median rates, the medians (and ranges) of each round's ours / built-in and ours / plain Vulkan,
# and whether the checksums agree in every round:
#   tools/bench_d3d9.sh [FRAMES] [ROUNDS]
# FRAMES: timed frames per scenario (default 100); ROUNDS: default 3. On this 2-core virtual
# machine a program's rate drifts by a fifth over minutes, so the three take turns and each
# ratio is of rates measured side by side. Build folders: DDIVK_WIN64_BUILD (build/win64)
# and DDIVK_NATIVE_BUILD (build/main); prefix: DDIVK_WINEPREFIX (build/wineprefix, created
# once). Exits 1 when a build or a run fails or a checksum differs (something else was
# rendered); a failed or disagreeing plain Vulkan run is flagged in its row, the table stays.
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-100}
rounds=${2:-3}
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
stage=$1 frames=$2 rounds=$3 plain=$4
wineserver -p || true # (one may be running for this prefix already)
(cd "$stage/builtin" && WINEDLLOVERRIDES="d3d9=b" wine ./d3d9_bench.exe --frames 3 --warmup 1 draws) >/dev/null 2>&1 || true
sleep 5
status=0
for round in $(seq 1 "$rounds"); do
  for impl in ddivk builtin; do
    override=n; [ "$impl" = builtin ] && override=b
    echo "== bench: round $round: $impl ($frames frames per scenario)"
    (cd "$stage/$impl" && WINEDLLOVERRIDES="d3d9=$override" wine ./d3d9_bench.exe --frames "$frames") \
      >"$stage/$impl.$round.txt" 2>&1 || { cat "$stage/$impl.$round.txt"; echo "== bench: the $impl run failed"; status=1; break 2; }
  done
  # The plain Vulkan program runs natively on the first Vulkan device; its failure leaves the
  # Wine columns standing.
  echo "== bench: round $round: plain Vulkan ($frames frames per scenario)"
  "$plain" --frames "$frames" >"$stage/plain.$round.txt" 2>&1 ||
    { cat "$stage/plain.$round.txt"; echo "== bench: *** the plain Vulkan run failed ***"; }
done
wineserver -k || true
exit $status
SH
xvfb-run -a bash "$stage/run.sh" "$(cd "$stage" && pwd)" "$frames" "$rounds" "$(cd "$native" && pwd)/$plain_target" || exit 1

python3 - "$stage" "$rounds" <<'PY'
import re, statistics, sys
stage, rounds = sys.argv[1], int(sys.argv[2])
def parse(path):
    try:
        text = open(path, errors="replace").read()
    except OSError:
        return {}
    return {m[1]: (float(m[2]), m[3], m[4], int(m[5]))
            for m in re.finditer(r"^(\w+)\s+([\d.]+) (\S+) checksum=([0-9a-f]+) lit=(\d+)", text, re.M)}
runs = [{impl: parse(f"{stage}/{impl}.{r}.txt") for impl in ("ddivk", "builtin", "plain")}
        for r in range(1, rounds + 1)]
plain_scenarios = {"draws", "instancing", "state_churn"}  # queries has no plain Vulkan side
def spread(values, digits):
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"
status, plain_bad = 0, []
print(f"medians of {rounds} rounds (each ratio taken within its round; ranges in brackets)")
print(f"{'scenario':<12} {'unit':<12} {'ddivk':>10} {'builtin':>10} {'ours/builtin':>18} {'plain vk':>10} "
      f"{'ours/plain':>18}  {'checksums':<10} plain checksum")
for name in ["draws", "instancing", "queries", "state_churn"]:
    missing = [impl for run in runs for impl in ("ddivk", "builtin") if name not in run[impl]]
    if missing:
        print(f"{name:<12} MISSING in {missing[0]} output"); status = 1; continue
    ours = [run["ddivk"][name] for run in runs]
    builtin = [run["builtin"][name] for run in runs]
    agree = all(o[2] == b[2] and o[3] == b[3] and o[3] > 0 for o, b in zip(ours, builtin))
    if not agree: status = 1
    ratios = [o[0] / b[0] if b[0] else float("inf") for o, b in zip(ours, builtin)]
    rate, fraction, verdict = "-", "-", "-"
    if name in plain_scenarios:
        plain = [run["plain"].get(name) for run in runs]
        if None in plain:
            rate, verdict = "FAILED", "*** MISSING ***"
        else:
            rate = f"{statistics.median(p[0] for p in plain):.0f}"
            fraction = spread([o[0] / p[0] if p[0] else float("inf") for o, p in zip(ours, plain)], 2)
            same = all(p[2] == o[2] and p[3] == o[3] for o, p in zip(ours, plain))
            verdict = "agree" if same else f"*** MISMATCH *** ({plain[0][2]} lit {plain[0][3]})"
        if verdict != "agree": plain_bad.append(name)
    print(f"{name:<12} {ours[0][1]:<12} {statistics.median(o[0] for o in ours):>10.0f} "
          f"{statistics.median(b[0] for b in builtin):>10.0f} {spread(ratios, 2):>18} {rate:>10} {fraction:>18}  "
          + (f"{'agree':<10}" if agree else f"*** MISMATCH *** ({ours[0][2]} lit {ours[0][3]} vs {builtin[0][2]} lit {builtin[0][3]})")
          + f" {verdict}")
if status:
    print("== bench: FAILED: the implementations disagree (or a scenario is missing): see the rows above", file=sys.stderr)
if plain_bad:
    print(f"== bench: FAILED: the plain Vulkan program disagrees with ddivk or did not run on: {', '.join(plain_bad)}",
          file=sys.stderr)
    status = 1
sys.exit(status)
PY
