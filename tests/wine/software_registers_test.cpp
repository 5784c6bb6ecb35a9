// Software vertex processing's register files (docs/d3d9-dll.md, "Software vertex
// processing"): SOFTWARE and MIXED devices take vertex shader constants up to c8191, i2047 and
// b2047, create shaders that name them and draw with them; HARDWARE devices stop at vs_3_0's
// 256 / 16 / 16. The expected results are those Wine's test_vertex_shader_constant,
// test_unsupported_shaders and test_mvp_software_vertex_shaders record for Windows.
#include "check.h"
#include "shader_support.h"

#include <vector>

namespace {

constexpr int kSize = 16;

// mova a0.x, c0.x; oD0 = c[a0.x]; oPos = v0.
const DWORD kRelativeVs20[] = {
    0xFFFE0200,                                     // vs_2_0
    0x0200001F, 0x80000000, 0x900F0000,             // dcl_position v0
    0x0200002E, 0xB0010000, 0xA0000000,             // mova a0.x, c0.x
    0x03000001, 0xD00F0000, 0xA0E42000, 0xB0000000, // mov oD0, c[a0.x]
    0x02000001, 0xC00F0000, 0x90E40000,             // mov oPos, v0
    0x0000FFFF,
};
// oD0 = c300; oPos = v0.
const DWORD kStatic300Vs20[] = {
    0xFFFE0200,                         // vs_2_0
    0x0200001F, 0x80000000, 0x900F0000, // dcl_position v0
    0x02000001, 0xD00F0000, 0xA0E4012C, // mov oD0, c300
    0x02000001, 0xC00F0000, 0x90E40000, // mov oPos, v0
    0x0000FFFF,
};

// Clears to black, draws a quad over the whole target and counts pixels other than `colour`.
int drawnPixelsOtherThan(IDirect3DDevice9* device, uint32_t colour) {
    const Position strip[4] = {{-1, -1, 0.5f}, {-1, 1, 0.5f}, {1, -1, 0.5f}, {1, 1, 0.5f}};
    if (device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0) != D3D_OK) return -1;
    if (device->BeginScene() != D3D_OK) return -1;
    const HRESULT hr = device->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, strip, sizeof(Position));
    device->EndScene();
    if (hr != D3D_OK) return -1;
    return wrongPixels(
        readBackBuffer(device), kSize, kSize, [&](int, int) { return colour; }, 1);
}

} // namespace

TEST(SoftwareRegisters, CapsReportTheFileOfTheDevice) {
    const struct {
        DWORD flags;
        DWORD constants;
    } cases[] = {{D3DCREATE_HARDWARE_VERTEXPROCESSING, 256},
                 {D3DCREATE_SOFTWARE_VERTEXPROCESSING, 8192},
                 {D3DCREATE_MIXED_VERTEXPROCESSING, 256}}; // a MIXED device reports the hardware's
    for (const auto& c : cases) {
        TestDevice t(kSize, kSize, false, c.flags);
        REQUIRE(t.device != nullptr);
        D3DCAPS9 caps{};
        CHECK_EQ(t->GetDeviceCaps(&caps), D3D_OK);
        CHECK_EQ(caps.MaxVertexShaderConst, c.constants);
    }
}

