// IDirect3DStateBlock9 through the device: recording, the predefined types, Capture and Apply,
// read back through the Get methods and through the pixels a draw leaves; the references a
// block holds on the buffers it captured.
#include "check.h"
#include "device_support.h"
#include "shader_support.h"
#include "texture_support.h" // mismatchedPixels

#include <cstring>

namespace {

bool inside(int x, int y, int x0, int y0, int x1, int y1) {
    return x >= x0 && x < x1 && y >= y0 && y < y1;
}

DWORD renderState(IDirect3DDevice9* device, D3DRENDERSTATETYPE type) {
    DWORD value = 0xDEADBEEF;
    CHECK_EQ(device->GetRenderState(type, &value), D3D_OK);
    return value;
}

D3DMATRIX scale(float s) {
    D3DMATRIX m{};
    m._11 = m._22 = m._33 = s;
    m._44 = 1.0f;
    return m;
}

bool sameMatrix(const D3DMATRIX& a, const D3DMATRIX& b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

void drawRect(IDirect3DDevice9* device, int x0, int y0, int x1, int y1, DWORD colour) {
    const std::vector<ScreenVertex> quad = screenRect(x0, y0, x1, y1, 0.5f, colour);
    CHECK_EQ(device->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, quad.data(), sizeof(ScreenVertex)), D3D_OK);
}

IDirect3DVertexBuffer9* rectBuffer(IDirect3DDevice9* device, int x0, int y0, int x1, int y1, DWORD colour) {
    const std::vector<ScreenVertex> quad = screenRect(x0, y0, x1, y1, 0.5f, colour);
    const UINT bytes = UINT(quad.size() * sizeof(ScreenVertex));
    IDirect3DVertexBuffer9* vb = nullptr;
    if (device->CreateVertexBuffer(bytes, 0, 0, D3DPOOL_DEFAULT, &vb, nullptr) != D3D_OK) return nullptr;
    void* p = nullptr;
    if (vb->Lock(0, 0, &p, 0) != D3D_OK) {
        vb->Release();
        return nullptr;
    }
    std::memcpy(p, quad.data(), bytes);
    vb->Unlock();
    return vb;
}

} // namespace

// CreateStateBlock takes D3DSBT_ALL, PIXELSTATE and VERTEXSTATE and a non-null output;
// Begin/EndStateBlock nest not; no CreateStateBlock, Capture or Apply while recording.
TEST(StateBlock, CallsOutsideTheRulesAreInvalid) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DStateBlock9* sb = nullptr;
    CHECK_EQ(t->CreateStateBlock(D3DSTATEBLOCKTYPE(0), &sb), D3DERR_INVALIDCALL);
    CHECK_EQ(t->CreateStateBlock(D3DSTATEBLOCKTYPE(4), &sb), D3DERR_INVALIDCALL);
    CHECK_EQ(t->CreateStateBlock(D3DSBT_ALL, nullptr), D3DERR_INVALIDCALL);
    CHECK(sb == nullptr);
    CHECK_EQ(t->EndStateBlock(&sb), D3DERR_INVALIDCALL); // not recording
    IDirect3DStateBlock9* all = nullptr;
    REQUIRE(t->CreateStateBlock(D3DSBT_ALL, &all) == D3D_OK);
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->BeginStateBlock(), D3DERR_INVALIDCALL);
    CHECK_EQ(t->CreateStateBlock(D3DSBT_ALL, &sb), D3DERR_INVALIDCALL);
    CHECK_EQ(all->Capture(), D3DERR_INVALIDCALL);
    CHECK_EQ(all->Apply(), D3DERR_INVALIDCALL);
    CHECK_EQ(t->EndStateBlock(nullptr), D3DERR_INVALIDCALL); // the recording goes on
    CHECK_EQ(t->EndStateBlock(&sb), D3D_OK);
    REQUIRE(sb != nullptr);
    CHECK_EQ(all->Apply(), D3D_OK);
    CHECK_EQ(sb->Release(), 0);
    CHECK_EQ(all->Release(), 0);
}

