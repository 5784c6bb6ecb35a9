#!/usr/bin/env bash
# Installs, from Debian's packages, whatever ddivk needs to build, test and run its demo and is
# missing on this machine. Needs root (apt-get). Safe to run again: installs nothing twice.
set -euo pipefail

packages=(
  meson ninja-build pkg-config g++ clang
  libvulkan-dev libvulkan-volk-dev glslang-tools spirv-tools
  libgtest-dev libbenchmark-dev
  mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  # d3d9.dll for Wine (docs/d3d9-dll.md): MinGW cross compilers, Wine and a virtual X display for
  # its tests. (32-bit programs also need wine32:i386, after dpkg --add-architecture i386.)
  g++-mingw-w64-x86-64-posix g++-mingw-w64-i686-posix wine wine64 xvfb xauth
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
