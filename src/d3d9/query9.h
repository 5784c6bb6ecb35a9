// IDirect3DQuery9: a query of the driver's UMD query door (include/ddivk/umd_query.h). The DP2
// door's queries are a separate namespace answered through RESPONSEQUERY tokens, so the front
// end uses the UMD door: Issue runs through the command stream's call(), after the draws
// recorded before it and before those recorded after it (docs/d3d9-dll.md, "Queries").
#pragma once

#include "ddivk/umd_query.h"

#include "d3d9/device_child.h"

namespace ddivk::d3d9 {

class Device9;

class Query9 final : public DeviceChild<IDirect3DQuery9> {
  public:
    // `query`: the door's handle (CreateQuery done); destroyed with this object.
    Query9(Device9& device, D3DQUERYTYPE type, ddivk::HANDLE query);
    ~Query9() override;

    D3DQUERYTYPE STDMETHODCALLTYPE GetType() override { return type_; }
    DWORD STDMETHODCALLTYPE GetDataSize() override { return size_; }
    HRESULT STDMETHODCALLTYPE Issue(DWORD flags) override;
    HRESULT STDMETHODCALLTYPE GetData(void* data, DWORD size, DWORD flags) override;

  private:
    Device9& device_;
    D3DQUERYTYPE type_;
    ddivk::HANDLE query_;
    DWORD size_;                // the type's data size (the driver's answer)
    bool issuePending_ = false; // an Issue posted to the worker that GetData has not waited for
};

} // namespace ddivk::d3d9