// A block holds its device; GetDevice gives it; the last Release deletes the block.
TEST(StateBlock, BlockHoldsAndGivesItsDevice) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DStateBlock9* sb = nullptr;
    REQUIRE(t->CreateStateBlock(D3DSBT_PIXELSTATE, &sb) == D3D_OK);
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(sb->GetDevice(&device), D3D_OK);
    CHECK(device == t.device);
    CHECK_EQ(device->Release(), 2); // the program's and the block's
    CHECK_EQ(sb->Release(), 0);
    CHECK_EQ(t->AddRef(), 2);
    CHECK_EQ(t->Release(), 1);
}

// "Between BeginStateBlock and EndStateBlock, setters record into the block": the device keeps
// its state until Apply, which sets exactly what was recorded.
TEST(StateBlock, RecordedStatesChangeTheDeviceOnlyWhenApplied) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DVertexBuffer9* vb = rectBuffer(t.device, 0, 0, 4, 4, 0xFFFFFFFF);
    REQUIRE(vb != nullptr);
    const D3DMATRIX world = scale(2.0f);
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_CW), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_GREATER), D3D_OK);
    CHECK_EQ(t->SetTransform(D3DTS_WORLD, &world), D3D_OK);
    CHECK_EQ(t->SetStreamSource(1, vb, 12, sizeof(ScreenVertex)), D3D_OK);
    IDirect3DStateBlock9* sb = nullptr;
    CHECK_EQ(t->EndStateBlock(&sb), D3D_OK);
    REQUIRE(sb != nullptr);
    // Nothing changed on the device.
    CHECK_EQ(renderState(t.device, D3DRS_CULLMODE), D3DCULL_CCW);
    CHECK_EQ(renderState(t.device, D3DRS_ZFUNC), D3DCMP_LESSEQUAL);
    D3DMATRIX m{};
    CHECK_EQ(t->GetTransform(D3DTS_WORLD, &m), D3D_OK);
    CHECK(sameMatrix(m, scale(1.0f)));
    IDirect3DVertexBuffer9* bound = reinterpret_cast<IDirect3DVertexBuffer9*>(1);
    UINT offset = 1, stride = 1;
    CHECK_EQ(t->GetStreamSource(1, &bound, &offset, &stride), D3D_OK);
    CHECK(bound == nullptr);
    // Other state set on the device survives an Apply of a block that does not hold it.
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(sb->Apply(), D3D_OK);
    CHECK_EQ(renderState(t.device, D3DRS_CULLMODE), D3DCULL_CW);
    CHECK_EQ(renderState(t.device, D3DRS_ZFUNC), D3DCMP_GREATER);
    CHECK_EQ(renderState(t.device, D3DRS_LIGHTING), FALSE);
    CHECK_EQ(t->GetTransform(D3DTS_WORLD, &m), D3D_OK);
    CHECK(sameMatrix(m, world));
    CHECK_EQ(t->GetStreamSource(1, &bound, &offset, &stride), D3D_OK);
    CHECK(bound == vb);
    CHECK_EQ(offset, 12);
    CHECK_EQ(stride, sizeof(ScreenVertex));
    if (bound) bound->Release();
    CHECK_EQ(sb->Release(), 0);
    CHECK_EQ(t->SetStreamSource(1, nullptr, 0, 0), D3D_OK);
    CHECK_EQ(vb->Release(), 0);
}

// Applied states reach the driver: a recorded colour write mask (red only) and a recorded
// cull mode (the rectangle's clockwise triangles culled) change what the next draws leave.
TEST(StateBlock, AppliedStatesChangeWhatTheDrawsLeave) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_COLORWRITEENABLE, D3DCOLORWRITEENABLE_RED), D3D_OK);
    IDirect3DStateBlock9* redOnly = nullptr;
    CHECK_EQ(t->EndStateBlock(&redOnly), D3D_OK);
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_CW), D3D_OK);
    IDirect3DStateBlock9* cullClockwise = nullptr;
    CHECK_EQ(t->EndStateBlock(&cullClockwise), D3D_OK);
    REQUIRE(redOnly && cullClockwise);

    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    drawRect(t.device, 0, 0, 16, 16, 0xFFFFFFFF); // recorded states not applied: all channels
    CHECK_EQ(redOnly->Apply(), D3D_OK);
    drawRect(t.device, 16, 0, 32, 16, 0xFFFFFFFF); // red only
    CHECK_EQ(cullClockwise->Apply(), D3D_OK);
    drawRect(t.device, 0, 16, 32, 32, 0xFFFFFFFF); // culled
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 32, 32,
                              [](int x, int y) {
                                  if (inside(x, y, 0, 0, 16, 16)) return 0xFFFFFFu;
                                  return inside(x, y, 16, 0, 32, 16) ? 0xFF0000u : 0u;
                              }),
             0);
    redOnly->Release();
    cullClockwise->Release();
}

