// IDirect3DDevice9: a swap chain's surfaces and their rotation at Present. D3D9 chains of several
// back buffers are a queue: after a Present back buffer i holds what i + 1 held (Wine's test_flip
// records Windows doing so), and a FLIP chain's last back buffer takes the front buffer's frame.
// The surface objects the program holds, bound render targets among them, stay; only the driver
// surfaces under them move, so a Present costs no copy.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/present_parameters.h"
#include "d3d9/surface9.h"

#include <algorithm>

namespace ddivk::d3d9 {

HRESULT Device9::createBackBuffers(const D3DPRESENT_PARAMETERS& p, std::vector<Surface9*>& ring) {
    std::vector<Surface9*> made;
    for (uint32_t i = 0; i < swapChainSurfaces(p); ++i) {
        Surface9* s = nullptr;
        if (HRESULT hr =
                createDriverSurface(p.BackBufferWidth, p.BackBufferHeight, p.BackBufferFormat,
                                    D3DUSAGE_RENDERTARGET, true, &s, p.MultiSampleType, p.MultiSampleQuality);
            FAILED(hr)) {
            for (Surface9* m : made)
                delete m;
            return hr;
        }
        if (p.Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER) s->setLockable();
        made.push_back(s);
    }
    ring = std::move(made);
    return D3D_OK;
}

void Device9::rotateBackBuffers(const std::vector<Surface9*>& ring) {
    if (ring.size() < 2) return;
    // A lock (or a DC) out on one of them names its driver surface until it ends: the contents
    // stay where they are for this Present.
    if (std::any_of(ring.begin(), ring.end(), [](const Surface9* s) { return s->isLocked(); })) {
        DDIVK_WARN_ONCE("d3d9: Present with a back buffer locked: the back buffers are not rotated");
        return;
    }
    Surface9::rotateDriverSurfaces(ring);
    for (DWORD i = 0; i < renderTargets_.size(); ++i) {
        Surface9* bound = renderTargets_[i].get();
        if (!bound || std::find(ring.begin(), ring.end(), bound) == ring.end()) continue;
        state_.setRenderTarget(i, bound->handle());
        recordRenderTarget(i);
    }
}

} // namespace ddivk::d3d9
