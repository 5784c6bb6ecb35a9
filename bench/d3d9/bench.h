// d3d9_bench (docs/d3d9-dll.md, "D3D9 benchmark"): scenarios of D3D9 work run for a fixed number
// of frames on one device. Each frame's content depends only on the scenario and the frame
// index, so the back buffer read back at the end (and a scenario's own results, such as query
// counts) gives a checksum every implementation must agree on.
#pragma once

#include "device_support.h"
#include "scenario_layout.h"

#include <cstdint>
#include <memory>
#include <vector>

class Scenario {
  public:
    virtual ~Scenario() = default;
    virtual const char* name() const = 0;
    // What frame() counts: "draws", "instances" or "queries".
    virtual const char* unit() const = 0;
    // Creates the resources and sets the state the frames use; false when a step fails.
    virtual bool setup(IDirect3DDevice9* device) = 0;
    // Records one frame's work between BeginScene and EndScene; returns how many units it did,
    // or -1 when a call failed.
    virtual int64_t frame(IDirect3DDevice9* device, int index) = 0;
    // Results besides the pixels that the checksum covers (query counts); 0 when none.
    virtual uint64_t extraChecksum() const { return 0; }
    // Unbinds what setup() bound, so the next scenario starts from the defaults it relies on.
    virtual void teardown(IDirect3DDevice9* device) = 0;
};

std::unique_ptr<Scenario> makeDrawsScenario();
std::unique_ptr<Scenario> makeInstancingScenario();
std::unique_ptr<Scenario> makeQueriesScenario();
std::unique_ptr<Scenario> makeStateChurnScenario();

// Releases a COM object and clears the pointer.
template <class T> void releaseAndClear(T*& object) {
    if (object) object->Release();
    object = nullptr;
}
