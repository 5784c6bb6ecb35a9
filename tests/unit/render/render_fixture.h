// A driver device with one render target and a DP2 context on it, for end-to-end tests that
// drive the DP2 door and read pixels back.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "ddivk/d3d9_decl.h"
#include "ddivk/d3d9_enums.h"
#include "ddivk/ddivk.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/fvf.h"
#include "device/device.h"
#include "shader/decoder.h"
#include "unit/dp2/command_stream.h"
#include "unit/render/reference_raster.h"

namespace ddivk::test {

// D3DFVF_XYZRHW | D3DFVF_DIFFUSE.
struct TLVertex {
    float x, y, z, rhw;
    uint32_t diffuse;
};
constexpr uint32_t kTLVertexFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE;

// A clip-space position and a D3DCOLOR: the vertex of RenderTest::setPassThroughProgram.
struct ClipVertex {
    float x, y, z, w;
    uint32_t color;
};

using dp2::test::CommandStream;

// A vertex at (x, y) with depth z and rhw 1.
inline TLVertex vtx(float x, float y, uint32_t color, float z = 0.5f) {
    return {x, y, z, 1.0f, color};
}

// The reference rasteriser's view of a vertex: position and colour as 0..1 floats.
inline RefVertex ref(const TLVertex& v) {
    return {v.x,
            v.y,
            float((v.diffuse >> 16) & 0xFF) / 255.0f,
            float((v.diffuse >> 8) & 0xFF) / 255.0f,
            float(v.diffuse & 0xFF) / 255.0f,
            1.0f};
}

class RenderTest : public ::testing::Test {
  protected:
    static constexpr uint32_t kWidth = 64, kHeight = 48;

    static void SetUpTestSuite();
    static void TearDownTestSuite();
    void SetUp() override;
    void TearDown() override;

    // Runs one DP2 call with user-memory vertices; returns ddrval (errorOffset() after).
    HRESULT execute(CommandStream& commands, const void* vertices = nullptr, uint32_t vertexCount = 0,
                    uint32_t vertexSize = sizeof(TLVertex), uint32_t fvf = kTLVertexFvf);
    template <class V> HRESULT execute(CommandStream& commands, const std::vector<V>& vertices) {
        return execute(commands, vertices.data(), uint32_t(vertices.size()), sizeof(V));
    }
    uint32_t errorOffset() const { return errorOffset_; }

    // The render target's pixels as stored (X8R8G8B8: alpha reads 0xFF).
    std::vector<uint32_t> readTarget();
    // Pipelines the device has created so far.
    static uint64_t pipelinesCreated();
    // The driver device behind device_ (for the queue's test gate).
    static device::Device& driverDevice();

    // Appends a render-state token.
    static void renderState(CommandStream& s, uint32_t state, uint32_t value);
    // Appends the tokens that create vertex shader 1 and pixel shader 2 (assembled from text)
    // and declaration 3 of `elements`, and set all three.
    // (options: how the assembler validates the vertex shader.)
    static void setShaderProgram(CommandStream& s, const char* vs, const char* ps,
                                 const std::vector<D3DVERTEXELEMENT9>& elements,
                                 const shader::DecodeOptions& options = {});
    // Appends the tokens of setShaderProgram for a vs_3_0 / ps_3_0 pair that passes a
    // ClipVertex's position and colour through, and stream 0 from user-memory ClipVertex data.
    static void setPassThroughProgram(CommandStream& s);
    // Appends SETSTREAMSOURCEUM: stream 0 from the call's user-memory vertices of `stride` bytes.
    static void userStream(CommandStream& s, uint32_t stride) {
        s.cmd(D3DDP2OP_SETSTREAMSOURCEUM, 1).put(D3DHAL_DP2SETSTREAMSOURCEUM{0, stride});
    }
    // Appends a CLEAR of the target with rects (none: the viewport).
    static void clear(CommandStream& s, uint32_t flags, uint32_t color, const std::vector<RECT>& rects = {},
                      float depth = 1.0f, uint32_t stencil = 0);

    static ddivk_device* device_;
    uint32_t target_ = 0;
    uint32_t depth_ = 0;
    uintptr_t context_ = 0;
    uint32_t errorOffset_ = 0;
    // Set by a test before SetUp runs to create a depth surface of this D3DFORMAT.
    uint32_t depthFormat_ = 0;
    // Set by a test before SetUp runs to choose the render target's D3DFORMAT (4 bytes a pixel).
    uint32_t targetFormat_ = D3DFMT_X8R8G8B8;
    // Set by a test before SetUp runs: samples per pixel of the target and depth surface.
    uint32_t targetSamples_ = 1;
};

} // namespace ddivk::test
