// IDirect3DQuery9 on the driver's UMD query door. The door's GetQueryData never submits and
// ddivk_umd_query_get_data holds IDirect3DQuery9::GetData's rules (sizes, flags, states).
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/query9.h"

namespace ddivk::d3d9 {

Query9::Query9(Device9& device, D3DQUERYTYPE type, ddivk::HANDLE query)
    : DeviceChild(&device, false), device_(device), type_(type), query_(query),
      size_(ddivk_umd_query_data_size(device.context(), query)) {}

Query9::~Query9() {
    // After the work recorded before: the driver may still be measuring it.
    auto guard = device_.lock();
    const uintptr_t context = device_.context();
    ddivk::HANDLE query = query_;
    device_.stream().call([&] {
        ddivk_umd_query_functions()->pfnDestroyQuery(reinterpret_cast<ddivk::HANDLE>(context), query);
    });
}

// D3DISSUE_BEGIN / D3DISSUE_END. EVENT and TIMESTAMPFREQ take END only (D3D9's rule, the
// driver's too: d3d9_query_rules.h); TIMESTAMP ignores a BEGIN. Under D3D9's rules any other
// issue succeeds (a BEGIN while building restarts, an END without BEGIN is an empty bracket).
// So the issue is posted to the worker, between the draws recorded before and after it,
// without waiting.
HRESULT STDMETHODCALLTYPE Query9::Issue(DWORD flags) {
    if (flags & ~(D3DISSUE_BEGIN | D3DISSUE_END)) return D3DERR_INVALIDCALL;
    // A TIMESTAMP takes a BEGIN and ignores it (Wine's test_timestamp_query records Windows).
    if (type_ == ::D3DQUERYTYPE_TIMESTAMP) flags &= ~DWORD(D3DISSUE_BEGIN);
    if (flags == 0) return D3D_OK;
    const bool endOnly = type_ == ::D3DQUERYTYPE_EVENT || type_ == ::D3DQUERYTYPE_TIMESTAMPFREQ;
    if ((flags & D3DISSUE_BEGIN) && endOnly) return D3DERR_INVALIDCALL;
    ddivk::D3DDDIARG_ISSUEQUERY args{};
    args.hQuery = query_;
    // d3dumddi.h's bit fields: Begin is bit 0, End bit 1 (D3D9 has them the other way round).
    args.Flags.Value = ((flags & D3DISSUE_BEGIN) ? ddivk::D3DDDI_ISSUEQUERY_BEGIN : 0) |
                       ((flags & D3DISSUE_END) ? ddivk::D3DDDI_ISSUEQUERY_END : 0);
    auto guard = device_.lock();
    const uintptr_t context = device_.context();
    device_.stream().post([context, args] {
        ddivk::D3DDDIARG_ISSUEQUERY a = args;
        if (ddivk_umd_query_functions()->pfnIssueQuery(reinterpret_cast<ddivk::HANDLE>(context), &a) != S_OK)
            DDIVK_ERROR("d3d9: the driver refused a query issue the front end accepted");
    });
    issuePending_ = true;
    return D3D_OK;
}

// S_FALSE until the data is ready. The first GetData after an Issue waits until the worker has
// passed it (and the draws before it) to the driver; later polls do not wait. D3DGETDATA_FLUSH
// also asks the driver to submit.
HRESULT STDMETHODCALLTYPE Query9::GetData(void* data, DWORD size, DWORD flags) {
    auto guard = device_.lock();
    if (issuePending_) {
        device_.stream().finish();
        issuePending_ = false;
    } else if (flags & D3DGETDATA_FLUSH) {
        device_.stream().flush();
    }
    return ddivk_umd_query_get_data(device_.context(), query_, data, size, flags);
}

} // namespace ddivk::d3d9
