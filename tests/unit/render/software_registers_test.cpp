// A device with software vertex processing's register files (DDIVK_DEVICE_SOFTWARE_VERTEX_
// REGISTERS, what d3d9.dll opens for SOFTWARE and MIXED devices): constants past vs_3_0's
// files through the DP2 door, read by vertex shaders statically, through a0 and aL, as loop
// counts and as branch conditions; pixels against colours worked out from the constants.
#include <gtest/gtest.h>

#include <cstdlib>

#include "device/context.h"
#include "device/handles.h"
#include "shader/assembler.h"
#include "unit/render/render_fixture.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kBackground = 0xFF000000;

class SoftwareRegisters : public RenderTest {
  protected:
    static void SetUpTestSuite() {
        const ddivk_device_desc desc{nullptr, DDIVK_DEVICE_SOFTWARE_VERTEX_REGISTERS};
        ASSERT_EQ(ddivk_device_create(&desc, &device_), S_OK);
    }

    static void vsConstF(CommandStream& s, uint32_t reg, float x, float y, float z, float w) {
        const float v[4] = {x, y, z, w};
        s.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{reg, 1}).put(v);
    }

    // A quad over pixels [x0, x1) of the whole height, in clip space.
    static std::vector<ClipVertex> quad(float x0, float x1) {
        const float l = 2.0f * x0 / kWidth - 1.0f, r = 2.0f * x1 / kWidth - 1.0f;
        return {{l, 1, 0.5f, 1, 0}, {r, 1, 0.5f, 1, 0},  {l, -1, 0.5f, 1, 0},
                {r, 1, 0.5f, 1, 0}, {r, -1, 0.5f, 1, 0}, {l, -1, 0.5f, 1, 0}};
    }
};

// c0.x picks c[a0.x + 1000]; c300 is static; i20 counts a rep that adds c302.y, once per
// round; b40 guards adding c303.z.
constexpr const char* kVs = R"(vs_2_0
dcl_position v0
mov oPos, v0
mova a0.x, c0.x
mov r0, c[a0.x + 1000]
add r0, r0, c300
rep i20
add r0.y, r0.y, c302.y
endrep
if b40
add r0.z, r0.z, c303.z
endif
mov oD0, r0
)";
constexpr const char* kPs = "ps_2_0\ndcl v0\nmov oC0, v0\n";

uint32_t channel(float v) {
    return uint32_t(v * 255.0f + 0.5f);
}

TEST_F(SoftwareRegisters, ShadersReadTheWholeFiles) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    setShaderProgram(s, kVs, kPs,
                     {{0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITION, 0},
                      {0, 16, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0}},
                     {true});
    userStream(s, sizeof(ClipVertex));
    vsConstF(s, 300, 0.5f, 0.0f, 0.0f, 1.0f);
    vsConstF(s, 302, 0.0f, 0.25f, 0.0f, 0.0f);
    vsConstF(s, 303, 0.0f, 0.0f, 0.5f, 0.0f);
    vsConstF(s, 5000, 0.0f, 0.0f, 0.25f, 0.0f);
    const int32_t rounds[4] = {3, 0, 1, 0};
    s.cmd(D3DDP2OP_SETVERTEXSHADERCONSTI, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{20, 1}).put(rounds);
    const uint32_t yes = 1;
    s.cmd(D3DDP2OP_SETVERTEXSHADERCONSTB, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{40, 1}).put(yes);
    // Left half: a0.x = 4000 reads c5000. Right half: a0.x = 6000 reads c7000, never written: 0.
    vsConstF(s, 0, 4000.0f, 0.0f, 0.0f, 0.0f);
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 2});
    vsConstF(s, 0, 6000.0f, 0.0f, 0.0f, 0.0f);
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 6, 2});
    std::vector<ClipVertex> v = quad(0, kWidth / 2);
    const std::vector<ClipVertex> right = quad(kWidth / 2, kWidth);
    v.insert(v.end(), right.begin(), right.end());
    ASSERT_EQ(execute(s, v), S_OK);

    // r = c5000.x + c300.x, g = 3 * c302.y, b = c5000.z + c303.z (b40 true), a = c300.w.
    const uint32_t left = 0xFF000000 | channel(0.5f) << 16 | channel(0.75f) << 8 | channel(0.75f);
    const uint32_t rightColor = 0xFF000000 | channel(0.5f) << 16 | channel(0.75f) << 8 | channel(0.5f);
    const std::vector<uint32_t> got = readTarget();
    ASSERT_EQ(got.size(), size_t{kWidth} * kHeight);
    size_t wrong = 0;
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x) {
            const uint32_t want = x < kWidth / 2 ? left : rightColor, have = got[y * kWidth + x];
            for (int shift = 0; shift < 24; shift += 8)
                if (std::abs(int(want >> shift & 0xFF) - int(have >> shift & 0xFF)) > 1) {
                    if (wrong++ < 4) ADD_FAILURE() << "pixel " << x << "," << y << ": " << std::hex << have;
                    break;
                }
        }
    EXPECT_EQ(wrong, 0u);
}

