// IDirect3DVertexShader9 and IDirect3DPixelShader9: a shader object of the driver's UMD state
// door (CreateVertexShaderFunc / CreatePixelShader), made and deleted on the device's worker in
// the order of the program's calls, and the program's bytecode kept for GetFunction.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "d3d9/device_child.h"
#include "d3d9/object_registry.h"

namespace ddivk::d3d9 {

class Device9;

// The DWORDs of a shader token stream up to and including its end token; 0 when the first token
// is no vertex or pixel shader version, or no end token comes within the longest stream D3D9
// allows. The API gives no size: the stream is walked as the runtime walks it.
size_t shaderTokenCount(const DWORD* code);

template <class Interface> class Shader9 final : public DeviceChild<Interface> {
  public:
    static constexpr ObjectKind kKind = std::is_same_v<Interface, IDirect3DVertexShader9>
                                            ? ObjectKind::VertexShader
                                            : ObjectKind::PixelShader;
    // `handle`: the driver's object, which the shader deletes when it goes.
    Shader9(Device9& device, IDirect3DDevice9Ex* iface, uint32_t handle, std::vector<DWORD> code)
        : DeviceChild<Interface>(iface, false), owner_(device), handle_(handle), code_(std::move(code)),
          registration_(registryOf(device), kKind, handle, this) {}
    ~Shader9() override;

    // D3D9: a null `data` asks for the size in bytes; a buffer too small is D3DERR_INVALIDCALL.
    HRESULT STDMETHODCALLTYPE GetFunction(void* data, UINT* size) override;

    uint32_t handle() const { return handle_; }
    const std::vector<DWORD>& code() const { return code_; }

  private:
    Device9& owner_;
    uint32_t handle_;
    std::vector<DWORD> code_;
    Registration<Shader9> registration_; // last: leaves the registry first
};

using VertexShader9 = Shader9<IDirect3DVertexShader9>;
using PixelShader9 = Shader9<IDirect3DPixelShader9>;

} // namespace ddivk::d3d9
