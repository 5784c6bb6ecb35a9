// The counter entry points of the D3D10 door (pfnCheckCounterInfo, pfnCheckCounter): which
// counters the device measures (query::findD3D10Counter's table: GPU_IDLE, docs/queries.md)
// and how each describes itself. Creating and reading a counter is an ordinary query
// (d3d10_queries.cpp).
#pragma once

#include <cstdint>

#include "ddivk/d3d10_query.h"

namespace ddivk::device {

// GPU_IDLE brackets keep their own intervals, so any number of them may overlap; this many
// are promised (NumSimultaneousCounters) and tested together.
constexpr uint32_t kSimultaneousCounters = 32;

void DDIVK_APIENTRY d3d10CheckCounterInfo(D3D10DDI_HDEVICE h, D3D10DDI_COUNTER_INFO* info);
// A measurable counter: FLOAT32, one active counter, its name, units and description under
// the length rules of ID3D10Device::CheckCounter (E_INVALIDARG, nothing written, when a
// buffer is too small). Any other counter: DXGI_DDI_ERR_UNSUPPORTED.
void DDIVK_APIENTRY d3d10CheckCounter(D3D10DDI_HDEVICE h, D3D10DDI_QUERY counter, D3D10DDI_COUNTER_TYPE* type,
                                      uint32_t* activeCounters, char* name, uint32_t* nameLength, char* units,
                                      uint32_t* unitsLength, char* description, uint32_t* descriptionLength);

} // namespace ddivk::device