// Only shaders that need the software files read them from storage buffers: one inside
// vs_3_0's files (static c255, i15, b15) translates as on a hardware device; c256, i16, b16 or
// a relative c# read need them, and so does a def past 255 (a hardware device refuses it).
TEST_F(SoftwareRegisters, ShadersInsideVs30FilesKeepTheUniformBlock) {
    const struct {
        const char* text;
        bool needs;
    } cases[] = {
        {"vs_3_0\ndcl_position o0\ndefi i1, 1, 0, 0, 0\nif b15\nrep i15\nmov o0, c255\nendrep\nendif\n",
         false},
        {"vs_1_1\ndef c300, 1, 1, 1, 1\nmov oPos, c0\n", true},
        {"vs_1_1\nmov oPos, c256\n", true},
        {"vs_3_0\ndcl_position o0\nrep i16\nmov o0, c0\nendrep\n", true},
        {"vs_3_0\ndcl_position o0\nif b16\nmov o0, c0\nendif\n", true},
        {"vs_2_0\nmova a0.x, c0.x\nmov oPos, c[a0.x]\n", true},
    };
    uint32_t handle = 10;
    for (const auto& c : cases) {
        auto tokens = shader::assemble(c.text, {true});
        ASSERT_TRUE(tokens) << c.text << tokens.error().message();
        CommandStream s;
        s.cmd(D3DDP2OP_CREATEVERTEXSHADERFUNC, 1)
            .put(D3DHAL_DP2CREATEVERTEXSHADERFUNC{++handle, uint32_t(tokens->size() * 4)});
        s.putAll(*tokens);
        ASSERT_EQ(execute(s), S_OK) << c.text;
        const device::ShaderObject* object =
            device::contextOf(context_)->shaders().find(shader::ShaderType::Vertex, handle);
        ASSERT_NE(object, nullptr);
        EXPECT_EQ(object->softwareRegisters, c.needs) << c.text;
        EXPECT_EQ(object->translation->softwareRegisters, c.needs) << c.text;
    }
}

// The token's range is checked against the software files: c8191 is the last register.
TEST_F(SoftwareRegisters, ConstantTokensStopAtTheEndOfTheFiles) {
    CommandStream ok;
    vsConstF(ok, 8191, 1, 2, 3, 4);
    ASSERT_EQ(execute(ok), S_OK);
    CommandStream bad;
    vsConstF(bad, 8191, 1, 2, 3, 4);
    const size_t second = bad.size();
    const float two[8] = {};
    bad.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{8191, 2}).put(two);
    EXPECT_EQ(execute(bad), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), second);
    const int32_t i[4] = {};
    CommandStream ints;
    ints.cmd(D3DDP2OP_SETVERTEXSHADERCONSTI, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{2047, 1}).put(i);
    EXPECT_EQ(execute(ints), S_OK);
    CommandStream pastInts;
    pastInts.cmd(D3DDP2OP_SETVERTEXSHADERCONSTI, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{2048, 1}).put(i);
    EXPECT_EQ(execute(pastInts), D3DERR_INVALIDCALL);
}

} // namespace
} // namespace ddivk::test
