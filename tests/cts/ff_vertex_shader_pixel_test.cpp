// Translated pixel shaders after the fixed-function vertex pipeline (an FVF, no vertex shader), as
// DirectX 8-era programs draw with ps_1_x: the fixed-function stage writes TEXCOORD0..7, COLOR0..1
// and FOG, the pixel shader is keyed to declare all of them (TranslationKey::psInputLocations),
// so the pair links with the validation layer quiet whatever the program reads. Identity
// transforms and D3DRS_LIGHTING FALSE: positions are clip space, COLOR0 the vertex's diffuse.
#include <tuple>

#include "cts/cts_fixture.h"
#include "shader/assembler.h"

namespace ddivk::test {
namespace {

// D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1.
struct FfVertex {
    float x, y, z;
    uint32_t diffuse;
    float u, v;
};
constexpr uint32_t kFvf = D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1;

// Screen positions of the triangle and its vertices' colours and coordinates.
constexpr float kScreen[3][2] = {{6.5f, 4.25f}, {58.0f, 10.0f}, {20.0f, 44.5f}};
constexpr uint32_t kColors[3] = {0xFFFF0000, 0xFF00FF00, 0xFF0000FF};
constexpr float kCoords[3][2] = {{0.0f, 1.0f}, {1.0f, 0.25f}, {0.5f, 0.0f}};

float channel(uint32_t color, int shift) {
    return float((color >> shift) & 0xFF) / 255.0f;
}

class FfVertexShaderPixel : public Cts, public ::testing::WithParamInterface<Door> {
  protected:
    Door door() const { return GetParam(); }

    // Creates pixel shader 2 from `ps` and sets it with the FVF and no vertex shader.
    void setPixelShader(const char* ps) {
        auto p = shader::assemble(ps);
        ASSERT_TRUE(p) << p.error().message();
        CommandStream s;
        clear(s, D3DCLEAR_TARGET, kCtsBackground);
        s.cmd(D3DDP2OP_CREATEPIXELSHADER, 1).put(D3DHAL_DP2CREATEPIXELSHADER{2, uint32_t(p->size() * 4)});
        s.putAll(*p);
        s.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{kFvf});
        s.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{2});
        renderState(s, D3DRS_LIGHTING, 0);
        run(s);
    }

    // Draws the triangle (kScreen, kColors, kCoords) from a vertex buffer.
    void drawTriangle() {
        std::vector<FfVertex> v;
        for (int i = 0; i < 3; ++i)
            v.push_back({2 * kScreen[i][0] / kWidth - 1, 1 - 2 * kScreen[i][1] / kHeight, 0.5f, kColors[i],
                         kCoords[i][0], kCoords[i][1]});
        setStream(door(), 0, createBuffer(v), 0, sizeof(FfVertex));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_TRIANGLELIST, 0, 1), S_OK);
    }

    // The reference triangle with vertex i coloured `color(i)` (r, g, b).
    template <class F> ReferenceTarget reference(F color) {
        ReferenceTarget want(kWidth, kHeight, kCtsBackground);
        RefVertex r[3];
        for (int i = 0; i < 3; ++i) {
            const auto [red, green, blue] = color(i);
            r[i] = {kScreen[i][0], kScreen[i][1], red, green, blue, 1.0f};
        }
        want.triangle(r[0], r[1], r[2]);
        return want;
    }
};

// ps_1_1 reads COLOR0 (v0) only; the other ten fixed-function outputs are declared, unread.
TEST_P(FfVertexShaderPixel, Ps11ReadsTheDiffuseColour) {
    setPixelShader("ps_1_1\nmov r0, v0\n");
    drawTriangle();
    const ReferenceTarget want = reference([](int i) {
        return std::tuple{channel(kColors[i], 16), channel(kColors[i], 8), channel(kColors[i], 0)};
    });
    EXPECT_TRUE(matches(readTarget(), want, 1));
}

// ps_2_0 reads TEXCOORD0 (t0) only: colour (u, v, 0).
TEST_P(FfVertexShaderPixel, Ps20ReadsTexCoord0) {
    setPixelShader("ps_2_0\ndcl t0\ndef c0, 0, 0, 0, 1\nmov r0, c0\nmov r0.xy, t0\nmov oC0, r0\n");
    drawTriangle();
    const ReferenceTarget want = reference([](int i) {
        return std::tuple{kCoords[i][0], kCoords[i][1], 0.0f};
    });
    EXPECT_TRUE(matches(readTarget(), want, 1));
}

// A ps_3_0 input whose semantic the fixed-function pipeline has no output for (NORMAL,
// TEXCOORD8) reads 0 (D3D9 leaves it undefined); the draw links all the same.
TEST_P(FfVertexShaderPixel, InputsWithoutAFixedFunctionOutputReadZero) {
    setPixelShader(
        "ps_3_0\ndcl_color0 v0\ndcl_normal v1\ndcl_texcoord8 v2\nadd r0, v0, v1\nadd oC0, r0, v2\n");
    drawTriangle();
    const ReferenceTarget want = reference([](int i) {
        return std::tuple{channel(kColors[i], 16), channel(kColors[i], 8), channel(kColors[i], 0)};
    });
    EXPECT_TRUE(matches(readTarget(), want, 1));
}

// D3DSHADE_FLAT: the pixel shader's colour inputs keep the first vertex's value (DirectX 8
// pixel shader reference, v#: "iteration of both colors is disabled"); TEXCOORD0 is still
// interpolated.
TEST_P(FfVertexShaderPixel, FlatShadeModeKeepsTheFirstVertexColour) {
    setPixelShader("ps_2_0\ndcl v0\ndcl t0\nmov r0, v0\nmov r0.z, t0.x\nmov oC0, r0\n");
    CommandStream s;
    renderState(s, D3DRS_SHADEMODE, D3DSHADE_FLAT);
    run(s);
    drawTriangle();
    const ReferenceTarget want = reference([](int i) {
        return std::tuple{channel(kColors[0], 16), channel(kColors[0], 8), kCoords[i][0]};
    });
    EXPECT_TRUE(matches(readTarget(), want, 1));
}

INSTANTIATE_TEST_SUITE_P(BothDoors, FfVertexShaderPixel, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

} // namespace
} // namespace ddivk::test
