// D3DPRIMITIVETYPE: vertex counts and Vulkan topologies.
#pragma once

#include <volk.h>

#include <cstdint>

#include "ddivk/d3d9_types.h"

namespace ddivk::draw {

// Vertices (or indices) that primitiveCount primitives of this type consume; 0 for an
// unknown type or no primitives.
constexpr uint64_t verticesForPrimitives(uint32_t type, uint64_t primitiveCount) {
    if (primitiveCount == 0) return 0;
    switch (type) {
    case D3DPT_POINTLIST:
        return primitiveCount;
    case D3DPT_LINELIST:
        return primitiveCount * 2;
    case D3DPT_LINESTRIP:
        return primitiveCount + 1;
    case D3DPT_TRIANGLELIST:
        return primitiveCount * 3;
    case D3DPT_TRIANGLESTRIP:
    case D3DPT_TRIANGLEFAN:
        return primitiveCount + 2;
    default:
        return 0;
    }
}

constexpr bool isValidPrimitiveType(uint32_t type) {
    return type >= D3DPT_POINTLIST && type <= D3DPT_TRIANGLEFAN;
}

constexpr VkPrimitiveTopology toVkTopology(uint32_t type) {
    switch (type) {
    case D3DPT_POINTLIST:
        return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
    case D3DPT_LINELIST:
        return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
    case D3DPT_LINESTRIP:
        return VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
    case D3DPT_TRIANGLESTRIP:
        return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
    case D3DPT_TRIANGLEFAN:
        return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN;
    default:
        return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    }
}

} // namespace ddivk::draw
