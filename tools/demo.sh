#!/usr/bin/env bash
# Installs what is missing (tools/setup.sh), builds ddivk and runs the demo: a scene drawn
# through the DP2 door on the first Vulkan device, its last frame written to out/ddivk-demo.png.
# Then, where Wine, Xvfb and MinGW are installed, the D3D9 demo through our d3d9.dll under Wine
# (tools/demo_d3d9.sh: out/ddivk-d3d9-demo.png); without them it says why it was skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
if [ -d build/main ]; then meson setup --reconfigure build/main >/dev/null
else meson setup build/main >/dev/null; fi
meson compile -C build/main ddivk-demo ddivk-info
mkdir -p out
./build/main/tools/ddivk-demo --png out/ddivk-demo.png "$@"
bash tools/demo_d3d9.sh
