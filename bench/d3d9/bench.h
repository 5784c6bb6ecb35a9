// d3d9_bench (docs/d3d9-dll.md, "D3D9 benchmark"): scenarios of D3D9 work run for a fixed number
// of frames on one device. Each frame's content depends only on the scenario and the frame
// index, so the back buffer read back at the end (and a scenario's own results, such as query
// counts) gives a checksum every implementation must agree on.
#pragma once

#include "device_support.h"

#include <cstdint>
#include <memory>
#include <vector>

constexpr int kBenchSize = 256; // back buffer width and height

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

// Screen coordinate (D3D9: pixel centres on integers) to normalized device coordinates. With
// edges on half-integers and a 256-pixel target, every value is a short binary fraction, so
// positions are exact in every implementation and no pixel centre lies on an edge.
inline float benchNdcX(float screenX) {
    return screenX * 2.0f / float(kBenchSize) - 1.0f;
}
inline float benchNdcY(float screenY) {
    return 1.0f - screenY * 2.0f / float(kBenchSize);
}

// A colour from a small hash of two numbers, X8R8G8B8; the same in every run.
inline DWORD benchColour(uint32_t a, uint32_t b) {
    uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    return 0xFF000000u | (h & 0x00FFFFFFu);
}

// Releases a COM object and clears the pointer.
template <class T> void releaseAndClear(T*& object) {
    if (object) object->Release();
    object = nullptr;
}
