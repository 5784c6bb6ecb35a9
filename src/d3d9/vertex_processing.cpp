// Driver headers before <d3d9.h>: ddivk/fvf.h first (its FVF constants are the driver's).
#include "ddivk/fvf.h"

#include "d3d9/vertex_processing.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ddivk::d3d9 {

std::vector<VertexField> fvfFields(uint32_t fvf) {
    const uint32_t positionSize = ddivk::fvfPositionSize(fvf);
    if (ddivk::fvfVertexSize(fvf) == 0 || positionSize == 0) return {};
    std::vector<VertexField> fields;
    uint32_t offset = 0;
    auto add = [&](uint8_t type, uint8_t usage, uint8_t index, uint32_t size) {
        fields.push_back({0, offset, type, usage, index});
        offset += size;
    };
    const uint32_t position = fvf & D3DFVF_POSITION_MASK;
    if (position == D3DFVF_XYZRHW)
        add(::D3DDECLTYPE_FLOAT4, ::D3DDECLUSAGE_POSITIONT, 0, 16);
    else if (position == D3DFVF_XYZW)
        add(::D3DDECLTYPE_FLOAT4, ::D3DDECLUSAGE_POSITION, 0, 16);
    else
        add(::D3DDECLTYPE_FLOAT3, ::D3DDECLUSAGE_POSITION, 0, 12);
    // XYZB1..5: 1..5 floats after xyz; with a LASTBETA flag the last of them holds the four blend
    // indices. Blending reads at most four weights (3 with indices); a fifth is skipped.
    if (position >= D3DFVF_XYZB1 && position <= D3DFVF_XYZB5) {
        uint32_t betas = (position - D3DFVF_XYZB1) / 2 + 1;
        const bool indexed = fvf & (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR);
        const uint32_t weights = indexed ? betas - 1 : betas;
        if (weights)
            add(static_cast<uint8_t>(::D3DDECLTYPE_FLOAT1 + std::min(weights, 4u) - 1),
                ::D3DDECLUSAGE_BLENDWEIGHT, 0, 4 * weights);
        if (indexed)
            add((fvf & D3DFVF_LASTBETA_UBYTE4) ? ::D3DDECLTYPE_UBYTE4 : ::D3DDECLTYPE_D3DCOLOR,
                ::D3DDECLUSAGE_BLENDINDICES, 0, 4);
    }
    if (fvf & D3DFVF_NORMAL) add(::D3DDECLTYPE_FLOAT3, ::D3DDECLUSAGE_NORMAL, 0, 12);
    if (fvf & D3DFVF_PSIZE) add(::D3DDECLTYPE_FLOAT1, ::D3DDECLUSAGE_PSIZE, 0, 4);
    if (fvf & D3DFVF_DIFFUSE) add(::D3DDECLTYPE_D3DCOLOR, ::D3DDECLUSAGE_COLOR, 0, 4);
    if (fvf & D3DFVF_SPECULAR) add(::D3DDECLTYPE_D3DCOLOR, ::D3DDECLUSAGE_COLOR, 1, 4);
    for (uint32_t set = 0; set < ddivk::fvfTexCount(fvf); ++set) {
        const uint32_t floats = ddivk::fvfTexCoordFloats(fvf, set);
        add(static_cast<uint8_t>(::D3DDECLTYPE_FLOAT1 + floats - 1), ::D3DDECLUSAGE_TEXCOORD, uint8_t(set),
            4 * floats);
    }
    return fields;
}

std::vector<VertexField> declarationFields(const D3DVERTEXELEMENT9* elements, unsigned count) {
    std::vector<VertexField> fields;
    for (unsigned i = 0; i < count && elements[i].Stream != 0xFF; ++i)
        fields.push_back({elements[i].Stream, elements[i].Offset, elements[i].Type, elements[i].Usage,
                          elements[i].UsageIndex});
    return fields;
}

std::optional<VertexField> findField(const std::vector<VertexField>& fields, uint8_t usage, uint8_t index) {
    for (const VertexField& f : fields)
        if (f.usage == usage && f.usageIndex == index) return f;
    return std::nullopt;
}

uint32_t readableFieldSize(uint8_t type) {
    if (type <= ::D3DDECLTYPE_FLOAT4) return 4 * (type + 1u);
    return type == ::D3DDECLTYPE_D3DCOLOR || type == ::D3DDECLTYPE_UBYTE4 ? 4 : 0;
}

ProjectedVertex project(const ScreenTransform& t, const float p[3]) {
    float clip[4];
    for (int c = 0; c < 4; ++c)
        clip[c] = p[0] * t.m[0][c] + p[1] * t.m[1][c] + p[2] * t.m[2][c] + t.m[3][c];
    return fromClip(clip);
}

ProjectedVertex fromClip(const float clip[4]) {
    ProjectedVertex v{};
    std::memcpy(v.clip, clip, sizeof v.clip);
    const float x = v.clip[0], y = v.clip[1], z = v.clip[2], w = v.clip[3];
    if (x < -w) v.clipCode |= D3DCS_LEFT;
    if (x > w) v.clipCode |= D3DCS_RIGHT;
    if (y > w) v.clipCode |= D3DCS_TOP;
    if (y < -w) v.clipCode |= D3DCS_BOTTOM;
    if (z < 0.0f) v.clipCode |= D3DCS_FRONT;
    if (z > w) v.clipCode |= D3DCS_BACK;
    return v;
}

void processedPosition(const ScreenTransform& t, const ProjectedVertex& v, bool clipping, float out[4]) {
    if (clipping && v.clipCode)
        std::memcpy(out, v.clip, sizeof v.clip);
    else
        toScreen(t, v, out);
}

