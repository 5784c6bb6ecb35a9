// The conformance harness's scene builder: the RenderTest device and target, resources made
// through the UMD door, and each stream, index and draw call sent through either door (DP2
// tokens or the UMD table), so every case runs the same scene both ways: shaders, declarations,
// constants, render and texture stage states, viewport, scissor and clears too (the UMD state
// door, umd_state.h). The helpers without a Door send DP2 tokens.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ddivk/d3d9_decl.h"
#include "ddivk/umd_draw.h"
#include "ddivk/umd_state.h"
#include "unit/render/render_fixture.h"

namespace ddivk::test {

enum class Door { Dp2, Umd };
inline const char* doorName(Door d) {
    return d == Door::Dp2 ? "Dp2" : "Umd";
}

// The background every scene clears to.
constexpr uint32_t kCtsBackground = 0xFF203040;

// Pixel (x, y) -> the colour it must hold (Cts::expectScene: every pixel not named must hold
// kCtsBackground).
using Pixels = std::map<std::pair<int, int>, uint32_t>;

class Cts : public RenderTest {
  protected:
    static HANDLE hDevice(uintptr_t context) { return reinterpret_cast<HANDLE>(context); }
    HANDLE dev() const { return hDevice(context_); }
    static const DDIVK_D3DDDI_DRAWFUNCS& umd() { return *ddivk_umd_draw_functions(); }
    static const DDIVK_D3DDDI_STATEFUNCS& umdState() { return *ddivk_umd_state_functions(); }

    // CreateResource of `surfaces` (buffers: one entry of Width bytes); *handle the new resource.
    HRESULT createResource(uint32_t format, uint32_t flags, const std::vector<D3DDDI_SURFACEINFO>& surfaces,
                           uint32_t mipLevels, uint32_t* handle);
    // The same, expecting success; the handle.
    uint32_t created(uint32_t format, uint32_t flags, const std::vector<D3DDDI_SURFACEINFO>& surfaces,
                     uint32_t mipLevels = 1) {
        uint32_t handle = 0;
        EXPECT_EQ(createResource(format, flags, surfaces, mipLevels, &handle), S_OK);
        return handle;
    }
    // A vertex or index buffer holding `bytes` (through CreateResource with initial data).
    uint32_t createBuffer(const void* data, uint32_t bytes, bool index = false, uint32_t flags = 0);
    // The first `bytes` of a buffer, as 32-bit words, through a read-only lock.
    std::vector<uint32_t> readBuffer(uint32_t buffer, uint32_t bytes);
    template <class T> uint32_t createBuffer(const std::vector<T>& data, bool index = false) {
        return createBuffer(data.data(), uint32_t(data.size() * sizeof(T)), index);
    }

    // Runs one DP2 call that holds only `s` (no user-memory vertices); expects S_OK.
    void run(CommandStream& s);

    // --- Through the chosen door ---
    void setStream(Door door, uint32_t stream, uint32_t buffer, uint32_t offset, uint32_t stride);
    HRESULT setFrequency(Door door, uint32_t stream, uint32_t divider);
    void setIndices(Door door, uint32_t buffer, uint32_t stride);
    HRESULT drawPrimitive(Door door, uint32_t type, uint32_t startVertex, uint32_t count);
    HRESULT drawIndexed(Door door, uint32_t type, int32_t baseVertex, uint32_t minIndex, uint32_t numVertices,
                        uint32_t startIndex, uint32_t count);

