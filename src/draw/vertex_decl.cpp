#include "draw/vertex_decl.h"

#include <set>
#include <utility>

#include "ddivk/fvf.h"

namespace ddivk::draw {

namespace {

// D3DDECLTYPE page of the SDK: sizes and how each type expands to four components.
// *SCALED formats read integers as floats, as UBYTE4/SHORT2/SHORT4 do in D3D9.
constexpr DeclTypeInfo kTypes[] = {
    {"FLOAT1", 4, 1, VK_FORMAT_R32_SFLOAT, false},
    {"FLOAT2", 8, 2, VK_FORMAT_R32G32_SFLOAT, false},
    {"FLOAT3", 12, 3, VK_FORMAT_R32G32B32_SFLOAT, false},
    {"FLOAT4", 16, 4, VK_FORMAT_R32G32B32A32_SFLOAT, false},
    // Bytes B, G, R, A in memory (0xAARRGGBB little-endian): BGRA reads them as r, g, b, a.
    {"D3DCOLOR", 4, 4, VK_FORMAT_B8G8R8A8_UNORM, false},
    {"UBYTE4", 4, 4, VK_FORMAT_R8G8B8A8_USCALED, false},
    {"SHORT2", 4, 2, VK_FORMAT_R16G16_SSCALED, false},
    {"SHORT4", 8, 4, VK_FORMAT_R16G16B16A16_SSCALED, false},
    {"UBYTE4N", 4, 4, VK_FORMAT_R8G8B8A8_UNORM, false},
    {"SHORT2N", 4, 2, VK_FORMAT_R16G16_SNORM, false},
    {"SHORT4N", 8, 4, VK_FORMAT_R16G16B16A16_SNORM, false},
    {"USHORT2N", 4, 2, VK_FORMAT_R16G16_UNORM, false},
    {"USHORT4N", 8, 4, VK_FORMAT_R16G16B16A16_UNORM, false},
    // x in bits 0-9, y 10-19, z 20-29: the A2B10G10R10 packing; w is 1 in D3D9.
    {"UDEC3", 4, 3, VK_FORMAT_A2B10G10R10_USCALED_PACK32, true},
    {"DEC3N", 4, 3, VK_FORMAT_A2B10G10R10_SNORM_PACK32, true},
    {"FLOAT16_2", 4, 2, VK_FORMAT_R16G16_SFLOAT, false},
    {"FLOAT16_4", 8, 4, VK_FORMAT_R16G16B16A16_SFLOAT, false},
};

D3DVERTEXELEMENT9 element(uint16_t offset, uint8_t type, uint8_t usage, uint8_t index = 0) {
    return {0, offset, type, D3DDECLMETHOD_DEFAULT, usage, index};
}

} // namespace

const DeclTypeInfo* declTypeInfo(uint8_t type) {
    return type < std::size(kTypes) ? &kTypes[type] : nullptr;
}

std::optional<std::vector<D3DVERTEXELEMENT9>> declarationFromFvf(uint32_t fvf) {
    std::vector<D3DVERTEXELEMENT9> d;
    uint16_t offset = 0;
    auto add = [&](uint8_t type, uint8_t usage, uint8_t index = 0) {
        d.push_back(element(offset, type, usage, index));
        offset = uint16_t(offset + kTypes[type].size);
    };
    const uint32_t position = fvf & D3DFVF_POSITION_MASK;
    const uint32_t lastBeta = fvf & (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR);
    if (lastBeta == (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR)) return std::nullopt;
    int betas = 0;
    switch (position) {
    case 0: break;
    case D3DFVF_XYZ: add(D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION); break;
    case D3DFVF_XYZRHW: add(D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_POSITIONT); break;
    case D3DFVF_XYZW: add(D3DDECLTYPE_FLOAT4, D3DDECLUSAGE_POSITION); break;
    case D3DFVF_XYZB1:
    case D3DFVF_XYZB2:
    case D3DFVF_XYZB3:
    case D3DFVF_XYZB4:
    case D3DFVF_XYZB5:
        add(D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_POSITION);
        betas = int((position - D3DFVF_XYZRHW) / 2); // B1 = 0x6 ... B5 = 0xE
        break;
    default: return std::nullopt;
    }
    if (lastBeta && betas == 0) return std::nullopt;
    // With a LASTBETA flag the last beta holds the blend indices; the others are weights.
    const int weights = lastBeta ? betas - 1 : betas;
    if (weights > 4) return std::nullopt; // XYZB5 needs a LASTBETA flag
    if (weights > 0) add(uint8_t(D3DDECLTYPE_FLOAT1 + weights - 1), D3DDECLUSAGE_BLENDWEIGHT);
    if (lastBeta)
        add(lastBeta == D3DFVF_LASTBETA_UBYTE4 ? D3DDECLTYPE_UBYTE4 : D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_BLENDINDICES);
    if (fvf & D3DFVF_NORMAL) add(D3DDECLTYPE_FLOAT3, D3DDECLUSAGE_NORMAL);
    if (fvf & D3DFVF_PSIZE) add(D3DDECLTYPE_FLOAT1, D3DDECLUSAGE_PSIZE);
    if (fvf & D3DFVF_DIFFUSE) add(D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR, 0);
    if (fvf & D3DFVF_SPECULAR) add(D3DDECLTYPE_D3DCOLOR, D3DDECLUSAGE_COLOR, 1);
    const uint32_t sets = fvfTexCount(fvf);
    if (sets > 8) return std::nullopt;
    for (uint32_t set = 0; set < sets; ++set) {
        // Two bits per set: 0 two floats, 1 three, 2 four, 3 one.
        static constexpr uint8_t kSetType[4] = {D3DDECLTYPE_FLOAT2, D3DDECLTYPE_FLOAT3, D3DDECLTYPE_FLOAT4,
                                                D3DDECLTYPE_FLOAT1};
        add(kSetType[(fvf >> (16 + 2 * set)) & 3], D3DDECLUSAGE_TEXCOORD, uint8_t(set));
    }
    return d;
}

uint32_t attributeAlignment(uint8_t type) {
    const DeclTypeInfo* info = declTypeInfo(type);
    if (!info) return 0;
    // UDEC3 and DEC3N are the packed A2B10G10R10 formats; the others have equal components.
    return info->wIsOne ? info->size : info->size / info->components;
}

std::optional<DeclError> validateDeclaration(std::span<const D3DVERTEXELEMENT9> elements) {
    std::set<std::pair<uint8_t, uint8_t>> semantics;
    for (size_t i = 0; i < elements.size(); ++i) {
        const D3DVERTEXELEMENT9& e = elements[i];
        if (e.Stream == kDeclEndStream) return std::nullopt;
        if (e.Stream >= 16) return DeclError{i, "stream index above 15"};
        const DeclTypeInfo* type = declTypeInfo(e.Type);
        if (!type) return DeclError{i, "not a D3DDECLTYPE"};
        if (e.Offset % 4) return DeclError{i, "offset not a multiple of 4"};
        if (e.Method > D3DDECLMETHOD_LOOKUPPRESAMPLED) return DeclError{i, "not a D3DDECLMETHOD"};
        if (e.Usage > D3DDECLUSAGE_SAMPLE) return DeclError{i, "not a D3DDECLUSAGE"};
        if (e.UsageIndex > 15) return DeclError{i, "usage index above 15"};
        if (!semantics.emplace(e.Usage, e.UsageIndex).second) return DeclError{i, "usage and index used twice"};
    }
    return DeclError{elements.size(), "no end marker (D3DDECL_END)"};
}

} // namespace ddivk::draw
