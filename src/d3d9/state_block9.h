// IDirect3DStateBlock9: a state block of the device's state cache and of the driver, both named
// by one handle the device chooses (DP2 STATESET's dwParam). Each operation runs on the
// device's state_ first (it answers the Get methods and rejects what the driver would), then is
// recorded as a STATESET token so the driver does the same. Like D3D9's, a block keeps the
// objects it holds alive (buffers, and textures, shaders and declarations once they register
// in the device's ObjectRegistry).
#pragma once

#include <cstdint>
#include <vector>

#include "d3d9/device_child.h"
#include "d3d9/object_registry.h"

namespace ddivk::d3d9 {

class Device9;

class StateBlock9 final : public DeviceChild<IDirect3DStateBlock9> {
  public:
    // `handle`: a block the device's state_ and the driver hold already.
    StateBlock9(Device9& device, uint32_t handle);
    ~StateBlock9() override; // deletes the block in state_ and in the driver

    HRESULT STDMETHODCALLTYPE Capture() override;
    HRESULT STDMETHODCALLTYPE Apply() override;

  private:
    // Takes references on the objects the block's values name, dropping the old ones.
    void holdCapturedObjects();

    Device9& device_;
    uint32_t handle_;
    std::vector<ObjectRegistry::Hold> held_;
};

} // namespace ddivk::d3d9
