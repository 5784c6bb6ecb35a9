// The maximum frame latency (IDirect3DDevice9Ex::SetMaximumFrameLatency; 3, D3D9's default, for
// every device): an internal event query ends each presented frame's work, and Present returns
// only once no more frames than the latency are unfinished on the GPU, so a program cannot run
// further ahead of what is shown than D3D9 lets it.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

namespace ddivk::d3d9 {

// Called with the device lock held, before the frame's Present is posted: the marker is issued
// after the frame's draws, in the command buffer the Present submits. Null when there is none.
ddivk::HANDLE Device9::markFrameEnd() {
    const auto* door = ddivk_umd_query_functions();
    const auto device = reinterpret_cast<ddivk::HANDLE>(context_);
    ddivk::HANDLE marker = nullptr;
    if (!spareFrameMarkers_.empty()) {
        marker = spareFrameMarkers_.back();
        spareFrameMarkers_.pop_back();
    } else {
        ddivk::D3DDDIARG_CREATEQUERY args{};
        args.QueryType = ddivk::D3DQUERYTYPE_EVENT;
        ddivk::HRESULT hr = E_FAIL;
        stream_->call([&] { hr = door->pfnCreateQuery(device, &args); });
        if (hr != S_OK) {
            DDIVK_WARN_ONCE("d3d9: no event query for the frame latency: frames are not throttled");
            return nullptr;
        }
        marker = args.hQuery;
    }
    ddivk::D3DDDIARG_ISSUEQUERY issue{};
    issue.hQuery = marker;
    issue.Flags.Value = ddivk::D3DDDI_ISSUEQUERY_END;
    stream_->post([door, device, issue] {
        ddivk::D3DDDIARG_ISSUEQUERY a = issue;
        if (door->pfnIssueQuery(device, &a) != S_OK) DDIVK_ERROR("d3d9: the driver refused a frame marker");
    });
    return marker;
}

bool Device9::frameSlotFree() {
    while (!framesInFlight_.empty()) {
        const FrameMarker& oldest = framesInFlight_.front();
        if (!stream_->executed(oldest.position) ||
            ddivk_umd_query_get_data(context_, oldest.query, nullptr, 0, 0) == S_FALSE)
            break;
        spareFrameMarkers_.push_back(oldest.query);
        framesInFlight_.pop_front();
    }
    return framesInFlight_.size() < maximumFrameLatency_;
}

// Called after the Present's flush with the frame's marker: waits for the oldest frames until
// at most the latency are in flight.
void Device9::throttleFrames(ddivk::HANDLE marker) {
    if (marker) framesInFlight_.push_back({marker, stream_->handedOver()});
    while (framesInFlight_.size() > maximumFrameLatency_) {
        const FrameMarker oldest = framesInFlight_.front();
        framesInFlight_.pop_front();
        // The worker has issued the marker and submitted its frame ...
        stream_->waitUntilExecuted(oldest.position);
        // ... and the GPU finishes it (the Present submitted it). S_FALSE until then; an error
        // (device loss) ends the wait.
        while (ddivk_umd_query_get_data(context_, oldest.query, nullptr, 0, 0) == S_FALSE)
            Sleep(1);
        spareFrameMarkers_.push_back(oldest.query);
    }
}

} // namespace ddivk::d3d9
