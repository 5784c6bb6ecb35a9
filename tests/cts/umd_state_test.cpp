// The UMD door's state setters (include/ddivk/umd_state.h): each scene is drawn through DP2 tokens
// and through the UMD table (shaders, declarations, constants, render and texture stage states,
// viewport, scissor, clears), and both must give the pixels the test computes from the scene's
// rectangles and the D3D9 rule it names. Then what only the UMD door has: driver-chosen handles
// shared with the DP2 door, state blocks through StateSet, and bad handles or out-of-range values
// that return D3DERR_INVALIDCALL and leave the next draw as it was.
#include <cmath>
#include <vector>

#include "cts/cts_fixture.h"
#include "shader/assembler.h"

namespace ddivk::test {
namespace {

// A rectangle of pixel centres [x0, x1) x [y0, y1) in one colour.
struct Rect {
    int x0, y0, x1, y1;
    uint32_t color;
};

void fill(Pixels& p, const Rect& r) {
    for (int y = r.y0; y < r.y1; ++y)
        for (int x = r.x0; x < r.x1; ++x)
            p[{x, y}] = r.color;
}

// Two triangles whose edges lie half a pixel outside the rectangle's centres (D3D9 puts pixel
// centres on integers), so exactly its pixels are covered.
void addQuad(std::vector<PixelVertex>& v, float x0, float y0, float x1, float y1, uint32_t color) {
    const PixelVertex a{x0, y0, color}, b{x1, y0, color}, c{x0, y1, color}, d{x1, y1, color};
    v.insert(v.end(), {a, b, c, c, b, d});
}

// Channel-wise a * s + b * (1 - s), rounded, the alpha read as 0xFF (an X8R8G8B8 target).
uint32_t mix(uint32_t a, uint32_t b, float s) {
    uint32_t out = 0xFF000000u;
    for (int shift = 0; shift < 24; shift += 8) {
        const float v = float(a >> shift & 0xFF) * s + float(b >> shift & 0xFF) * (1.0f - s);
        out |= uint32_t(std::lround(v)) << shift;
    }
    return out;
}

// 0..1 floats to an opaque D3DCOLOR, rounded.
uint32_t colorOf(float r, float g, float b) {
    auto c = [](float v) { return uint32_t(std::lround(v * 255.0f)); };
    return 0xFF000000u | c(r) << 16 | c(g) << 8 | c(b);
}

class UmdState : public Cts {
  protected:
    // The coloured-point program through `door`, pixel coordinates to clip space, background.
    Program useColorProgram(Door door) {
        const Program p = setProgram(door, kColorPointVs, kColorPointPs, colorPointDeclaration());
        setPixelToClip(door);
        clearTarget(door);
        return p;
    }
    // Draws the rectangles (a fresh vertex buffer) through `door`.
    void drawRects(Door door, const std::vector<Rect>& rects) {
        std::vector<PixelVertex> v;
        for (const Rect& r : rects)
            addQuad(v, float(r.x0) - 0.5f, float(r.y0) - 0.5f, float(r.x1) - 0.5f, float(r.y1) - 0.5f,
                    r.color);
        setStream(door, 0, createBuffer(v), 0, sizeof(PixelVertex));
        ASSERT_EQ(drawPrimitive(door, D3DPT_TRIANGLELIST, 0, uint32_t(v.size() / 3)), S_OK);
    }
};

class UmdStateBothDoors : public UmdState, public ::testing::WithParamInterface<Door> {};

// D3DRS_ALPHABLENDENABLE with SRCBLEND = SRCALPHA, DESTBLEND = INVSRCALPHA: "the final colour is
// source * source alpha + destination * (1 - source alpha)" (D3DBLEND, alpha blending state).
TEST_P(UmdStateBothDoors, AlphaBlendSrcAlphaInvSrcAlphaMixesSourceOverDestination) {
    const Door door = GetParam();
    useColorProgram(door);
    const Rect under{8, 8, 40, 32, 0xFF2040C0};
    const Rect over{24, 16, 56, 40, 0x80F0A010}; // alpha 0x80
    drawRects(door, {under});
    ASSERT_EQ(setRenderState(door, D3DRS_ALPHABLENDENABLE, 1), S_OK);
    ASSERT_EQ(setRenderState(door, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA), S_OK);
    ASSERT_EQ(setRenderState(door, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA), S_OK);
    drawRects(door, {over});

    Pixels want;
    fill(want, under);
    const float a = float(over.color >> 24) / 255.0f;
    for (int y = over.y0; y < over.y1; ++y)
        for (int x = over.x0; x < over.x1; ++x) {
            const auto it = want.find({x, y});
            want[{x, y}] = mix(over.color, it == want.end() ? kCtsBackground : it->second, a);
        }
    expectScene(want, 1);
}

// D3DRS_SCISSORTESTENABLE with SetScissorRect: "pixels outside the rectangle are discarded";
// the rect's right and bottom are exclusive.
TEST_P(UmdStateBothDoors, ScissorTestDiscardsPixelsOutsideTheRect) {
    const Door door = GetParam();
    useColorProgram(door);
    const RECT scissor{10, 6, 30, 20};
    ASSERT_EQ(setScissorRect(door, scissor), S_OK);
    ASSERT_EQ(setRenderState(door, D3DRS_SCISSORTESTENABLE, 1), S_OK);
    drawRects(door, {{0, 0, int(kWidth), int(kHeight), 0xFF30C050}});

    Pixels want;
    fill(want, {scissor.left, scissor.top, scissor.right, scissor.bottom, 0xFF30C050});
    expectScene(want);
}

// Clear with rects: "the rectangles to clear"; pixels outside them keep their colour.
TEST_P(UmdStateBothDoors, ClearWithRectsClearsOnlyThoseRects) {
    const Door door = GetParam();
    clearTarget(door);
    const std::vector<RECT> rects = {{2, 3, 10, 9}, {40, 30, 64, 48}};
    ASSERT_EQ(clearWith(door, D3DCLEAR_TARGET, 0xFF80FF00, rects), S_OK);

    Pixels want;
    for (const RECT& r : rects)
        fill(want, {r.left, r.top, r.right, r.bottom, 0xFF80FF00});
    expectScene(want);
}

// The viewport maps clip space onto its rectangle (D3DVIEWPORT9: X + (1 + x) * Width / 2, Y +
// (1 - y) * Height / 2); the pixel-to-clip constants address the whole target, so a vertex at
// "pixel" p lands on X + p * Width / kWidth.
TEST_P(UmdStateBothDoors, ViewportMapsClipSpaceOntoItsRectangle) {
    const Door door = GetParam();
    useColorProgram(door);
    const uint32_t vx = 16, vy = 8, vw = 32, vh = 24;
    ASSERT_EQ(setViewport(door, vx, vy, vw, vh), S_OK);
    // Edges at target pixels 19.5 / 35.5 and 11.5 / 27.5: halfway between centres.
    const float p0 = 7.0f, p1 = 39.0f;
    std::vector<PixelVertex> v;
    addQuad(v, p0, p0, p1, p1, 0xFFE0E020);
    setStream(door, 0, createBuffer(v), 0, sizeof(PixelVertex));
    ASSERT_EQ(drawPrimitive(door, D3DPT_TRIANGLELIST, 0, 2), S_OK);

    const auto edgeX = [&](float p) { return float(vx) + p * float(vw) / float(kWidth); };
    const auto edgeY = [&](float p) { return float(vy) + p * float(vh) / float(kHeight); };
    Pixels want;
    fill(want, {int(std::ceil(edgeX(p0))), int(std::ceil(edgeY(p0))), int(std::ceil(edgeX(p1))),
                int(std::ceil(edgeY(p1))), 0xFFE0E020});
    expectScene(want);
}

// Float, integer and BOOL pixel shader constants: rep i0 repeats i0.x times, if b0 takes its
// branch when b0 is TRUE (ps_3_0 flow control).
TEST_P(UmdStateBothDoors, PixelShaderFloatIntAndBoolConstantsReachTheShader) {
    const Door door = GetParam();
    constexpr const char* kPs = R"(ps_3_0
mov r0, c1
rep i0
add r0, r0, c2
endrep
if b0
mov oC0, r0
else
mov oC0, c3
endif
)";
    setProgram(door, kColorPointVs, kPs, colorPointDeclaration());
    setPixelToClip(door);
    clearTarget(door);
    const float c1[3] = {0.1f, 0.2f, 0.3f}, c2[3] = {0.1f, 0.05f, 0.2f}, c3[3] = {0.9f, 0.1f, 0.5f};
    const int reps = 3;
    ASSERT_EQ(setPsConstant(door, 1, c1[0], c1[1], c1[2], 1.0f), S_OK);
    ASSERT_EQ(setPsConstant(door, 2, c2[0], c2[1], c2[2], 0.0f), S_OK);
    ASSERT_EQ(setPsConstant(door, 3, c3[0], c3[1], c3[2], 1.0f), S_OK);
    ASSERT_EQ(setPsConstantI(door, 0, reps, 0, 1, 0), S_OK);
    ASSERT_EQ(setPsConstantB(door, 0, true), S_OK);
    drawRects(door, {{4, 4, 28, 20, 0xFF000000}});
    ASSERT_EQ(setPsConstantB(door, 0, false), S_OK);
    drawRects(door, {{34, 24, 60, 44, 0xFF000000}});

