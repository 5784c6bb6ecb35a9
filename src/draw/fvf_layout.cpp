#include "draw/fvf_layout.h"

#include "ddivk/fvf.h"

namespace ddivk::draw {

std::optional<PretransformedLayout> pretransformedLayout(uint32_t fvf) {
    if ((fvf & D3DFVF_POSITION_MASK) != D3DFVF_XYZRHW) return std::nullopt;
    uint32_t size = fvfVertexSize(fvf);
    if (size == 0 || size > 0xFFFF) return std::nullopt;
    PretransformedLayout layout;
    layout.stride = size;
    uint32_t at = 16; // x, y, z, rhw
    if (fvf & D3DFVF_NORMAL) at += 12;
    if (fvf & D3DFVF_PSIZE) at += 4;
    if (fvf & D3DFVF_DIFFUSE) {
        layout.diffuseOffset = uint8_t(at);
        at += 4;
    }
    if (fvf & D3DFVF_SPECULAR) layout.specularOffset = uint8_t(at);
    return layout;
}

} // namespace ddivk::draw
