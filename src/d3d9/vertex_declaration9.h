// IDirect3DVertexDeclaration9: a vertex declaration of the driver's UMD state door
// (CreateVertexShaderDecl), deleted on the device's worker in call order, with the program's
// elements kept for GetDeclaration.
#pragma once

#include <cstdint>
#include <vector>

#include "d3d9/device_child.h"
#include "d3d9/object_registry.h"

namespace ddivk::d3d9 {

class Device9;

// The elements of a declaration before its D3DDECL_END (a stream of 0xFF); -1 when no end
// marker comes within MAXD3DDECLLENGTH elements.
int declarationLength(const D3DVERTEXELEMENT9* elements);

class VertexDeclaration9 final : public DeviceChild<IDirect3DVertexDeclaration9> {
  public:
    // `elements` include the end marker; `handle`: the driver's object, deleted with this one.
    VertexDeclaration9(Device9& device, IDirect3DDevice9Ex* iface, uint32_t handle,
                       std::vector<D3DVERTEXELEMENT9> elements)
        : DeviceChild(iface, false), owner_(device), handle_(handle), elements_(std::move(elements)),
          registration_(registryOf(device), ObjectKind::VertexDeclaration, handle, this) {}
    ~VertexDeclaration9() override;

    // D3D9: a null `elements` asks for the count, end marker included.
    HRESULT STDMETHODCALLTYPE GetDeclaration(D3DVERTEXELEMENT9* elements, UINT* count) override;

    uint32_t handle() const { return handle_; }
    const std::vector<D3DVERTEXELEMENT9>& elements() const { return elements_; } // end marker included

  private:
    Device9& owner_;
    uint32_t handle_;
    std::vector<D3DVERTEXELEMENT9> elements_;
    Registration<VertexDeclaration9> registration_; // last: leaves the registry first
};

} // namespace ddivk::d3d9
