// Stream output through the D3D10 door (include/ddivk/d3d10_stream_output.h): SoSetTargets and
// the device's stream-output declaration, each checked whole before anything changes.
#include <array>
#include <cstdint>

#include "ddivk/d3d10_stream_output.h"
#include "device/d3d10_door.h"
#include "device/stream_output.h"

using namespace ddivk;

namespace {

void DDIVK_APIENTRY soSetTargets(D3D10DDI_HDEVICE h, uint32_t numTargets, uint32_t clearTargets,
                                 const D3D10DDI_HRESOURCE* resources, const uint32_t* offsets) {
    device::callD3D10(h, "SoSetTargets", [&](device::Device& d) -> HRESULT {
        device::StreamOutput* so = d.streamOutput();
        if (!so) return DXGI_DDI_ERR_UNSUPPORTED;
        constexpr uint32_t kSlots = device::StreamOutput::kSlots;
        if (numTargets > kSlots || clearTargets > kSlots - numTargets) return E_INVALIDARG;
        if (numTargets && (!resources || !offsets)) return E_INVALIDARG;
        std::array<device::Resource*, kSlots> targets{};
        for (uint32_t i = 0; i < numTargets; ++i) {
            const auto value = reinterpret_cast<uintptr_t>(resources[i].pDrvPrivate);
            if (value == 0) continue; // unbinds the slot
            // UMD handles are 32-bit numbers: a wider value names nothing.
            device::Resource* r = value > UINT32_MAX ? nullptr : d.findResource(uint32_t(value));
            const bool aligned = offsets[i] == D3D10_DDI_SO_APPEND_OFFSET || offsets[i] % 4 == 0;
            if (!r || !r->isBuffer() || !aligned) return E_INVALIDARG;
            for (uint32_t j = 0; j < i; ++j)
                if (targets[j] == r) return E_INVALIDARG; // one buffer in two slots
            targets[i] = r;
        }
        for (uint32_t i = 0; i < numTargets + clearTargets; ++i)
            so->setTarget(i, targets[i], i < numTargets ? offsets[i] : 0, d.commands());
        return S_OK;
    });
}

void DDIVK_APIENTRY setStreamOutputDeclaration(D3D10DDI_HDEVICE h,
                                               const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY* entries,
                                               uint32_t count, const uint32_t* strides, uint32_t strideCount) {
    device::callD3D10(h, "SetStreamOutputDeclaration", [&](device::Device& d) -> HRESULT {
        device::StreamOutput* so = d.streamOutput();
        if (!so) return DXGI_DDI_ERR_UNSUPPORTED;
        device::StreamOutputDeclaration declaration;
        HRESULT hr = device::buildStreamOutputDeclaration(entries, count, strides, strideCount,
                                                          d.vulkan().caps(), &declaration);
        if (hr == S_OK) so->setDeclaration(declaration);
        return hr;
    });
}

constexpr DDIVK_D3D10DDI_STREAMOUTPUTFUNCS kFunctions = {
    soSetTargets,               // pfnSoSetTargets               -> StreamOutput::setTarget
    setStreamOutputDeclaration, // pfnSetStreamOutputDeclaration -> StreamOutput::setDeclaration
};

} // namespace

extern "C" const DDIVK_D3D10DDI_STREAMOUTPUTFUNCS* ddivk_d3d10_stream_output_functions(void) {
    return &kFunctions;
}
