// IDirect3DDevice9::SetGammaRamp / GetGammaRamp: the ramp of each implicit swap chain is kept
// and answered back. It is not applied to the display: D3D9 applies ramps only where the caps
// say so (D3DCAPS2_FULLSCREENGAMMA, D3DCAPS2_CANCALIBRATEGAMMA), "no error return is given"
// otherwise, and ours claim neither (full-screen devices do not own the display here).
// D3DSGR_CALIBRATE asks for the calibrator, which "if not installed, the ramp is set without
// calibration": the flag changes nothing.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

namespace ddivk::d3d9 {

void STDMETHODCALLTYPE Device9::SetGammaRamp(UINT swapchain, DWORD flags, const D3DGAMMARAMP* ramp) {
    (void)flags;
    if (swapchain != 0 || !ramp) return; // void: nothing to report, nothing changes
    auto guard = lock();
    gammaRamp_ = *ramp;
    gammaRampSet_ = true;
}

void STDMETHODCALLTYPE Device9::GetGammaRamp(UINT swapchain, D3DGAMMARAMP* ramp) {
    if (swapchain != 0 || !ramp) return;
    auto guard = lock();
    if (gammaRampSet_) {
        *ramp = gammaRamp_;
        return;
    }
    // Until set, the identity: entry i maps to i scaled to 16 bits.
    for (WORD i = 0; i < 256; ++i)
        ramp->red[i] = ramp->green[i] = ramp->blue[i] = WORD(i * 257);
}

} // namespace ddivk::d3d9
