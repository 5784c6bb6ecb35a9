// Flexible vertex format (FVF) codes, d3d9types.h values, and the vertex size of an FVF.
#pragma once

#include <cstdint>

namespace ddivk {

constexpr uint32_t D3DFVF_RESERVED0 = 0x0001;
constexpr uint32_t D3DFVF_POSITION_MASK = 0x400E;
constexpr uint32_t D3DFVF_XYZ = 0x0002;
constexpr uint32_t D3DFVF_XYZRHW = 0x0004;
constexpr uint32_t D3DFVF_XYZB1 = 0x0006;
constexpr uint32_t D3DFVF_XYZB2 = 0x0008;
constexpr uint32_t D3DFVF_XYZB3 = 0x000A;
constexpr uint32_t D3DFVF_XYZB4 = 0x000C;
constexpr uint32_t D3DFVF_XYZB5 = 0x000E;
constexpr uint32_t D3DFVF_XYZW = 0x4002;
constexpr uint32_t D3DFVF_NORMAL = 0x0010;
constexpr uint32_t D3DFVF_PSIZE = 0x0020;
constexpr uint32_t D3DFVF_DIFFUSE = 0x0040;
constexpr uint32_t D3DFVF_SPECULAR = 0x0080;
constexpr uint32_t D3DFVF_TEXCOUNT_MASK = 0x0F00;
constexpr uint32_t D3DFVF_TEXCOUNT_SHIFT = 8;
constexpr uint32_t D3DFVF_TEX0 = 0x0000;
constexpr uint32_t D3DFVF_TEX1 = 0x0100;
constexpr uint32_t D3DFVF_TEX2 = 0x0200;
constexpr uint32_t D3DFVF_TEX3 = 0x0300;
constexpr uint32_t D3DFVF_TEX4 = 0x0400;
constexpr uint32_t D3DFVF_TEX5 = 0x0500;
constexpr uint32_t D3DFVF_TEX6 = 0x0600;
constexpr uint32_t D3DFVF_TEX7 = 0x0700;
constexpr uint32_t D3DFVF_TEX8 = 0x0800;
constexpr uint32_t D3DFVF_LASTBETA_UBYTE4 = 0x1000;
constexpr uint32_t D3DFVF_LASTBETA_D3DCOLOR = 0x8000;
constexpr uint32_t D3DFVF_RESERVED2 = 0x6000; // overlaps the XYZW bit, as in the SDK header
constexpr uint32_t D3DFVF_FOG = 0x2000;       // d3dhal.h (DX9 DDK): vertex fog in the FVF

// Texture coordinate set sizes: two bits per set, from bit 16.
constexpr uint32_t D3DFVF_TEXTUREFORMAT1 = 3;
constexpr uint32_t D3DFVF_TEXTUREFORMAT2 = 0;
constexpr uint32_t D3DFVF_TEXTUREFORMAT3 = 1;
constexpr uint32_t D3DFVF_TEXTUREFORMAT4 = 2;
constexpr uint32_t D3DFVF_TEXCOORDSIZE1(uint32_t set) {
    return D3DFVF_TEXTUREFORMAT1 << (set * 2 + 16);
}
constexpr uint32_t D3DFVF_TEXCOORDSIZE2(uint32_t) {
    return D3DFVF_TEXTUREFORMAT2;
}
constexpr uint32_t D3DFVF_TEXCOORDSIZE3(uint32_t set) {
    return D3DFVF_TEXTUREFORMAT3 << (set * 2 + 16);
}
constexpr uint32_t D3DFVF_TEXCOORDSIZE4(uint32_t set) {
    return D3DFVF_TEXTUREFORMAT4 << (set * 2 + 16);
}

// Number of texture coordinate sets (0..15 as encoded; valid FVFs have at most 8).
constexpr uint32_t fvfTexCount(uint32_t fvf) {
    return (fvf & D3DFVF_TEXCOUNT_MASK) >> D3DFVF_TEXCOUNT_SHIFT;
}

// Floats in texture coordinate set `set` (1..4).
constexpr uint32_t fvfTexCoordFloats(uint32_t fvf, uint32_t set) {
    switch ((fvf >> (set * 2 + 16)) & 3u) {
    case D3DFVF_TEXTUREFORMAT1:
        return 1;
    case D3DFVF_TEXTUREFORMAT3:
        return 3;
    case D3DFVF_TEXTUREFORMAT4:
        return 4;
    default:
        return 2;
    }
}

// Bytes of the position part, or UINT32_MAX for an encoding that names no position type
// (the XYZW bit with anything but XYZ).
constexpr uint32_t fvfPositionSize(uint32_t fvf) {
    switch (fvf & D3DFVF_POSITION_MASK) {
    case 0:
        return 0;
    case D3DFVF_XYZ:
        return 12;
    case D3DFVF_XYZRHW:
        return 16;
    case D3DFVF_XYZB1:
        return 16;
    case D3DFVF_XYZB2:
        return 20;
    case D3DFVF_XYZB3:
        return 24;
    case D3DFVF_XYZB4:
        return 28;
    case D3DFVF_XYZB5:
        return 32;
    case D3DFVF_XYZW:
        return 16;
    default:
        return UINT32_MAX;
    }
}

// Size in bytes of one vertex of format `fvf`; 0 when the FVF is malformed (a position field
// with no meaning, or more than 8 texture coordinate sets).
constexpr uint32_t fvfVertexSize(uint32_t fvf) {
    const uint32_t position = fvfPositionSize(fvf);
    const uint32_t texCount = fvfTexCount(fvf);
    if (position == UINT32_MAX || texCount > 8) return 0;
    uint32_t size = position;
    if (fvf & D3DFVF_NORMAL) size += 12;
    if (fvf & D3DFVF_PSIZE) size += 4;
    if (fvf & D3DFVF_DIFFUSE) size += 4;
    if (fvf & D3DFVF_SPECULAR) size += 4;
    for (uint32_t set = 0; set < texCount; ++set)
        size += 4 * fvfTexCoordFloats(fvf, set);
    return size;
}

static_assert(fvfVertexSize(D3DFVF_XYZRHW | D3DFVF_DIFFUSE) == 20);
static_assert(fvfVertexSize(D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR | D3DFVF_TEX1) == 32);
static_assert(fvfVertexSize(D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX2 | D3DFVF_TEXCOORDSIZE3(1)) == 44);
static_assert(fvfVertexSize(D3DFVF_XYZB5 | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE1(0)) == 36);
static_assert(fvfVertexSize(0x4004) == 0);

} // namespace ddivk
