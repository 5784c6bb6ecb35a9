#include "draw/state_mapping.h"

#include "ddivk/d3d9_enums.h"

namespace ddivk::draw {
namespace {

template <class T, size_t N> std::optional<T> lookup(const T (&table)[N], uint32_t value, uint32_t first) {
    if (value < first || value - first >= N) return std::nullopt;
    return table[value - first];
}

// Indexed from D3DCMP_NEVER (1).
constexpr VkCompareOp kCompareOps[] = {
    VK_COMPARE_OP_NEVER,
    VK_COMPARE_OP_LESS,
    VK_COMPARE_OP_EQUAL,
    VK_COMPARE_OP_LESS_OR_EQUAL,
    VK_COMPARE_OP_GREATER,
    VK_COMPARE_OP_NOT_EQUAL,
    VK_COMPARE_OP_GREATER_OR_EQUAL,
    VK_COMPARE_OP_ALWAYS,
};

// Indexed from D3DBLEND_ZERO (1).
constexpr VkBlendFactor kBlendFactors[] = {
    VK_BLEND_FACTOR_ZERO,                     // ZERO
    VK_BLEND_FACTOR_ONE,                      // ONE
    VK_BLEND_FACTOR_SRC_COLOR,                // SRCCOLOR
    VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR,      // INVSRCCOLOR
    VK_BLEND_FACTOR_SRC_ALPHA,                // SRCALPHA
    VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,      // INVSRCALPHA
    VK_BLEND_FACTOR_DST_ALPHA,                // DESTALPHA
    VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA,      // INVDESTALPHA
    VK_BLEND_FACTOR_DST_COLOR,                // DESTCOLOR
    VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR,      // INVDESTCOLOR
    VK_BLEND_FACTOR_SRC_ALPHA_SATURATE,       // SRCALPHASAT
    VK_BLEND_FACTOR_SRC_ALPHA,                // BOTHSRCALPHA (source side)
    VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,      // BOTHINVSRCALPHA (source side)
    VK_BLEND_FACTOR_CONSTANT_COLOR,           // BLENDFACTOR
    VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR, // INVBLENDFACTOR
    VK_BLEND_FACTOR_SRC1_COLOR,               // SRCCOLOR2
    VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR,     // INVSRCCOLOR2
};

// Indexed from D3DBLENDOP_ADD (1).
constexpr VkBlendOp kBlendOps[] = {
    VK_BLEND_OP_ADD, VK_BLEND_OP_SUBTRACT, VK_BLEND_OP_REVERSE_SUBTRACT, VK_BLEND_OP_MIN, VK_BLEND_OP_MAX,
};

// Indexed from D3DSTENCILOP_KEEP (1). D3D9's INCRSAT/DECRSAT clamp to 0..255, INCR/DECR wrap.
constexpr VkStencilOp kStencilOps[] = {
    VK_STENCIL_OP_KEEP,                // KEEP
    VK_STENCIL_OP_ZERO,                // ZERO
    VK_STENCIL_OP_REPLACE,             // REPLACE
    VK_STENCIL_OP_INCREMENT_AND_CLAMP, // INCRSAT
    VK_STENCIL_OP_DECREMENT_AND_CLAMP, // DECRSAT
    VK_STENCIL_OP_INVERT,              // INVERT
    VK_STENCIL_OP_INCREMENT_AND_WRAP,  // INCR
    VK_STENCIL_OP_DECREMENT_AND_WRAP,  // DECR
};

// Indexed from D3DFILL_POINT (1).
constexpr VkPolygonMode kPolygonModes[] = {
    VK_POLYGON_MODE_POINT, // POINT
    VK_POLYGON_MODE_LINE,  // WIREFRAME
    VK_POLYGON_MODE_FILL,  // SOLID
};

} // namespace

std::optional<VkCompareOp> toVkCompareOp(uint32_t v) {
    return lookup(kCompareOps, v, D3DCMP_NEVER);
}
std::optional<VkBlendFactor> toVkBlendFactor(uint32_t v) {
    return lookup(kBlendFactors, v, D3DBLEND_ZERO);
}
std::optional<VkBlendOp> toVkBlendOp(uint32_t v) {
    return lookup(kBlendOps, v, D3DBLENDOP_ADD);
}
std::optional<VkStencilOp> toVkStencilOp(uint32_t v) {
    return lookup(kStencilOps, v, D3DSTENCILOP_KEEP);
}
std::optional<VkPolygonMode> toVkPolygonMode(uint32_t v) {
    return lookup(kPolygonModes, v, D3DFILL_POINT);
}

// D3D and the Vulkan framebuffer both have y pointing down, and Vulkan's winding is taken in
// framebuffer coordinates, so a triangle that is clockwise on screen is VK_FRONT_FACE_CLOCKWISE.
// D3DCULL_CCW (the default) removes counter-clockwise triangles: with clockwise front faces,
// those are the back faces.
VkCullModeFlags toVkCullMode(uint32_t d3dCull) {
    switch (d3dCull) {
    case D3DCULL_CW:
        return VK_CULL_MODE_FRONT_BIT;
    case D3DCULL_CCW:
        return VK_CULL_MODE_BACK_BIT;
    default:
        return VK_CULL_MODE_NONE;
    }
}

} // namespace ddivk::draw