// "Capture: only the states already in the block are captured" and Apply sets only those.
TEST(StateBlock, CaptureUpdatesOnlyWhatTheBlockHolds) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_ALWAYS), D3D_OK);
    IDirect3DStateBlock9* sb = nullptr;
    CHECK_EQ(t->EndStateBlock(&sb), D3D_OK);
    REQUIRE(sb != nullptr);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_GREATER), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE), D3D_OK);
    CHECK_EQ(sb->Capture(), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_LESS), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_CW), D3D_OK);
    CHECK_EQ(sb->Apply(), D3D_OK);
    CHECK_EQ(renderState(t.device, D3DRS_ZFUNC), D3DCMP_GREATER); // captured
    CHECK_EQ(renderState(t.device, D3DRS_CULLMODE), D3DCULL_CW);  // not held: untouched
    sb->Release();
}

// D3DRS_DEBUGMONITORTOKEN reads 0xbaadcafe on a new device and after Reset (Wine's stateblock
// test records Windows' default); a value set reads back.
TEST(StateBlock, DebugMonitorTokenStartsAsWindowsMarker) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(renderState(t.device, D3DRS_DEBUGMONITORTOKEN), 0xbaadcafeu);
    CHECK_EQ(t->SetRenderState(D3DRS_DEBUGMONITORTOKEN, D3DDMT_DISABLE), D3D_OK);
    CHECK_EQ(renderState(t.device, D3DRS_DEBUGMONITORTOKEN), DWORD(D3DDMT_DISABLE));
    D3DPRESENT_PARAMETERS p = windowedParameters(t.window.hwnd, 16, 16, false);
    CHECK_EQ(t->Reset(&p), D3D_OK);
    CHECK_EQ(renderState(t.device, D3DRS_DEBUGMONITORTOKEN), 0xbaadcafeu);
    // A draw after it still draws (the driver takes the value).
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    drawRect(t.device, 0, 0, 16, 16, 0xFF00FF00);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16, [](int, int) { return 0x00FF00u; }), 0);
}

// A block that holds no vertex declaration (nor FVF) leaves the device's on Apply: captured,
// recorded or D3DSBT_VERTEXSTATE alike (Wine's test_vdecl_apply records Windows).
TEST(StateBlock, ANullDeclarationIsNotApplied) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0}, D3DDECL_END()};
    IDirect3DVertexDeclaration9* declaration = nullptr;
    REQUIRE(t->CreateVertexDeclaration(elements, &declaration) == D3D_OK);
    IDirect3DStateBlock9* blocks[3] = {};
    CHECK_EQ(t->SetVertexDeclaration(nullptr), D3D_OK);
    CHECK_EQ(t->CreateStateBlock(D3DSBT_ALL, &blocks[0]), D3D_OK);
    CHECK_EQ(t->CreateStateBlock(D3DSBT_VERTEXSTATE, &blocks[1]), D3D_OK);
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetVertexDeclaration(nullptr), D3D_OK);
    CHECK_EQ(t->EndStateBlock(&blocks[2]), D3D_OK);
    for (IDirect3DStateBlock9* sb : blocks) {
        REQUIRE(sb != nullptr);
        CHECK_EQ(t->SetVertexDeclaration(declaration), D3D_OK);
        CHECK_EQ(sb->Apply(), D3D_OK);
        IDirect3DVertexDeclaration9* got = nullptr;
        CHECK_EQ(t->GetVertexDeclaration(&got), D3D_OK);
        CHECK(got == declaration);
        if (got) got->Release();
        sb->Release();
    }
    CHECK_EQ(t->SetVertexDeclaration(nullptr), D3D_OK);
    declaration->Release();
}

