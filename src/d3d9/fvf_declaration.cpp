#include "d3d9/fvf_declaration.h"

#include "ddivk/fvf.h"
#include "draw/vertex_decl.h"

namespace ddivk::d3d9 {
namespace {

ddivk::D3DVERTEXELEMENT9 endMarker() {
    ddivk::D3DVERTEXELEMENT9 e{};
    e.Stream = 0xFF;
    e.Type = D3DDECLTYPE_UNUSED;
    return e;
}

} // namespace

std::optional<std::vector<ddivk::D3DVERTEXELEMENT9>> runtimeDeclarationOfFvf(uint32_t fvf) {
    const uint32_t position = fvf & D3DFVF_POSITION_MASK;
    const uint32_t lastBeta = fvf & (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR);
    std::optional<std::vector<ddivk::D3DVERTEXELEMENT9>> d;
    if (position == D3DFVF_XYZB5 && !lastBeta) {
        // As XYZB4 (position, FLOAT4 weights), then the fifth beta at 28: the rest move on 4.
        d = draw::declarationFromFvf((fvf & ~D3DFVF_POSITION_MASK) | D3DFVF_XYZB4);
        if (!d) return std::nullopt;
        for (size_t i = 2; i < d->size(); ++i)
            (*d)[i].Offset = uint16_t((*d)[i].Offset + 4);
        ddivk::D3DVERTEXELEMENT9 indices{};
        indices.Offset = 28;
        indices.Type = D3DDECLTYPE_FLOAT1;
        indices.Usage = D3DDECLUSAGE_BLENDINDICES;
        d->insert(d->begin() + 2, indices);
    } else {
        d = draw::declarationFromFvf(fvf);
        if (!d) return std::nullopt;
        if (position == D3DFVF_XYZB2 && lastBeta == D3DFVF_LASTBETA_D3DCOLOR) {
            (*d)[1].Type = D3DDECLTYPE_D3DCOLOR; // the weight, 4 bytes as FLOAT1 was
            (*d)[2].Type = D3DDECLTYPE_UBYTE4;   // the indices
        }
    }
    d->push_back(endMarker());
    return d;
}

uint32_t runtimeFvfOfDeclaration(std::span<const ddivk::D3DVERTEXELEMENT9> elements) {
    size_t count = 0;
    while (count < elements.size() && elements[count].Stream != 0xFF)
        ++count;
    if (count != 1) return 0;
    const ddivk::D3DVERTEXELEMENT9& e = elements[0];
    if (e.Stream != 0 || e.Offset != 0 || e.Method != D3DDECLMETHOD_DEFAULT || e.UsageIndex != 0) return 0;
    if (e.Usage == D3DDECLUSAGE_POSITION && e.Type == D3DDECLTYPE_FLOAT3) return D3DFVF_XYZ;
    if (e.Usage == D3DDECLUSAGE_POSITIONT && e.Type == D3DDECLTYPE_FLOAT4) return D3DFVF_XYZRHW;
    return 0;
}

} // namespace ddivk::d3d9
