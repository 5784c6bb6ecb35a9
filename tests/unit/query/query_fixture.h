// Queries end to end: scenes drawn through the DP2 door of a RenderTest context, measured
// through the D3D10 query door (on the same driver device) or the DP2 query tokens, whose
// responses are read back from the command buffer.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <thread>
#include <vector>

#include "ddivk/d3d10_query.h"
#include "ddivk/d3d9_enums.h"
#include "device/context.h"
#include "device/handles.h"
#include "unit/render/render_fixture.h"

namespace ddivk::test {

// A DP2 query response: D3DHAL_DP2RESPONSEQUERY and its data.
struct Response {
    uint32_t queryID = 0;
    std::vector<std::byte> data;
    uint64_t value() const {
        uint64_t v = 0;
        std::memcpy(&v, data.data(), std::min<size_t>(data.size(), sizeof v));
        return v;
    }
};

class QueryTest : public RenderTest {
  protected:
    void SetUp() override;
    void TearDown() override;

    // --- Scenes ---------------------------------------------------------------------------
    // Appends a TRIANGLELIST token drawing the axis-aligned rectangle [x0,x1) x [y0,y1) at
    // depth z: exactly (x1 - x0) * (y1 - y0) pixels for integer corners.
    static void rect(CommandStream& s, std::vector<TLVertex>& v, float x0, float y0, float x1, float y1,
                     float z = 0.5f, uint32_t color = 0xFFFFFFFF);
    // A stream that starts with CULLMODE NONE.
    static CommandStream scene();

    // --- The D3D10 door -----------------------------------------------------------------------
    const DDIVK_D3D10DDI_QUERYFUNCS& ddi() const { return *funcs_; }
    // Creates a query; its memory lives until TearDown (or destroy10).
    D3D10DDI_HQUERY create10(D3D10DDI_QUERY type, uint32_t miscFlags = 0);
    void destroy10(D3D10DDI_HQUERY q);
    void begin10(D3D10DDI_HQUERY q) { funcs_->pfnQueryBegin(device10_, q); }
    void end10(D3D10DDI_HQUERY q) { funcs_->pfnQueryEnd(device10_, q); }
    // QueryGetData; returns the error it reported (S_OK when none).
    HRESULT getData10(D3D10DDI_HQUERY q, void* data, uint32_t size, uint32_t flags = 0);
    // Polls with flush until the data is there (fails the test after 30 s: lavapipe renders on
    // the CPU, which other processes may share).
    template <class T> T wait10(D3D10DDI_HQUERY q) {
        T value{};
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (std::chrono::steady_clock::now() < deadline) {
            HRESULT hr = getData10(q, &value, sizeof value);
            if (hr == S_OK) return value;
            EXPECT_EQ(hr, DXGI_DDI_ERR_WASSTILLDRAWING);
            if (hr != DXGI_DDI_ERR_WASSTILLDRAWING) break;
            std::this_thread::yield();
        }
        ADD_FAILURE() << "query data never became available";
        return value;
    }
    // The error the last entry point reported (S_OK: none), then cleared.
    static HRESULT takeError();

    // --- The DP2 door -------------------------------------------------------------------------
    // Runs one DP2 call whose command buffer has `capacity` bytes (at least the commands);
    // appends the responses the driver wrote over it. Returns ddrval.
    HRESULT executeResponding(CommandStream& s, const std::vector<TLVertex>& vertices,
                              std::vector<Response>& out, uint32_t capacity = 4096,
                              bool* sawContinue = nullptr);
    // Empty DP2 calls until `count` responses arrived (or 30 s passed).
    std::vector<Response> collect(size_t count, std::vector<Response> have = {});
    device::Context& context() { return *device::contextOf(context_); }
    query::QueryEngine& engine() { return driverDevice().queries(); }

    D3D10DDI_HDEVICE device10_{};
    const DDIVK_D3D10DDI_QUERYFUNCS* funcs_ = nullptr;
    std::vector<std::vector<std::byte>> queryMemory_;
    std::vector<D3D10DDI_HQUERY> live10_;
};

} // namespace ddivk::test