// D3DSBT_PIXELSTATE holds pixel states (ZFUNC) and not vertex states (CULLMODE, stream
// frequency); D3DSBT_VERTEXSTATE the other way round; D3DSBT_ALL both, and transforms.
TEST(StateBlock, PredefinedTypesHoldTheirOwnStatesOnly) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const D3DMATRIX view = scale(3.0f);
    CHECK_EQ(t->SetTransform(D3DTS_VIEW, &view), D3D_OK);
    IDirect3DStateBlock9 *pixel = nullptr, *vertex = nullptr, *all = nullptr;
    REQUIRE(t->CreateStateBlock(D3DSBT_PIXELSTATE, &pixel) == D3D_OK);
    REQUIRE(t->CreateStateBlock(D3DSBT_VERTEXSTATE, &vertex) == D3D_OK);
    REQUIRE(t->CreateStateBlock(D3DSBT_ALL, &all) == D3D_OK);
    auto scramble = [&] {
        CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_ALWAYS), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE), D3D_OK);
        CHECK_EQ(t->SetStreamSourceFreq(0, 3), D3D_OK);
        const D3DMATRIX other = scale(5.0f);
        CHECK_EQ(t->SetTransform(D3DTS_VIEW, &other), D3D_OK);
    };
    UINT frequency = 0;
    D3DMATRIX m{};

    scramble();
    CHECK_EQ(pixel->Apply(), D3D_OK);
    CHECK_EQ(renderState(t.device, D3DRS_ZFUNC), D3DCMP_LESSEQUAL);
    CHECK_EQ(renderState(t.device, D3DRS_CULLMODE), D3DCULL_NONE);
    CHECK_EQ(t->GetStreamSourceFreq(0, &frequency), D3D_OK);
    CHECK_EQ(frequency, 3);

    scramble();
    CHECK_EQ(vertex->Apply(), D3D_OK);
    CHECK_EQ(renderState(t.device, D3DRS_ZFUNC), D3DCMP_ALWAYS);
    CHECK_EQ(renderState(t.device, D3DRS_CULLMODE), D3DCULL_CCW);
    CHECK_EQ(t->GetStreamSourceFreq(0, &frequency), D3D_OK);
    CHECK_EQ(frequency, 1);

    scramble();
    CHECK_EQ(all->Apply(), D3D_OK);
    CHECK_EQ(renderState(t.device, D3DRS_ZFUNC), D3DCMP_LESSEQUAL);
    CHECK_EQ(renderState(t.device, D3DRS_CULLMODE), D3DCULL_CCW);
    CHECK_EQ(t->GetStreamSourceFreq(0, &frequency), D3D_OK);
    CHECK_EQ(frequency, 1);
    CHECK_EQ(t->GetTransform(D3DTS_VIEW, &m), D3D_OK);
    CHECK(sameMatrix(m, view));
    for (IDirect3DStateBlock9* sb : {pixel, vertex, all})
        CHECK_EQ(sb->Release(), 0);
}

// A block keeps the buffers it captured alive, as D3D9's do: released by the program and
// unbound, the buffer still draws after the block is applied, and GetStreamSource gives it.
TEST(StateBlock, AppliedBlockRebindsABufferTheProgramReleased) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DVertexBuffer9* vb = rectBuffer(t.device, 4, 6, 20, 30, 0xFF00FF00);
    REQUIRE(vb != nullptr);
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, vb, 0, sizeof(ScreenVertex)), D3D_OK);
    IDirect3DStateBlock9* sb = nullptr;
    CHECK_EQ(t->EndStateBlock(&sb), D3D_OK);
    REQUIRE(sb != nullptr);
    vb->Release(); // the program's last reference
    CHECK_EQ(t->SetFVF(D3DFVF_XYZ), D3D_OK);
    CHECK_EQ(sb->Apply(), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->DrawPrimitive(D3DPT_TRIANGLELIST, 0, 2), D3D_OK);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 32, 32,
                              [](int x, int y) { return inside(x, y, 4, 6, 20, 30) ? 0x00FF00u : 0u; }),
             0);
    IDirect3DVertexBuffer9* bound = nullptr;
    UINT offset = 1, stride = 0;
    CHECK_EQ(t->GetStreamSource(0, &bound, &offset, &stride), D3D_OK);
    CHECK(bound != nullptr);
    if (bound) {
        D3DVERTEXBUFFER_DESC desc{};
        CHECK_EQ(bound->GetDesc(&desc), D3D_OK);
        CHECK_EQ(desc.Size, 6 * sizeof(ScreenVertex));
        bound->Release();
    }
    // Without the block and unbound, the buffer goes; the device goes on drawing.
    CHECK_EQ(sb->Release(), 0);
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    drawRect(t.device, 0, 0, 32, 32, 0xFF0000FF);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 32, 32, [](int, int) { return 0x0000FFu; }), 0);
}

