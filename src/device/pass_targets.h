// The attachments of one rendering pass: render targets 0..3 as colour attachments 0..3 (D3D9's
// multiple render targets) and the depth buffer. Draws and Clear choose them the same way
// (boundTargets), so a Clear and the draws after it share one pass.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

#include "device/surface.h"
#include "draw/pipeline_key.h"
#include "state/device_state.h"

namespace ddivk::device {

class Device;

struct PassTargets {
    // Colour attachment n (null: none there). A surface without an image (D3DFMT_NULL) sizes the
    // pass and attaches nothing.
    std::array<Surface*, draw::kColorAttachments> colors{};
    Surface* depth = nullptr;
    // The colour attachments through their sRGB views, where they have one
    // (D3DRS_SRGBWRITEENABLE).
    bool srgb = false;
    // The depth attachment in DEPTH_STENCIL_READ_ONLY_OPTIMAL, so that draws that write no depth
    // or stencil can also sample it (a depth texture read while it is the depth buffer).
    bool readOnlyDepth = false;

    bool operator==(const PassTargets&) const = default;
    bool empty() const {
        return !depth && !std::any_of(colors.begin(), colors.end(), [](Surface* s) { return s; });
    }
    bool holds(const Surface* s) const {
        return s && (depth == s || std::find(colors.begin(), colors.end(), s) != colors.end());
    }
    // Colour attachments with an image (a NULL render target has none).
    bool anyColorImage() const {
        return std::any_of(colors.begin(), colors.end(), [](Surface* s) { return s && s->hasImage(); });
    }
    // Bit n: colour attachment n is a gap, no image before a later attachment that has one.
    uint8_t colorGaps() const {
        uint8_t gaps = 0, seen = 0;
        for (uint32_t n = draw::kColorAttachments; n-- > 0;) {
            const bool image = colors[n] && colors[n]->hasImage();
            if (image)
                seen = 1;
            else if (seen)
                gaps |= uint8_t(1u << n);
        }
        return gaps;
    }
    // The view and format attachment n is drawn through (srgb applied); VK_FORMAT_UNDEFINED and
    // no view where nothing is attached.
    VkFormat colorFormat(uint32_t n) const {
        Surface* s = colors[n];
        if (!s || !s->hasImage()) return VK_FORMAT_UNDEFINED;
        return srgb && s->srgbView() ? s->srgbFormat() : s->vkFormat();
    }
    VkImageView colorView(uint32_t n) const {
        Surface* s = colors[n];
        if (!s || !s->hasImage()) return VK_NULL_HANDLE;
        return srgb && s->srgbView() ? s->srgbView() : s->view();
    }
    // The area every attachment covers (D3D9 wants targets of one size; a smaller depth buffer
    // also limits where it renders).
    VkExtent2D extent() const;
};

// The render targets and depth buffer bound in `state` that one pass can hold together: target
// 0; each other target with target 0's sample count, once (D3D9 leaves other pairings undefined
// and Vulkan forbids them: they are left out, with a warning once); the depth buffer as
// passDepth gives it. colors[0] is null when target 0 is (the caller refuses the draw).
PassTargets boundTargets(Device& device, const state::DeviceState& state);

// Takes the depth buffer out of `targets` for a draw under `state` that neither tests nor writes
// depth or stencil (D3DRS_ZENABLE and D3DRS_STENCILENABLE off), where the pass keeps its size
// without it (a smaller depth buffer also bounds a pass: extent()) and a colour target with an
// image remains. The depth buffer's contents stay for later passes. Only with the draw option
// unusedDepthOut: llvmpipe runs a pass faster without an unused depth buffer (measured, cause
// unknown), and elsewhere the pass break it costs when such draws follow depth-tested ones is
// not worth it.
void leaveUnusedDepthOut(const state::DeviceState& state, PassTargets& targets);

} // namespace ddivk::device
