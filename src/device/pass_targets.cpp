#include "device/pass_targets.h"

#include <algorithm>

#include "device/device.h"
#include "util/log.h"

namespace ddivk::device {

VkExtent2D PassTargets::extent() const {
    // Attachments with memory bound the area; a NULL target (none) only when nothing else is
    // bound: Windows draws a depth-only pass over the whole depth buffer past a smaller NULL
    // target (Wine's test_null_format).
    auto area = [&](bool imageless) {
        VkExtent2D e{UINT32_MAX, UINT32_MAX};
        auto within = [&](const Surface* s) {
            if (!s || (!imageless && !s->hasImage())) return;
            e.width = std::min(e.width, s->width());
            e.height = std::min(e.height, s->height());
        };
        for (const Surface* s : colors)
            within(s);
        within(depth);
        return e;
    };
    VkExtent2D e = area(false);
    if (e.width == UINT32_MAX) e = area(true);
    return e.width == UINT32_MAX ? VkExtent2D{0, 0} : e;
}

PassTargets boundTargets(Device& device, const state::DeviceState& state) {
    PassTargets t;
    Surface* first = device.findSurface(state.renderTargets[0]);
    t.colors[0] = first;
    for (uint32_t n = 1; n < draw::kColorAttachments; ++n) {
        if (!first || state.renderTargets[n] == 0) continue;
        Surface* s = device.findSurface(state.renderTargets[n]); // (null once destroyed)
        if (!s || std::find(t.colors.begin(), t.colors.begin() + n, s) != t.colors.begin() + n) continue;
        if (s->samples() != first->samples()) {
            DDIVK_WARN_ONCE(
                "render target %u has %u samples per pixel, target 0 %u: it is left out of the pass", n,
                s->samples(), first->samples());
            continue;
        }
        t.colors[n] = s;
    }
    t.depth = passDepth(first, device.findSurface(state.depthStencil));
    return t;
}

void leaveUnusedDepthOut(const state::DeviceState& state, PassTargets& targets) {
    const auto& rs = state.renderStates;
    if (!targets.depth || rs[D3DRS_ZENABLE] != D3DZB_FALSE || rs[D3DRS_STENCILENABLE] ||
        !targets.anyColorImage())
        return;
    PassTargets without = targets;
    without.depth = nullptr;
    without.readOnlyDepth = false;
    const VkExtent2D before = targets.extent(), after = without.extent();
    if (before.width == after.width && before.height == after.height) targets = without;
}

} // namespace ddivk::device