// "Reset fails unless the application releases ... state blocks" (Direct3D 9 Lost Devices);
// once the block is released, Reset works.
TEST(StateBlock, ResetIsRefusedWhileABlockLives) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DStateBlock9* sb = nullptr;
    REQUIRE(t->CreateStateBlock(D3DSBT_ALL, &sb) == D3D_OK);
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 16, 16, false);
    CHECK_EQ(t->Reset(&pp), D3DERR_INVALIDCALL);
    CHECK_EQ(sb->Release(), 0);
    pp = windowedParameters(t.window.hwnd, 16, 16, false);
    CHECK_EQ(t->Reset(&pp), D3D_OK);
}

// Wine's test_set_rt_vp_scissor records Windows: SetRenderTarget(0, ...) resets the viewport and
// the scissor rectangle to the new target on the device, even while a block is recorded, and the
// block does not take the reset (a viewport recorded before it stays in the block).
TEST(StateBlock, NewRenderTargetResetsTheViewportOfTheDeviceWhileRecording) {
    TestDevice t(64, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9 *target = nullptr, *backBuffer = nullptr;
    REQUIRE(t->CreateRenderTarget(16, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &target, nullptr) ==
            D3D_OK);
    REQUIRE(t->GetRenderTarget(0, &backBuffer) == D3D_OK);
    const D3DVIEWPORT9 recorded{1, 2, 3, 4, 0.25f, 0.75f};
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetViewport(&recorded), D3D_OK);
    CHECK_EQ(t->SetRenderTarget(0, target), D3D_OK);
    IDirect3DStateBlock9* block = nullptr;
    CHECK_EQ(t->EndStateBlock(&block), D3D_OK);
    REQUIRE(block != nullptr);
    D3DVIEWPORT9 viewport{};
    RECT scissor{};
    CHECK_EQ(t->GetViewport(&viewport), D3D_OK);
    CHECK(viewport.X == 0 && viewport.Y == 0 && viewport.Width == 16 && viewport.Height == 8 &&
          viewport.MinZ == 0.0f && viewport.MaxZ == 1.0f);
    CHECK_EQ(t->GetScissorRect(&scissor), D3D_OK);
    CHECK(scissor.left == 0 && scissor.top == 0 && scissor.right == 16 && scissor.bottom == 8);

    // The target back: the reset follows it. Applying the block brings its own viewport and
    // leaves the scissor rectangle, which it does not hold.
    CHECK_EQ(t->SetRenderTarget(0, backBuffer), D3D_OK);
    CHECK_EQ(block->Apply(), D3D_OK);
    CHECK_EQ(t->GetViewport(&viewport), D3D_OK);
    CHECK(std::memcmp(&viewport, &recorded, sizeof viewport) == 0);
    CHECK_EQ(t->GetScissorRect(&scissor), D3D_OK);
    CHECK(scissor.left == 0 && scissor.top == 0 && scissor.right == 64 && scissor.bottom == 32);
    releaseAll(block, backBuffer, target);
}

