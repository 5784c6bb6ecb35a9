#!/usr/bin/env bash
# Runs a folder made by tools/pack_native_tests.sh (copied there as run.sh):
#   bash DIR/run.sh [LOGS]        (logs, GoogleTest XML included: LOGS, default /tmp/ddivk-logs)
# Every test with the validation layer on, 8 at a time (TESTS=0 skips them), then the
# benchmarks when BENCH=1, with the layer off.
# Prints one line per test and the failed cases; exits 1 when any failed. The Vulkan driver
# is the system's (VK_ICD_FILENAMES chooses another: docs/vulkan.md, "NVIDIA, headless").
# Root is needed once where /usr/bin/spirv-val is missing (the tests run that path), and
# util's KnownOptions test reads the sources at the path they were built from (link the
# checkout there, e.g. /work/main, or it fails).
set -uo pipefail
pack=$(cd "$(dirname "$0")" && pwd)
logs=$(mkdir -p "${1:-/tmp/ddivk-logs}" && cd "${1:-/tmp/ddivk-logs}" && pwd)
export LD_LIBRARY_PATH=$pack/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export VK_LAYER_PATH=$pack/layers
export DDIVK_VALIDATION=1 DDIVK_LOG_LEVEL=warn DDIVK_PIPELINE_CACHE=off DDIVK_REPLAY_EXE=$pack/bin/ddivk-replay
[ -e /usr/bin/spirv-val ] || ln -s "$pack/bin/spirv-val" /usr/bin/spirv-val || echo "no /usr/bin/spirv-val"
"$pack/bin/ddivk-info" >"$logs/info.txt" 2>&1 || { cat "$logs/info.txt"; exit 1; }
grep -E '^(device|driver|vulkan):' "$logs/info.txt"

run_one() { # NAME TIMEOUT env [VAR=VALUE...] PROGRAM [ARGS...]
  local name=$1 limit=$2 start=$SECONDS; shift 3
  local vars=()
  while [[ $1 == *=* ]]; do vars+=("$1"); shift; done
  local program=$1; shift
  (cd "$pack/work" && env "${vars[@]}" GTEST_OUTPUT="xml:$logs/$name.xml" \
    timeout "$limit" "$pack/bin/$program" "$@") >"$logs/$name.log" 2>&1
  local rc=$?
  echo "$name rc=$rc $((SECONDS - start))s $(grep -E '^\[  (PASSED|FAILED|SKIPPED) *\] [0-9]' "$logs/$name.log" | tr '\n' ' ')"
  return $rc
}
export -f run_one
export pack logs
status=0
if [ "${TESTS:-1}" = 1 ]; then
  xargs -P 8 -L 1 bash -c 'run_one "$@"' _ <"$pack/tests.txt" || status=1
  echo "== failed cases"
  grep -h -E '^\[  FAILED  \] [A-Za-z].*\([0-9]+ ms\)$' "$logs"/*.log | sort -u
fi

if [ "${BENCH:-0}" = 1 ]; then
  echo "== benchmarks (validation off)"
  export -n DDIVK_VALIDATION
  "$pack/bin/ddivk-bench" --benchmark_min_time=0.3 2>&1 | tee "$logs/ddivk-bench.txt" | grep -E '^BM_|^Benchmark'
  "$pack/bin/d3d9-plain-vulkan-bench" --frames 300 draws instancing state_churn 2>&1 | tee "$logs/plain.txt"
fi
exit $status
