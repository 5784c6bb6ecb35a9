#!/usr/bin/env bash
# Packs the native test suite and benchmarks of a build into one folder that runs on another
# Linux x86-64 machine with a Vulkan driver and no build tools (a lent GPU machine, say):
#   tools/pack_native_tests.sh [DIR]        (default build/native-pack)
# DIR/bin holds the stripped test, tool and benchmark programs and spirv-val, DIR/lib the
# Vulkan loader, Google Benchmark and the validation layer (DIR/layers its manifest), and
# DIR/tests.txt the suite as meson registered it. There, `bash DIR/run.sh` runs it all (see
# that script). Build folder: DDIVK_NATIVE_BUILD (build/main), built first.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${DDIVK_NATIVE_BUILD:-build/main}
dir=${1:-build/native-pack}
ninja -C "$build" >/dev/null
rm -rf "$dir" && mkdir -p "$dir/bin" "$dir/lib" "$dir/layers" "$dir/work/tools"

# One line per test: name, timeout, the environment meson adds beyond the common variables,
# the program's file name and its arguments.
meson introspect "$build" --tests | python3 -c '
import json, os, sys
common = {"DDIVK_VALIDATION", "DDIVK_LOG_LEVEL", "DDIVK_PIPELINE_CACHE", "DDIVK_REPLAY_EXE"}
for t in json.load(sys.stdin):
    env = " ".join(f"{k}={v}" for k, v in sorted(t["env"].items()) if k not in common)
    args = " ".join(t["cmd"][1:])
    # (no trailing blank: xargs -L would join the next line)
    print(" ".join(w for w in [t["name"], str(t["timeout"]), "env", env, os.path.basename(t["cmd"][0]), args] if w))
' >"$dir/tests.txt"

for exe in $(meson introspect "$build" --tests | python3 -c '
import json, sys
print("\n".join(sorted({t["cmd"][0] for t in json.load(sys.stdin)})))') \
  "$build/tools/ddivk-replay" "$build/tools/ddivk-info" "$build/bench/ddivk-bench" \
  "$build/bench/plain_vulkan_d3d9/d3d9-plain-vulkan-bench"; do
  [ -f "$exe" ] && strip -o "$dir/bin/$(basename "$exe")" "$exe"
done
ln -s ../../bin/ddivk-replay "$dir/work/tools/ddivk-replay" # capture-replay-cli's argument
cp "$(command -v spirv-val)" "$dir/bin/"
lib=/usr/lib/x86_64-linux-gnu
cp -L "$lib/libvulkan.so.1" "$lib/libbenchmark.so.1debian" "$dir/lib/"
strip -o "$dir/lib/libVkLayer_khronos_validation.so" "$lib/libVkLayer_khronos_validation.so"
cp /usr/share/vulkan/explicit_layer.d/VkLayer_khronos_validation.json "$dir/layers/"
cp tools/run_native_tests.sh "$dir/run.sh"
echo "packed $(du -sh "$dir" | cut -f1) into $dir"