// Wine's stateblock test records Windows: while a block is recorded the getters give the
// device's bindings, not the recorded ones; the block keeps what it recorded alive (the program
// released it before EndStateBlock) and Apply binds it.
TEST(StateBlock, GettersGiveTheDevicesBindingsWhileRecording) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DVertexBuffer9* vb = nullptr;
    IDirect3DIndexBuffer9* ib = nullptr;
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateVertexBuffer(64, 0, 0, D3DPOOL_MANAGED, &vb, nullptr) == D3D_OK);
    REQUIRE(t->CreateIndexBuffer(64, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    IDirect3DVertexShader9* vs = nullptr;
    IDirect3DPixelShader9* ps = nullptr;
    IDirect3DVertexDeclaration9* declaration = nullptr;
    REQUIRE(t->CreateVertexShader(shader_code::kColourVs30, &vs) == D3D_OK);
    REQUIRE(t->CreatePixelShader(shader_code::kColourPs30, &ps) == D3D_OK);
    REQUIRE(t->CreateVertexDeclaration(kPositionColour, &declaration) == D3D_OK);
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetVertexShader(vs), D3D_OK);
    CHECK_EQ(t->SetPixelShader(ps), D3D_OK);
    CHECK_EQ(t->SetVertexDeclaration(declaration), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, vb, 16, 12), D3D_OK);
    CHECK_EQ(t->SetIndices(ib), D3D_OK);
    CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
    IDirect3DVertexBuffer9* gotVb = reinterpret_cast<IDirect3DVertexBuffer9*>(1);
    IDirect3DIndexBuffer9* gotIb = reinterpret_cast<IDirect3DIndexBuffer9*>(1);
    IDirect3DBaseTexture9* gotTexture = reinterpret_cast<IDirect3DBaseTexture9*>(1);
    UINT offset = 1, stride = 1;
    CHECK_EQ(t->GetStreamSource(0, &gotVb, &offset, &stride), D3D_OK);
    CHECK(gotVb == nullptr);
    CHECK_EQ(offset, 0u);
    CHECK_EQ(stride, 0u);
    CHECK_EQ(t->GetIndices(&gotIb), D3D_OK);
    CHECK(gotIb == nullptr);
    CHECK_EQ(t->GetTexture(0, &gotTexture), D3D_OK);
    CHECK(gotTexture == nullptr);
    // Released by the program while recorded: the recording and then the block keep them.
    CHECK_EQ(vb->Release(), 0u);
    CHECK_EQ(ib->Release(), 0u);
    CHECK_EQ(texture->Release(), 0u);
    CHECK_EQ(vs->Release(), 0u);
    CHECK_EQ(ps->Release(), 0u);
    CHECK_EQ(declaration->Release(), 0u);
    IDirect3DStateBlock9* block = nullptr;
    CHECK_EQ(t->EndStateBlock(&block), D3D_OK);
    REQUIRE(block != nullptr);
    CHECK_EQ(block->Apply(), D3D_OK);
    CHECK_EQ(t->GetStreamSource(0, &gotVb, &offset, &stride), D3D_OK);
    CHECK(gotVb == vb);
    CHECK_EQ(offset, 16u);
    CHECK_EQ(stride, 12u);
    CHECK_EQ(t->GetIndices(&gotIb), D3D_OK);
    CHECK(gotIb == ib);
    CHECK_EQ(t->GetTexture(0, &gotTexture), D3D_OK);
    CHECK(gotTexture == texture);
    IDirect3DVertexShader9* gotVs = nullptr;
    IDirect3DPixelShader9* gotPs = nullptr;
    IDirect3DVertexDeclaration9* gotDeclaration = nullptr;
    CHECK_EQ(t->GetVertexShader(&gotVs), D3D_OK);
    CHECK(gotVs == vs);
    CHECK_EQ(t->GetPixelShader(&gotPs), D3D_OK);
    CHECK(gotPs == ps);
    CHECK_EQ(t->GetVertexDeclaration(&gotDeclaration), D3D_OK);
    CHECK(gotDeclaration == declaration);
    releaseAll(gotVb, gotIb, gotTexture, gotVs, gotPs, gotDeclaration);
    CHECK_EQ(t->SetVertexShader(nullptr), D3D_OK);
    CHECK_EQ(t->SetPixelShader(nullptr), D3D_OK);
    CHECK_EQ(t->SetVertexDeclaration(nullptr), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    CHECK_EQ(t->SetIndices(nullptr), D3D_OK);
    CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
    block->Release();
}