    // --- State through the chosen door ---
    // The handles of the objects the last setProgram made (DP2: 1, 2, 3; UMD: the driver's).
    struct Program {
        uint32_t vs = 0, ps = 0, decl = 0;
    };
    // Creates and sets a vertex shader, a pixel shader (none, fixed function, when ps is null)
    // and a declaration: through DP2 as handles 1, 2 and 3.
    Program setProgram(Door door, const char* vs, const char* ps, const std::vector<D3DVERTEXELEMENT9>& decl);
    void setProgram(const char* vs, const char* ps, const std::vector<D3DVERTEXELEMENT9>& decl) {
        setProgram(Door::Dp2, vs, ps, decl);
    }
    HRESULT setVsConstant(Door door, uint32_t reg, float x, float y, float z, float w);
    void setVsConstant(uint32_t reg, float x, float y, float z, float w) {
        EXPECT_EQ(setVsConstant(Door::Dp2, reg, x, y, z, w), S_OK);
    }
    // One register (`bytes` of `value`) of the constants DP2 opcode `op` sets: the vertex
    // stage's floats, the pixel stage's floats, integers or BOOLs.
    HRESULT setConstant(Door door, uint8_t op, uint32_t reg, const void* value, size_t bytes);
    HRESULT setPsConstant(Door door, uint32_t reg, float x, float y, float z, float w);
    HRESULT setPsConstantI(Door door, uint32_t reg, int32_t x, int32_t y, int32_t z, int32_t w);
    HRESULT setPsConstantB(Door door, uint32_t reg, bool value);
    // c0, c1 of the point shaders: pixel coordinates to clip space.
    void setPixelToClip(Door door = Door::Dp2);
    HRESULT setRenderState(Door door, uint32_t state, uint32_t value);
    // Stage and state as the DDI numbers them (D3DDDITSS_*, the DP2 token's numbering).
    HRESULT setTextureStageState(Door door, uint32_t stage, uint32_t state, uint32_t value);
    HRESULT setViewport(Door door, uint32_t x, uint32_t y, uint32_t width, uint32_t height);
    // D3DDP2OP_ZRANGE / pfnSetZRange: the viewport's MinZ and MaxZ.
    HRESULT setZRange(Door door, float minZ, float maxZ);
    HRESULT setScissorRect(Door door, const RECT& rect);
    // A clear of `flags` (D3DCLEAR_*), limited to `rects` when there are some.
    HRESULT clearWith(Door door, uint32_t flags, uint32_t color, const std::vector<RECT>& rects = {},
                      float depth = 1.0f, uint32_t stencil = 0);

    // The shader fallback for every frequency mode (DDIVK_FORCE_VERTEX_FETCH_FALLBACK's switch).
    static void forceFetch(bool on);

    // --- Scenes of the declaration, primitive and draw-form tests ---
    // An index buffer made as D3DFMT_INDEX16 or D3DFMT_INDEX32 (by the element size).
    uint32_t createIndexBuffer(const std::vector<uint16_t>& indices);
    uint32_t createIndexBuffer(const std::vector<uint32_t>& indices);
    // Clears the target to kCtsBackground.
    void clearTarget(Door door = Door::Dp2) {
        EXPECT_EQ(clearWith(door, D3DCLEAR_TARGET, kCtsBackground), S_OK);
    }
    // Every pixel of the target against `expected`, each channel within `tolerance`.
    void expectScene(const Pixels& expected, int tolerance = 0);
};

// A program many scenes share: vertices of a FLOAT2 pixel position and a D3DCOLOR (stream 0,
// 12 bytes), drawn where setPixelToClip's c0 and c1 put them, in their colour.
constexpr const char* kColorPointVs = R"(vs_3_0
dcl_position v0
dcl_color v1
dcl_position o0
dcl_color o1
mad o0, v0, c0, c1
mov o1, v1
)";
constexpr const char* kColorPointPs = "ps_3_0\ndcl_color v0\nmov oC0, v0\n";
inline std::vector<D3DVERTEXELEMENT9> colorPointDeclaration() {
    return {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0}, {0, 8, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0}};
}

// Another shared program: position = v0 (pixel) + v1 (a pixel offset, TEXCOORD0, e.g. per
// instance), colour = v2 (COLOR0); with setPixelToClip's constants.
constexpr const char* kOffsetPointVs = R"(vs_3_0
dcl_position v0
dcl_texcoord v1
dcl_color v2
dcl_position o0
dcl_color o1
add r0, v0, v1
mad o0, r0, c0, c1
mov o1, v2
)";

// A program for sampling scenes: position = v0 (a FLOAT2 pixel position, with setPixelToClip's
// constants), TEXCOORD0 = v1 (FLOAT4: u, v, w and the lod of texldl) passed on.
struct TexPoint {
    float x, y;
    float u, v, w, lod;
};
constexpr const char* kTexPointVs = R"(vs_3_0
dcl_position v0
dcl_texcoord v1
dcl_position o0
dcl_texcoord o1
mad o0, v0, c0, c1
mov o1, v1
)";
inline std::vector<D3DVERTEXELEMENT9> texPointDeclaration() {
    return {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
            {0, 8, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_TEXCOORD, 0}};
}

// Distinct opaque colours, one per index.
inline uint32_t indexColor(uint32_t i) {
    return 0xFF000000u | ((i * 53u + 40u) & 0xFF) << 16 | ((i * 97u + 10u) & 0xFF) << 8 | ((i * 31u + 200u) & 0xFF);
}

// A vertex at a pixel position with a D3DCOLOR, and the reference rasteriser's view of it.
struct PixelVertex {
    float x, y; // pixels
    uint32_t color;
};
inline RefVertex refOf(const PixelVertex& v) {
    return {v.x, v.y, float(v.color >> 16 & 0xFF) / 255, float(v.color >> 8 & 0xFF) / 255,
            float(v.color & 0xFF) / 255, 1.0f};
}

} // namespace ddivk::test
