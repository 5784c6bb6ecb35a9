#!/usr/bin/env bash
# Installs what is missing (tools/setup.sh), builds ddivk and runs the whole test suite:
#   1. the main build, warnings as errors, every test with the Vulkan validation layer on;
#   2. the same tests under AddressSanitizer + UndefinedBehaviorSanitizer (unoptimised);
#   3. each libFuzzer target for a bounded time (DDIVK_FUZZ_SECONDS, default 45: the five targets
#      and everything else fit CI's hour, which the last full run filled to within 15 s).
# Ends with one line "N passed, N failed" counting the test cases of all runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh

jobs=$(nproc)
results=build/test-results
rm -rf "$results" && mkdir -p "$results"

setup() { # setup DIR ARGS...: configure once, reconfigure when it exists
  local dir=$1; shift
  if [ -d "$dir" ]; then meson setup --reconfigure "$dir" "$@" >/dev/null
  else meson setup "$dir" "$@" >/dev/null; fi
}

run_suite() { # run_suite NAME BUILDDIR
  local name=$1 dir=$2
  echo "== $name: building"
  meson compile -C "$dir" -j "$jobs"
  echo "== $name: testing"
  GTEST_OUTPUT="xml:$PWD/$results/$name/" meson test -C "$dir" --print-errorlogs --num-processes 1 \
    || status=1
}

status=0
setup build/main -Dwerror=true
run_suite main build/main

# The sanitizer options come from tests/meson.build. Unoptimised: the sanitizers find the same
# faults, and the build takes a third of the CPU time of -O2 (CI's clean build) while the tests
# run only about a minute longer.
setup build/sanitize -Dwerror=true -Db_sanitize=address,undefined -Db_lundef=false -Dbench=false -Dbuildtype=debug
run_suite sanitize build/sanitize

if [ -f tests/fuzz/meson.build ]; then
  # Every library is instrumented for coverage, so the device fuzzer is guided through them too.
  CC=clang CXX=clang++ setup build/fuzz -Dfuzzers=true -Dtests=false -Dbench=false -Db_lundef=false \
    -Db_sanitize=address,undefined -Dcpp_args=-fsanitize=fuzzer-no-link
  echo "== fuzz: building"
  meson compile -C build/fuzz -j "$jobs"
  python3 tools/run_fuzzers.py build/fuzz "$results/fuzz" "${DDIVK_FUZZ_SECONDS:-45}" || status=1
fi

# d3d9.dll under Wine (docs/d3d9-dll.md), where MinGW and Wine are installed.
if command -v x86_64-w64-mingw32-g++-posix >/dev/null && command -v wine >/dev/null; then
  bash tools/wine_tests.sh "$results" || status=1
fi

python3 tools/summarize_tests.py "$results" || status=1
exit $status