// Wine's stateblock test records where Windows' predefined blocks depart from the SDK's lists:
// VERTEXSTATE holds SHADEMODE, FOGENABLE, SPECULARENABLE and NORMALIZENORMALS; PIXELSTATE holds
// SHADEMODE but not SPECULARENABLE, LOCALVIEWER or the four *MATERIALSOURCE.
TEST(StateBlock, PredefinedTypesFollowWindowsForTheLightingStates) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const D3DRENDERSTATETYPE vertexOnly[] = {D3DRS_FOGENABLE,
                                             D3DRS_SPECULARENABLE,
                                             D3DRS_NORMALIZENORMALS,
                                             D3DRS_LOCALVIEWER,
                                             D3DRS_DIFFUSEMATERIALSOURCE,
                                             D3DRS_SPECULARMATERIALSOURCE,
                                             D3DRS_AMBIENTMATERIALSOURCE,
                                             D3DRS_EMISSIVEMATERIALSOURCE};
    // Values other than the defaults, then the defaults back after the blocks are made.
    auto setAll = [&](bool changed) {
        CHECK_EQ(t->SetRenderState(D3DRS_SHADEMODE, changed ? D3DSHADE_FLAT : D3DSHADE_GOURAUD), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_FOGENABLE, changed ? TRUE : FALSE), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_SPECULARENABLE, changed ? TRUE : FALSE), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_NORMALIZENORMALS, changed ? TRUE : FALSE), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_LOCALVIEWER, changed ? FALSE : TRUE), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_DIFFUSEMATERIALSOURCE, changed ? D3DMCS_MATERIAL : D3DMCS_COLOR1),
                 D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_SPECULARMATERIALSOURCE, changed ? D3DMCS_MATERIAL : D3DMCS_COLOR2),
                 D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_AMBIENTMATERIALSOURCE, changed ? D3DMCS_COLOR1 : D3DMCS_MATERIAL),
                 D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_EMISSIVEMATERIALSOURCE, changed ? D3DMCS_COLOR1 : D3DMCS_MATERIAL),
                 D3D_OK);
    };
    auto changedValue = [](D3DRENDERSTATETYPE s) -> DWORD {
        switch (s) {
        case D3DRS_LOCALVIEWER:
            return FALSE;
        case D3DRS_DIFFUSEMATERIALSOURCE:
        case D3DRS_SPECULARMATERIALSOURCE:
            return D3DMCS_MATERIAL;
        case D3DRS_AMBIENTMATERIALSOURCE:
        case D3DRS_EMISSIVEMATERIALSOURCE:
            return D3DMCS_COLOR1;
        default:
            return TRUE;
        }
    };
    setAll(true);
    IDirect3DStateBlock9 *vertex = nullptr, *pixel = nullptr;
    REQUIRE(t->CreateStateBlock(D3DSBT_VERTEXSTATE, &vertex) == D3D_OK);
    REQUIRE(t->CreateStateBlock(D3DSBT_PIXELSTATE, &pixel) == D3D_OK);
    setAll(false);
    DWORD value = 0;
    CHECK_EQ(pixel->Apply(), D3D_OK);
    CHECK_EQ(t->GetRenderState(D3DRS_SHADEMODE, &value), D3D_OK);
    CHECK_EQ(value, DWORD(D3DSHADE_FLAT));
    for (D3DRENDERSTATETYPE s : vertexOnly) {
        CHECK_EQ(t->GetRenderState(s, &value), D3D_OK);
        CHECK(value != changedValue(s)); // PIXELSTATE left it at the default
    }
    setAll(false);
    CHECK_EQ(vertex->Apply(), D3D_OK);
    CHECK_EQ(t->GetRenderState(D3DRS_SHADEMODE, &value), D3D_OK);
    CHECK_EQ(value, DWORD(D3DSHADE_FLAT));
    for (D3DRENDERSTATETYPE s : vertexOnly) {
        CHECK_EQ(t->GetRenderState(s, &value), D3D_OK);
        CHECK_EQ(value, changedValue(s));
    }
    releaseAll(vertex, pixel);
}
