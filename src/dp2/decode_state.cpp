// State opcodes with more than a plain array payload: SETLIGHT, CLEAR, UPDATEPALETTE,
// SETCONVOLUTIONKERNELMONO, and the response tokens (RENDERSTATE is inline in decoder.h).
#include "dp2/decoder.h"

namespace ddivk::dp2::detail {

// D3DDP2OP_SETLIGHT: wStateCount D3DHAL_DP2SETLIGHT, each followed by a D3DLIGHT7 when its
// dwDataType is D3DHAL_SETLIGHT_DATA. Another data type has no known size: invalid.
HRESULT setLight(Exec& exec, const Cmd& cmd, size_t& next) {
    Payload payload(exec, cmd);
    LightUpdate* lights = exec.arena.allocateArray<LightUpdate>(cmd.count);
    for (uint32_t i = 0; i < cmd.count; ++i) {
        D3DHAL_DP2SETLIGHT header;
        if (!payload.value(header)) return kTruncated;
        lights[i] = LightUpdate{header.dwIndex, header.dwDataType, nullptr};
        if (header.dwDataType == D3DHAL_SETLIGHT_DATA) {
            if (!payload.object(lights[i].light)) return kTruncated;
        } else if (header.dwDataType != D3DHAL_SETLIGHT_ENABLE &&
                   header.dwDataType != D3DHAL_SETLIGHT_DISABLE) {
            return kInvalid;
        }
    }
    next = payload.position();
    if (cmd.count == 0) return S_OK;
    return exec.target.setLight(Items<LightUpdate>(lights, cmd.count));
}

// D3DDP2OP_CLEAR: one D3DHAL_DP2CLEAR header (flags, color, depth, stencil) followed by
// wStateCount RECTs; no rects clears the whole target.
HRESULT clear(Exec& exec, const Cmd& cmd, size_t& next) {
    Payload payload(exec, cmd);
    ClearArgs args;
    if (!payload.value(args.flags) || !payload.value(args.fillColor) || !payload.value(args.fillDepth) ||
        !payload.value(args.fillStencil) || !payload.array(cmd.count, args.rects))
        return kTruncated;
    next = payload.position();
    return exec.target.clear(args);
}

// D3DDP2OP_UPDATEPALETTE: exactly one D3DHAL_DP2UPDATEPALETTE whatever wStateCount says, then
// wNumEntries DWORD entries.
HRESULT updatePalette(Exec& exec, const Cmd& cmd, size_t& next) {
    Payload payload(exec, cmd);
    D3DHAL_DP2UPDATEPALETTE header;
    PaletteUpdate update;
    if (!payload.value(header) || !payload.array(header.wNumEntries, update.entries)) return kTruncated;
    update.paletteHandle = header.dwPaletteHandle;
    update.startIndex = header.wStartIndex;
    next = payload.position();
    return exec.target.updatePalette(update);
}

// D3DDP2OP_SETCONVOLUTIONKERNELMONO: one struct, then dwWidth row weights and dwHeight column
// weights when the flags say so.
HRESULT setConvolutionKernelMono(Exec& exec, const Cmd& cmd, size_t& next) {
    Payload payload(exec, cmd);
    D3DHAL_DP2SETCONVOLUTIONKERNELMONO header;
    if (!payload.value(header)) return kTruncated;
    ConvolutionKernel kernel{header.dwWidth, header.dwHeight, header.dwFlags, {}, {}};
    if ((header.dwFlags & D3DHAL_ROW_WEIGHTS) && !payload.array(header.dwWidth, kernel.rowWeights))
        return kTruncated;
    if ((header.dwFlags & D3DHAL_COL_WEIGHTS) && !payload.array(header.dwHeight, kernel.columnWeights))
        return kTruncated;
    next = payload.position();
    return exec.target.setConvolutionKernelMono(kernel);
}

// D3DDP2OP_RESPONSEQUERY / RESPONSECONTINUE only appear in response buffers the driver writes.
HRESULT responseToken(Exec&, const Cmd&, size_t&) {
    return kInvalid;
}

} // namespace ddivk::dp2::detail