    Pixels want;
    fill(want, {4, 4, 28, 20, colorOf(c1[0] + reps * c2[0], c1[1] + reps * c2[1], c1[2] + reps * c2[2])});
    fill(want, {34, 24, 60, 44, colorOf(c3[0], c3[1], c3[2])});
    expectScene(want, 1);
}

// The fixed-function pixel stage: D3DTSS_COLOROP = SELECTARG1 with COLORARG1 = D3DTA_TFACTOR
// outputs D3DRS_TEXTUREFACTOR, whatever the vertex colour.
TEST_P(UmdStateBothDoors, TextureStageSelectArg1OfTFactorOutputsTheTextureFactor) {
    const Door door = GetParam();
    setProgram(door, kColorPointVs, nullptr, colorPointDeclaration());
    setPixelToClip(door);
    clearTarget(door);
    ASSERT_EQ(setTextureStageState(door, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1), S_OK);
    ASSERT_EQ(setTextureStageState(door, 0, D3DTSS_COLORARG1, D3DTA_TFACTOR), S_OK);
    ASSERT_EQ(setRenderState(door, D3DRS_TEXTUREFACTOR, 0xFF40C080), S_OK);
    drawRects(door, {{12, 10, 50, 40, 0xFF102030}});

    Pixels want;
    fill(want, {12, 10, 50, 40, 0xFF40C080});
    expectScene(want);
}

INSTANTIATE_TEST_SUITE_P(BothDoors, UmdStateBothDoors, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

class UmdStateDepth : public UmdState, public ::testing::WithParamInterface<Door> {
  protected:
    UmdStateDepth() { depthFormat_ = D3DFMT_D24S8; }
};

// D3DRS_ZFUNC = D3DCMP_LESS: "accept the new pixel if its value is less than the value of the
// current pixel"; the depth comes from the vertex shader's c1.z, set between the draws, and the
// clear sets the depth buffer to 1.
TEST_P(UmdStateDepth, ZFuncLessKeepsTheNearerSurface) {
    const Door door = GetParam();
    setProgram(door, kColorPointVs, kColorPointPs, colorPointDeclaration());
    setPixelToClip(door);
    ASSERT_EQ(clearWith(door, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, kCtsBackground, {}, 1.0f), S_OK);
    ASSERT_EQ(setRenderState(door, D3DRS_ZENABLE, 1), S_OK);
    ASSERT_EQ(setRenderState(door, D3DRS_ZWRITEENABLE, 1), S_OK);
    ASSERT_EQ(setRenderState(door, D3DRS_ZFUNC, D3DCMP_LESS), S_OK);
    const Rect near{8, 8, 40, 32, 0xFFC02020}, far{20, 16, 56, 44, 0xFF2020C0};
    ASSERT_EQ(setVsConstant(door, 1, -1.0f, 1.0f, 0.25f, 1.0f), S_OK);
    drawRects(door, {near});
    ASSERT_EQ(setVsConstant(door, 1, -1.0f, 1.0f, 0.75f, 1.0f), S_OK);
    drawRects(door, {far});

    Pixels want;
    fill(want, far);
    fill(want, near); // nearer: wins where they overlap
    expectScene(want);
}

// A depth range of no depth (MaxZ at or below MinZ) is a thousandth deep, MinZ to MinZ + 0.001,
// as Windows draws it (Wine's test_viewport: a quad at z = 1 lands at depth 0.001 for MinZ = MaxZ
// = 0, at 0.501 for MinZ 0.5 and MaxZ 0).
TEST_P(UmdStateDepth, AnEmptyDepthRangeIsAThousandthDeep) {
    const Door door = GetParam();
    setProgram(door, kColorPointVs, kColorPointPs, colorPointDeclaration());
    setPixelToClip(door);
    ASSERT_EQ(setRenderState(door, D3DRS_ZENABLE, 1), S_OK);
    ASSERT_EQ(setVsConstant(door, 1, -1.0f, 1.0f, 1.0f, 1.0f), S_OK); // z = 1: MaxZ
    const Rect quad{8, 8, 40, 32, 0xFFC02020};
    struct Case {
        float minZ, maxZ, lands;
    };
    for (const Case c : {Case{0.0f, 0.0f, 0.001f}, Case{0.5f, 0.0f, 0.501f}, Case{0.25f, 0.25f, 0.251f}}) {
        SCOPED_TRACE(testing::Message() << "MinZ " << c.minZ << " MaxZ " << c.maxZ);
        ASSERT_EQ(setZRange(door, c.minZ, c.maxZ), S_OK);
        // Drawn over a depth just below where it lands, not over one just above.
        for (const bool below : {true, false}) {
            const float cleared = below ? c.lands - 0.0001f : c.lands + 0.0001f;
            ASSERT_EQ(clearWith(door, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, kCtsBackground, {}, cleared), S_OK);
            ASSERT_EQ(setRenderState(door, D3DRS_ZFUNC, D3DCMP_GREATER), S_OK);
            drawRects(door, {quad});
            Pixels want;
            if (below) fill(want, quad);
            expectScene(want);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(BothDoors, UmdStateDepth, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

HANDLE handleOf(uint64_t h) {
    return reinterpret_cast<HANDLE>(uintptr_t(h));
}

// "One handle space": shaders and declarations the UMD door creates are set by DP2 tokens under
// the handles it returned, and those DP2 tokens created are set through the UMD door.
TEST_F(UmdState, ShaderAndDeclarationHandlesAreTheSameObjectsThroughEitherDoor) {
    const Program umdMade = useColorProgram(Door::Umd);
    EXPECT_NE(umdMade.vs, 0u);
    EXPECT_NE(umdMade.ps, 0u);
    EXPECT_NE(umdMade.decl, 0u);
    const Program dp2Made = setProgram(Door::Dp2, kColorPointVs, kColorPointPs, colorPointDeclaration());
    for (uint32_t h : {dp2Made.vs, dp2Made.ps, dp2Made.decl})
        EXPECT_TRUE(h != umdMade.vs && h != umdMade.ps && h != umdMade.decl) << "handle " << h << " reused";

    // The UMD door's objects through DP2 tokens.
    CommandStream s;
    s.cmd(D3DDP2OP_SETVERTEXSHADERDECL, 1).put(D3DHAL_DP2VERTEXSHADER{umdMade.decl});
    s.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{umdMade.vs});
    s.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{umdMade.ps});
    run(s);
    const Rect first{4, 4, 30, 20, 0xFFA0C040};
    drawRects(Door::Dp2, {first});

    // The DP2 door's objects through the UMD door.
    ASSERT_EQ(umdState().pfnSetVertexShaderDecl(dev(), handleOf(dp2Made.decl)), S_OK);
    ASSERT_EQ(umdState().pfnSetVertexShaderFunc(dev(), handleOf(dp2Made.vs)), S_OK);
    ASSERT_EQ(umdState().pfnSetPixelShader(dev(), handleOf(dp2Made.ps)), S_OK);
    const Rect second{34, 24, 60, 44, 0xFF4080E0};
    drawRects(Door::Umd, {second});

    // Deleted through one door, gone for the other.
    ASSERT_EQ(umdState().pfnDeletePixelShader(dev(), handleOf(umdMade.ps)), S_OK);
    CommandStream again;
    again.cmd(D3DDP2OP_DELETEPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{umdMade.ps});
    EXPECT_EQ(execute(again, nullptr, 0, 0, 0), D3DERR_INVALIDCALL);

    Pixels want;
    fill(want, first);
    fill(want, second);
    expectScene(want);
}

// State blocks through StateSet (D3DHAL_STATESET*): BEGIN returns a new handle and records
// instead of applying; END closes it; EXECUTE applies what it recorded; after DELETE the handle
// names nothing. CREATE returns another handle.
TEST_F(UmdState, StateSetRecordsExecutesAndDeletesBlocksUnderTheHandlesItReturns) {
    setProgram(Door::Umd, kColorPointVs, nullptr, colorPointDeclaration());
    setPixelToClip(Door::Umd);
    clearTarget(Door::Umd);
    ASSERT_EQ(setTextureStageState(Door::Umd, 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1), S_OK);
    ASSERT_EQ(setTextureStageState(Door::Umd, 0, D3DTSS_COLORARG1, D3DTA_TFACTOR), S_OK);
    const uint32_t recorded = 0xFF20A0F0, current = 0xFFF0A020;

    D3DDDIARG_STATESET begin{D3DHAL_STATESETBEGIN, 0, nullptr};
    ASSERT_EQ(umdState().pfnStateSet(dev(), &begin), S_OK);
    ASSERT_NE(begin.hStateSet, nullptr);
    ASSERT_EQ(setRenderState(Door::Umd, D3DRS_TEXTUREFACTOR, recorded), S_OK);
    D3DDDIARG_STATESET end{D3DHAL_STATESETEND, 0, begin.hStateSet};
    ASSERT_EQ(umdState().pfnStateSet(dev(), &end), S_OK);
    D3DDDIARG_STATESET create{D3DHAL_STATESETCREATE, D3DSBT_ALL, nullptr};
    ASSERT_EQ(umdState().pfnStateSet(dev(), &create), S_OK);
    EXPECT_NE(create.hStateSet, nullptr);
    EXPECT_NE(create.hStateSet, begin.hStateSet);

    ASSERT_EQ(setRenderState(Door::Umd, D3DRS_TEXTUREFACTOR, current), S_OK);
    drawRects(Door::Umd, {{4, 4, 30, 20, 0xFF000000}});
    D3DDDIARG_STATESET execute{D3DHAL_STATESETEXECUTE, 0, begin.hStateSet};
    ASSERT_EQ(umdState().pfnStateSet(dev(), &execute), S_OK);
    drawRects(Door::Umd, {{34, 24, 60, 44, 0xFF000000}});

    D3DDDIARG_STATESET remove{D3DHAL_STATESETDELETE, 0, begin.hStateSet};
    ASSERT_EQ(umdState().pfnStateSet(dev(), &remove), S_OK);
    EXPECT_EQ(umdState().pfnStateSet(dev(), &execute), D3DERR_INVALIDCALL);

    Pixels want;
    fill(want, {4, 4, 30, 20, current});
    fill(want, {34, 24, 60, 44, recorded});
    expectScene(want);
}

// Bad handles and out-of-range values: D3DERR_INVALIDCALL, nothing changed (docs/state.md; the
// DDI's error boundary). The scene after them is the one the state before them draws.
TEST_F(UmdState, BadHandlesAndOutOfRangeValuesFailWithInvalidCallAndChangeNothing) {
    constexpr const char* kPs = "ps_3_0\nmov oC0, c5\n";
    const Program p = setProgram(Door::Umd, kColorPointVs, kPs, colorPointDeclaration());
    setPixelToClip(Door::Umd);
    clearTarget(Door::Umd);
    const float c5[3] = {0.2f, 0.6f, 0.4f};
    ASSERT_EQ(setPsConstant(Door::Umd, 5, c5[0], c5[1], c5[2], 1.0f), S_OK);
    const DDIVK_D3DDDI_STATEFUNCS& f = umdState();
    const HRESULT bad = D3DERR_INVALIDCALL;

    // Handles: unknown, wider than 32 bits, of the other kind, on an unknown device.
    EXPECT_EQ(f.pfnSetVertexShaderFunc(dev(), handleOf(0x7777)), bad);
    EXPECT_EQ(f.pfnSetVertexShaderFunc(dev(), handleOf(p.vs | 0x100000000ull)), bad);
    EXPECT_EQ(f.pfnSetPixelShader(dev(), handleOf(p.vs)), bad);
    EXPECT_EQ(f.pfnSetVertexShaderDecl(dev(), handleOf(p.vs)), bad);
    EXPECT_EQ(f.pfnDeletePixelShader(dev(), handleOf(0x7777)), bad);
    EXPECT_EQ(f.pfnDeleteVertexShaderDecl(dev(), handleOf(0x7777)), bad);
    EXPECT_EQ(f.pfnSetPixelShader(hDevice(0xBAD0), handleOf(p.ps)), bad);
    const D3DDDIARG_SETRENDERTARGET unknownTarget{0, handleOf(0x7777), 0}, level1{0, handleOf(target_), 1};
    EXPECT_EQ(f.pfnSetRenderTarget(dev(), &unknownTarget), bad);
    EXPECT_EQ(f.pfnSetRenderTarget(dev(), &level1), bad);
    D3DDDIARG_STATESET executeUnknown{D3DHAL_STATESETEXECUTE, 0, handleOf(0x7777)};
    EXPECT_EQ(f.pfnStateSet(dev(), &executeUnknown), bad);
    const D3DDDIARG_DESTROYLIGHT neverCreated{3};
    EXPECT_EQ(f.pfnDestroyLight(dev(), &neverCreated), bad);

    // Values out of range.
    const D3DDDIARG_RENDERSTATE pastLast{D3DRS_BLENDOPALPHA + 1, 1};
    EXPECT_EQ(f.pfnSetRenderState(dev(), &pastLast), bad);
    const D3DDDIARG_TEXTURESTAGESTATE stage8{8, D3DTSS_COLOROP, D3DTOP_SELECTARG1},
        wideStage{0x10000, D3DTSS_COLOROP, D3DTOP_SELECTARG1};
    EXPECT_EQ(f.pfnSetTextureStageState(dev(), &stage8), bad);
    EXPECT_EQ(f.pfnSetTextureStageState(dev(), &wideStage), bad); // not stage 0 truncated
    const D3DDDIARG_SETCLIPPLANE plane6{6, {1, 0, 0, 0}};
    EXPECT_EQ(f.pfnSetClipPlane(dev(), &plane6), bad);
    const D3DDDIARG_SETTRANSFORM noSuchTransform{9999, {}};
    EXPECT_EQ(f.pfnSetTransform(dev(), &noSuchTransform), bad);
    // Registers 5 .. 228 run past ps_3_0's 224: c5 must keep its value.
    const std::vector<float> green(224 * 4, 1.0f);
    const D3DDDIARG_SETPIXELSHADERCONST pastEnd{5, 224};
    EXPECT_EQ(f.pfnSetPixelShaderConst(dev(), &pastEnd, green.data()), bad);
    const D3DDDIARG_SETVERTEXSHADERCONST noValues{0, 1};
    EXPECT_EQ(f.pfnSetVertexShaderConst(dev(), &noValues, nullptr), bad);
    const D3DDDIARG_SETLIGHT dataWithoutLight{0, D3DDDI_SETLIGHT_DATA};
    EXPECT_EQ(f.pfnSetLight(dev(), &dataWithoutLight, nullptr), bad);

    // Creates that fail return no handle.
    auto vsCode = shader::assemble(kColorPointVs);
    ASSERT_TRUE(vsCode);
    D3DDDIARG_CREATEVERTEXSHADERFUNC oddSize{6, nullptr};
    EXPECT_EQ(f.pfnCreateVertexShaderFunc(dev(), &oddSize, vsCode->data()), bad);
    EXPECT_EQ(oddSize.ShaderHandle, nullptr);
    D3DDDIARG_CREATEPIXELSHADER vertexCode{uint32_t(vsCode->size() * 4), nullptr};
    EXPECT_EQ(f.pfnCreatePixelShader(dev(), &vertexCode, vsCode->data()), bad);
    EXPECT_EQ(vertexCode.ShaderHandle, nullptr);
    const D3DDDIVERTEXELEMENT badType[] = {{0, 0, 99, 0, D3DDECLUSAGE_POSITION, 0}};
    D3DDDIARG_CREATEVERTEXSHADERDECL badDecl{1, nullptr};
    EXPECT_EQ(f.pfnCreateVertexShaderDecl(dev(), &badDecl, badType), bad);
    EXPECT_EQ(badDecl.ShaderHandle, nullptr);

    drawRects(Door::Umd, {{10, 8, 54, 40, 0xFF000000}});
    Pixels want;
    fill(want, {10, 8, 54, 40, colorOf(c5[0], c5[1], c5[2])});
    expectScene(want, 1);
}

} // namespace
} // namespace ddivk::test
