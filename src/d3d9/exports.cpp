// The exports of d3d9.dll (d3d9.def): Direct3DCreate9(Ex), the D3DPERF_* markers that PIX
// listens to, and the two undocumented entry points programs import.
#include <memory>

#include "d3d9/direct3d9.h"
#include "d3d9/shader_validator9.h"
#include "util/log.h"
#include "util/sync.h"
#include "vk/error.h"

namespace ddivk::d3d9 {
namespace {

// Direct3D 9.0c's D3D_SDK_VERSION is 32; programs built with 9.0b pass 31, and d3d9.h's
// D3D_DEBUG_INFO sets the top bit to ask for the debug runtime.
bool sdkVersionSupported(UINT version) {
    const UINT v = version & 0x7fffffffu;
    return v == 32 || v == 31;
}

// One Vulkan instance and adapter list for every IDirect3D9 alive in the process.
std::shared_ptr<AdapterList> adapters() {
    static util::Mutex mutex;
    static std::weak_ptr<AdapterList> shared;
    std::lock_guard lock(mutex);
    if (auto list = shared.lock()) return list;
    try {
        auto list = AdapterList::create();
        if (list->size() == 0) {
            DDIVK_ERROR("d3d9: no Vulkan device ddivk can drive");
            return nullptr;
        }
        shared = list;
        return list;
    } catch (const vk::Error& e) {
        DDIVK_ERROR("d3d9: Vulkan is not available: %s", e.what());
        return nullptr;
    }
}

// The PIX event nesting level (D3DPERF_BeginEvent / EndEvent).
std::atomic<int> g_eventLevel{0};

} // namespace
} // namespace ddivk::d3d9

using namespace ddivk::d3d9;

extern "C" {

IDirect3D9* WINAPI Direct3DCreate9(UINT sdkVersion) {
    if (!sdkVersionSupported(sdkVersion)) {
        DDIVK_ERROR("d3d9: Direct3DCreate9 with SDK version %u (expected 32)", sdkVersion);
        return nullptr;
    }
    auto list = adapters();
    return list ? new Direct3D9(std::move(list), false) : nullptr;
}

HRESULT WINAPI Direct3DCreate9Ex(UINT sdkVersion, IDirect3D9Ex** object) {
    if (!object) return D3DERR_INVALIDCALL;
    *object = nullptr;
    if (!sdkVersionSupported(sdkVersion)) {
        DDIVK_ERROR("d3d9: Direct3DCreate9Ex with SDK version %u (expected 32)", sdkVersion);
        return D3DERR_NOTAVAILABLE;
    }
    auto list = adapters();
    if (!list) return D3DERR_NOTAVAILABLE;
    *object = new Direct3D9(std::move(list), true);
    return D3D_OK;
}

// "Returns the zero-based level of the hierarchy that this event is starting in".
int WINAPI D3DPERF_BeginEvent(D3DCOLOR, const WCHAR*) {
    return g_eventLevel.fetch_add(1, std::memory_order_relaxed);
}

// "The level of the hierarchy in which the event is ending. If an error occurs, the return
// value will be negative": an end without a begin.
int WINAPI D3DPERF_EndEvent() {
    int level = g_eventLevel.load(std::memory_order_relaxed);
    while (level > 0 && !g_eventLevel.compare_exchange_weak(level, level - 1, std::memory_order_relaxed)) {
    }
    return level > 0 ? level - 1 : -1;
}

// No profiler is attached: markers and regions go nowhere, no frame is repeated.
void WINAPI D3DPERF_SetMarker(D3DCOLOR, const WCHAR*) {}
void WINAPI D3DPERF_SetRegion(D3DCOLOR, const WCHAR*) {}
WINBOOL WINAPI D3DPERF_QueryRepeatFrame() {
    return FALSE;
}
void WINAPI D3DPERF_SetOptions(DWORD) {}
DWORD WINAPI D3DPERF_GetStatus() {
    return 0;
}

// Undocumented: d3dx9's assembler asks it for a shader validator (shader_validator9.h). NULL
// only when out of memory.
void* WINAPI Direct3DShaderValidatorCreate9() {
    return ddivk::d3d9::ShaderValidator9::create();
}

// Undocumented compatibility shim of Windows' d3d9 for maximized windowed mode: nothing to do
// under Wine; the call is accepted and ignored.
int WINAPI Direct3D9EnableMaximizedWindowedModeShim(BOOL) {
    return 0;
}

} // extern "C"