DWORD packColour(const float c[4]) {
    auto byte = [](float v) { return DWORD(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
    return byte(c[3]) << 24 | byte(c[0]) << 16 | byte(c[1]) << 8 | byte(c[2]);
}

namespace {

// NaN counts as 0, as Vulkan's conversions to normalized integers take it.
int64_t roundedClamped(float v, float low, float high) {
    return std::llround(std::clamp(std::isnan(v) ? 0.0f : v, low, high));
}

// IEEE binary16 of a float, rounded to the nearest even; overflow is infinity.
uint16_t toHalf(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof bits);
    const uint16_t sign = uint16_t((bits >> 16) & 0x8000);
    const uint32_t exponent = (bits >> 23) & 0xFF, mantissa = bits & 0x7FFFFF;
    if (exponent == 0xFF) return uint16_t(sign | 0x7C00 | (mantissa ? 0x200 : 0)); // inf, NaN
    const int e = int(exponent) - 127 + 15;
    if (e >= 31) return uint16_t(sign | 0x7C00);
    if (e <= 0) {
        // Subnormal half (or zero): the value in units of 2^-24, rounded to the nearest even.
        if (e < -10) return sign;
        const uint32_t full = mantissa | 0x800000;
        const int shift = 14 - e;
        uint32_t half = full >> shift;
        const uint32_t rest = full & ((1u << shift) - 1), halfway = 1u << (shift - 1);
        if (rest > halfway || (rest == halfway && (half & 1))) ++half;
        return uint16_t(sign | half);
    }
    uint32_t half = (uint32_t(e) << 10) | (mantissa >> 13);
    const uint32_t rest = mantissa & 0x1FFF;
    if (rest > 0x1000 || (rest == 0x1000 && (half & 1))) ++half; // may carry into the exponent
    return uint16_t(sign | half);
}

template <typename T> void store(uint8_t* out, int index, T value) {
    std::memcpy(out + index * sizeof(T), &value, sizeof(T));
}

} // namespace

uint32_t packField(uint8_t type, const float v[4], uint8_t* out) {
    switch (type) {
    case ::D3DDECLTYPE_FLOAT1:
    case ::D3DDECLTYPE_FLOAT2:
    case ::D3DDECLTYPE_FLOAT3:
    case ::D3DDECLTYPE_FLOAT4:
        std::memcpy(out, v, 4u * (type + 1));
        return 4u * (type + 1);
    case ::D3DDECLTYPE_D3DCOLOR:
        store(out, 0, uint32_t(packColour(v)));
        return 4;
    case ::D3DDECLTYPE_UBYTE4:
    case ::D3DDECLTYPE_UBYTE4N:
        for (int c = 0; c < 4; ++c)
            out[c] = uint8_t(type == ::D3DDECLTYPE_UBYTE4 ? roundedClamped(v[c], 0, 255)
                                                          : roundedClamped(v[c] * 255.0f, 0, 255));
        return 4;
    case ::D3DDECLTYPE_SHORT2:
    case ::D3DDECLTYPE_SHORT4:
    case ::D3DDECLTYPE_SHORT2N:
    case ::D3DDECLTYPE_SHORT4N: {
        const int n = type == ::D3DDECLTYPE_SHORT2 || type == ::D3DDECLTYPE_SHORT2N ? 2 : 4;
        const bool normalized = type == ::D3DDECLTYPE_SHORT2N || type == ::D3DDECLTYPE_SHORT4N;
        for (int c = 0; c < n; ++c)
            store(out, c,
                  int16_t(normalized ? roundedClamped(std::clamp(v[c], -1.0f, 1.0f) * 32767.0f, -32767, 32767)
                                     : roundedClamped(v[c], -32768, 32767)));
        return 2u * n;
    }
    case ::D3DDECLTYPE_USHORT2N:
    case ::D3DDECLTYPE_USHORT4N: {
        const int n = type == ::D3DDECLTYPE_USHORT2N ? 2 : 4;
        for (int c = 0; c < n; ++c)
            store(out, c, uint16_t(roundedClamped(std::clamp(v[c], 0.0f, 1.0f) * 65535.0f, 0, 65535)));
        return 2u * n;
    }
    case ::D3DDECLTYPE_UDEC3:
    case ::D3DDECLTYPE_DEC3N: {
        uint32_t packed = 0;
        for (int c = 0; c < 3; ++c) {
            const int64_t value = type == ::D3DDECLTYPE_UDEC3
                                      ? roundedClamped(v[c], 0, 1023)
                                      : roundedClamped(std::clamp(v[c], -1.0f, 1.0f) * 511.0f, -511, 511);
            packed |= (uint32_t(value) & 0x3FF) << (10 * c);
        }
        store(out, 0, packed);
        return 4;
    }
    case ::D3DDECLTYPE_FLOAT16_2:
    case ::D3DDECLTYPE_FLOAT16_4: {
        const int n = type == ::D3DDECLTYPE_FLOAT16_2 ? 2 : 4;
        for (int c = 0; c < n; ++c)
            store(out, c, toHalf(v[c]));
        return 2u * n;
    }
    default:
        return 0;
    }
}

void toScreen(const ScreenTransform& t, const ProjectedVertex& v, float out[4]) {
    const float rhw = 1.0f / v.clip[3];
    out[0] = t.x + (1.0f + v.clip[0] * rhw) * t.width * 0.5f;
    out[1] = t.y + (1.0f - v.clip[1] * rhw) * t.height * 0.5f;
    out[2] = t.minZ + v.clip[2] * rhw * (t.maxZ - t.minZ);
    out[3] = rhw;
}

} // namespace ddivk::d3d9
