// Where D3D9 lets a draw or a clear touch the target: the viewport, narrowed by the scissor
// rectangle when D3DRS_SCISSORTESTENABLE is set, inside the attachment. Shared by the draw paths.
#pragma once

#include <volk.h>

#include <algorithm>
#include <cstdint>

#include "state/device_state.h"

namespace ddivk::device {

struct Rect {
    int32_t left, top, right, bottom;
    bool empty() const { return right <= left || bottom <= top; }
};

inline Rect intersect(Rect a, Rect b) {
    return {std::max(a.left, b.left), std::max(a.top, b.top), std::min(a.right, b.right),
            std::min(a.bottom, b.bottom)};
}

inline Rect viewportRect(const state::DeviceState& s) {
    const D3DVIEWPORT9& vp = s.viewport;
    auto clampAdd = [](uint32_t a, uint32_t b) {
        return int32_t(std::min<uint64_t>(uint64_t(a) + b, INT32_MAX));
    };
    return {int32_t(std::min<uint32_t>(vp.X, INT32_MAX)), int32_t(std::min<uint32_t>(vp.Y, INT32_MAX)),
            clampAdd(vp.X, vp.Width), clampAdd(vp.Y, vp.Height)};
}

inline Rect drawableArea(const state::DeviceState& s, uint32_t width, uint32_t height) {
    Rect r = intersect(viewportRect(s), {0, 0, int32_t(width), int32_t(height)});
    if (s.renderStates[D3DRS_SCISSORTESTENABLE]) {
        const D3DRECT& sc = s.scissorRect;
        r = intersect(r, {sc.x1, sc.y1, sc.x2, sc.y2});
    }
    return r;
}

inline VkRect2D toVkRect(Rect r) {
    if (r.empty()) return {{0, 0}, {0, 0}};
    return {{r.left, r.top}, {uint32_t(r.right - r.left), uint32_t(r.bottom - r.top)}};
}

} // namespace ddivk::device
