// Where the attributes of a pre-transformed (D3DFVF_XYZRHW) FVF vertex lie: the layout the
// first-pixels pipeline reads. FVF order: position, [blend weights], [normal], [point size],
// [diffuse], [specular], texture coordinates.
#pragma once

#include <cstdint>
#include <optional>

namespace ddivk::draw {

struct PretransformedLayout {
    uint32_t stride = 0;          // bytes per vertex (the FVF's size)
    uint8_t diffuseOffset = 0xFF; // 0xFF: absent (kNoAttribute)
    uint8_t specularOffset = 0xFF;
};

// The layout of an XYZRHW FVF; nullopt for other position types or malformed codes.
std::optional<PretransformedLayout> pretransformedLayout(uint32_t fvf);

} // namespace ddivk::draw
