// IDirect3DDevice9::SetGammaRamp / GetGammaRamp: the ramp of the implicit swap chain, applied to
// what a full-screen device presents (D3DCAPS2_FULLSCREENGAMMA): the driver's present puts the
// back buffer through it, as a display's gamma table would (ddivk_swapchain_set_gamma). D3D9
// has no ramp for windowed devices, whose frames reach the desktop as rendered; the ramp is
// kept and answered there, and applied once the device goes full screen (Reset).
// D3DSGR_CALIBRATE asks for the calibrator, which "if not installed, the ramp is set without
// calibration": our caps claim none (no D3DCAPS2_CANCALIBRATEGAMMA), so the flag changes nothing.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/adapter.h"

namespace ddivk::d3d9 {
namespace {

bool isIdentity(const D3DGAMMARAMP& ramp) {
    for (WORD i = 0; i < 256; ++i) {
        const WORD same = WORD(i * 257); // entry i scaled to 16 bits
        if (ramp.red[i] != same || ramp.green[i] != same || ramp.blue[i] != same) return false;
    }
    return true;
}

} // namespace

void STDMETHODCALLTYPE Device9::SetGammaRamp(UINT swapchain, DWORD flags, const D3DGAMMARAMP* ramp) {
    (void)flags;
    if (swapchain != 0 || !ramp) return; // void: nothing to report, nothing changes
    auto guard = lock();
    gammaRamp_ = std::make_shared<const D3DGAMMARAMP>(*ramp);
}

void STDMETHODCALLTYPE Device9::GetGammaRamp(UINT swapchain, D3DGAMMARAMP* ramp) {
    if (swapchain != 0 || !ramp) return;
    auto guard = lock();
    if (gammaRamp_) {
        *ramp = *gammaRamp_;
        return;
    }
    for (WORD i = 0; i < 256; ++i)
        ramp->red[i] = ramp->green[i] = ramp->blue[i] = WORD(i * 257);
}

std::shared_ptr<const D3DGAMMARAMP> Device9::presentedGamma() const {
    if (!gammaRamp_ || creation_.present.Windowed || !creation_.adapter->caps.pushDescriptor) return nullptr;
    return isIdentity(*gammaRamp_) ? nullptr : gammaRamp_;
}

} // namespace ddivk::d3d9