TEST(SoftwareRegisters, ConstantRangesFollowTheDevice) {
    const float f[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    const int i[4] = {9, 10, 11, 12};
    const BOOL b[1] = {TRUE};
    {
        TestDevice t(kSize, kSize, false, D3DCREATE_HARDWARE_VERTEXPROCESSING);
        REQUIRE(t.device != nullptr);
        CHECK_EQ(t->SetVertexShaderConstantF(255, f, 1), D3D_OK);
        CHECK_EQ(t->SetVertexShaderConstantF(256, f, 1), D3DERR_INVALIDCALL);
        CHECK_EQ(t->SetVertexShaderConstantI(16, i, 1), D3DERR_INVALIDCALL);
        CHECK_EQ(t->SetVertexShaderConstantB(16, b, 1), D3DERR_INVALIDCALL);
        float out[4] = {};
        CHECK_EQ(t->GetVertexShaderConstantF(256, out, 1), D3DERR_INVALIDCALL);
    }
    for (DWORD flags :
         {DWORD(D3DCREATE_SOFTWARE_VERTEXPROCESSING), DWORD(D3DCREATE_MIXED_VERTEXPROCESSING)}) {
        TestDevice t(kSize, kSize, false, flags);
        REQUIRE(t.device != nullptr);
        // A MIXED device takes them in either mode.
        for (BOOL software : {FALSE, TRUE}) {
            if (flags == D3DCREATE_MIXED_VERTEXPROCESSING) {
                CHECK_EQ(t->SetSoftwareVertexProcessing(software), D3D_OK);
            }
            CHECK_EQ(t->SetVertexShaderConstantF(256, f, 1), D3D_OK);
            CHECK_EQ(t->SetVertexShaderConstantF(8191, f + 4 * software, 1), D3D_OK);
            CHECK_EQ(t->SetVertexShaderConstantF(8191, f, 2), D3DERR_INVALIDCALL);
            CHECK_EQ(t->SetVertexShaderConstantF(8192, f, 1), D3DERR_INVALIDCALL);
            CHECK_EQ(t->SetVertexShaderConstantI(2047, i, 1), D3D_OK);
            CHECK_EQ(t->SetVertexShaderConstantI(2048, i, 1), D3DERR_INVALIDCALL);
            CHECK_EQ(t->SetVertexShaderConstantB(2047, b, 1), D3D_OK);
            CHECK_EQ(t->SetVertexShaderConstantB(2048, b, 1), D3DERR_INVALIDCALL);
            float out[4] = {};
            CHECK_EQ(t->GetVertexShaderConstantF(8191, out, 1), D3D_OK);
            CHECK(out[0] == f[4 * software]);
            int outI[4] = {};
            CHECK_EQ(t->GetVertexShaderConstantI(2047, outI, 1), D3D_OK);
            CHECK_EQ(outI[3], 12);
            BOOL outB = FALSE;
            CHECK_EQ(t->GetVertexShaderConstantB(2047, &outB, 1), D3D_OK);
            CHECK_EQ(outB, TRUE);
            // The pixel files are the same on every device.
            CHECK_EQ(t->SetPixelShaderConstantF(224, f, 1), D3DERR_INVALIDCALL);
        }
        // The whole file in one call (128 KiB in one command), read back whole.
        std::vector<float> all(4 * 8192), back(4 * 8192);
        for (size_t k = 0; k < all.size(); ++k)
            all[k] = float(k);
        CHECK_EQ(t->SetVertexShaderConstantF(0, all.data(), 8192), D3D_OK);
        CHECK_EQ(t->GetVertexShaderConstantF(0, back.data(), 8192), D3D_OK);
        CHECK(back == all);
    }
}

// test_unsupported_shaders: a shader naming c256 is refused on a HARDWARE device and created on
// SOFTWARE and MIXED ones (a MIXED one in hardware mode too).
TEST(SoftwareRegisters, ShadersNamingSoftwareRegistersAreCreatedOnlyWhereTheyExist) {
    const struct {
        DWORD flags;
        HRESULT expected;
    } cases[] = {{D3DCREATE_HARDWARE_VERTEXPROCESSING, D3DERR_INVALIDCALL},
                 {D3DCREATE_SOFTWARE_VERTEXPROCESSING, D3D_OK},
                 {D3DCREATE_MIXED_VERTEXPROCESSING, D3D_OK}};
    for (const auto& c : cases) {
        TestDevice t(kSize, kSize, false, c.flags);
        REQUIRE(t.device != nullptr);
        IDirect3DVertexShader9* vs = nullptr;
        CHECK_EQ(t->CreateVertexShader(kStatic300Vs20, &vs), c.expected);
        CHECK((vs != nullptr) == (c.expected == D3D_OK));
        if (vs) vs->Release();
    }
}

// test_mvp_software_vertex_shaders: on a MIXED device in software mode, c[a0.x] with a0.x = 256
// reads the c256 the program set (here in hardware mode); a static c300 reads its value too.
TEST(SoftwareRegisters, MixedDeviceShadersReadPastRegister255) {
    TestDevice t(kSize, kSize, false, D3DCREATE_MIXED_VERTEXPROCESSING);
    REQUIRE(t.device != nullptr);
    REQUIRE(useShaders(t.device, kPositionOnly, kRelativeVs20, shader_code::kDiffusePs20));
    const float index[4] = {256, 0, 0, 0}, blue[4] = {0, 0, 1, 1}, green[4] = {0, 1, 0, 1};
    CHECK_EQ(t->SetSoftwareVertexProcessing(FALSE), D3D_OK);
    CHECK_EQ(t->SetVertexShaderConstantF(0, index, 1), D3D_OK);
    CHECK_EQ(t->SetVertexShaderConstantF(256, blue, 1), D3D_OK);
    CHECK_EQ(t->SetSoftwareVertexProcessing(TRUE), D3D_OK);
    CHECK_EQ(drawnPixelsOtherThan(t.device, 0x0000FF), 0);

    IDirect3DVertexShader9* fixed = nullptr;
    REQUIRE(t->CreateVertexShader(kStatic300Vs20, &fixed) == D3D_OK);
    CHECK_EQ(t->SetVertexShader(fixed), D3D_OK);
    CHECK_EQ(t->SetVertexShaderConstantF(300, green, 1), D3D_OK);
    CHECK_EQ(drawnPixelsOtherThan(t.device, 0x00FF00), 0);
    // A register nobody wrote reads 0: the relative shader at c5000.
    const float far5000[4] = {5000, 0, 0, 0};
    CHECK_EQ(t->SetVertexShader(nullptr), D3D_OK);
    fixed->Release();
    IDirect3DVertexShader9* relative = nullptr;
    REQUIRE(t->CreateVertexShader(kRelativeVs20, &relative) == D3D_OK);
    CHECK_EQ(t->SetVertexShader(relative), D3D_OK);
    relative->Release();
    CHECK_EQ(t->SetVertexShaderConstantF(0, far5000, 1), D3D_OK);
    CHECK_EQ(drawnPixelsOtherThan(t.device, 0x000000), 0);
}

// State blocks of a SOFTWARE device hold its whole files: an ALL block brings c5000 back, and
// a recorded block sets c6000 when applied.
TEST(SoftwareRegisters, StateBlocksHoldSoftwareRegisters) {
    TestDevice t(kSize, kSize, false, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    REQUIRE(t.device != nullptr);
    const float a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8};
    CHECK_EQ(t->SetVertexShaderConstantF(5000, a, 1), D3D_OK);
    IDirect3DStateBlock9* all = nullptr;
    REQUIRE(t->CreateStateBlock(D3DSBT_ALL, &all) == D3D_OK);
    CHECK_EQ(t->SetVertexShaderConstantF(5000, b, 1), D3D_OK);
    CHECK_EQ(all->Apply(), D3D_OK);
    float out[4] = {};
    CHECK_EQ(t->GetVertexShaderConstantF(5000, out, 1), D3D_OK);
    CHECK(out[0] == 1 && out[3] == 4);
    all->Release();

    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetVertexShaderConstantF(6000, b, 1), D3D_OK);
    IDirect3DStateBlock9* recorded = nullptr;
    REQUIRE(t->EndStateBlock(&recorded) == D3D_OK);
    CHECK_EQ(t->GetVertexShaderConstantF(6000, out, 1), D3D_OK);
    CHECK(out[0] == 0); // not applied yet
    CHECK_EQ(recorded->Apply(), D3D_OK);
    CHECK_EQ(t->GetVertexShaderConstantF(6000, out, 1), D3D_OK);
    CHECK(out[0] == 5 && out[3] == 8);
    recorded->Release();
}
