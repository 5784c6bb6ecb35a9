#include "device/d3d10_counters.h"

#include <algorithm>
#include <cstring>
#include <iterator>

#include "device/d3d10_door.h"
#include "query/query_types.h"

namespace ddivk::device {
namespace {

struct Description {
    D3D10DDI_QUERY counter;
    const char* name;
    const char* units;
    const char* description;
};
// One row per measurable counter of query::findD3D10Counter's table.
constexpr Description kDescriptions[] = {
    {D3D10DDI_COUNTER_GPU_IDLE, "GPU idle", "fraction of the bracket (0 to 1)",
     "Share of the counter's bracket during which the device's queue ran no command buffer, "
     "from timestamps at the start and end of every command buffer."},
};

// The length rules of one string (ID3D10Device::CheckCounter): no length pointer, not wanted;
// no string, only its length (with the NUL); both, the length given must leave room.
bool fits(const char* text, const char* out, const uint32_t* length) {
    return !length || !out || *length >= std::strlen(text) + 1;
}
void put(const char* text, char* out, uint32_t* length) {
    if (!length) return;
    const size_t size = std::strlen(text) + 1;
    if (out) std::memcpy(out, text, size);
    *length = uint32_t(size);
}

} // namespace

void DDIVK_APIENTRY d3d10CheckCounterInfo(D3D10DDI_HDEVICE h, D3D10DDI_COUNTER_INFO* info) {
    callD3D10(h, "CheckCounterInfo", [&](Device& d) -> HRESULT {
        if (!info) return E_INVALIDARG;
        *info = {};
        info->LastDeviceDependentCounter = D3D10DDI_QUERY(0); // none
        info->NumSimultaneousCounters =
            d.queries().supports(query::Kind::GpuIdle) ? kSimultaneousCounters : 0;
        // One unit: the busy counters, were they measurable, would add up to 1 - GPU_IDLE.
        info->NumDetectableParallelUnits = 1;
        return S_OK;
    });
}

void DDIVK_APIENTRY d3d10CheckCounter(D3D10DDI_HDEVICE h, D3D10DDI_QUERY counter, D3D10DDI_COUNTER_TYPE* type,
                                      uint32_t* activeCounters, char* name, uint32_t* nameLength, char* units,
                                      uint32_t* unitsLength, char* description, uint32_t* descriptionLength) {
    callD3D10(h, "CheckCounter", [&](Device& d) -> HRESULT {
        const query::TypeRow* row = query::findD3D10Counter(counter);
        const Description* text = std::find_if(std::begin(kDescriptions), std::end(kDescriptions),
                                               [&](const Description& x) { return x.counter == counter; });
        if (!row || text == std::end(kDescriptions) || !d.queries().supports(row->kind))
            return DXGI_DDI_ERR_UNSUPPORTED;
        // All or nothing: every string must fit before any is written.
        if (!fits(text->name, name, nameLength) || !fits(text->units, units, unitsLength) ||
            !fits(text->description, description, descriptionLength))
            return E_INVALIDARG;
        if (type) *type = D3D10DDI_COUNTER_TYPE_FLOAT32;
        if (activeCounters) *activeCounters = 1; // a GPU_IDLE bracket needs no shared hardware
        put(text->name, name, nameLength);
        put(text->units, units, unitsLength);
        put(text->description, description, descriptionLength);
        return S_OK;
    });
}

} // namespace ddivk::device
