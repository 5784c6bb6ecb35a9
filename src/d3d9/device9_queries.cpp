// IDirect3DDevice9::CreateQuery on the driver's UMD query door (query9.h).
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/query9.h"

namespace ddivk::d3d9 {

// "CreateQuery: D3D_OK, or D3DERR_NOTAVAILABLE / E_OUTOFMEMORY"; a null output only asks
// whether the type is supported. The driver answers both (types it cannot measure are not
// available, never made-up data).
HRESULT STDMETHODCALLTYPE Device9::CreateQuery(D3DQUERYTYPE type, IDirect3DQuery9** query) {
    auto guard = lock();
    const auto* door = ddivk_umd_query_functions();
    const auto device = reinterpret_cast<ddivk::HANDLE>(context_);
    ddivk::D3DDDIARG_CREATEQUERY args{};
    args.QueryType = static_cast<ddivk::D3DQUERYTYPE>(type);
    ddivk::HRESULT hr = D3DERR_NOTAVAILABLE;
    stream_->call([&] {
        hr = door->pfnCreateQuery(device, &args);
        if (hr == S_OK && !query) door->pfnDestroyQuery(device, args.hQuery);
    });
    if (hr == E_OUTOFMEMORY) return E_OUTOFMEMORY;
    if (hr != S_OK) return D3DERR_NOTAVAILABLE; // an unknown value is unsupported too
    if (query) *query = new Query9(*this, type, args.hQuery);
    return D3D_OK;
}

} // namespace ddivk::d3d9
