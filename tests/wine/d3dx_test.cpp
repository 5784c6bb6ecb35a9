// Wine's D3DX on our d3d9.dll: most D3D9 programs draw through d3dx9_*.dll, which under Wine is
// Wine's own, calling the IDirect3DDevice9 it is given. Textures loaded from BMP and DDS files,
// sprites (with the state blocks they save and restore), fonts (glyphs rendered by GDI into
// textures), meshes, a screenshot saved as a BMP, pixels loaded into a render target and
// ID3DXRenderToSurface are drawn or read here and the pixels compared. (Wine 8's D3DX compiles
// too little HLSL for an effect from source, and its ID3DXLine draws only 1-pixel lines.)
#include "check.h"
#include "device_support.h"

#include <d3dx9.h>

#include <cstring>
#include <vector>

namespace {

constexpr DWORD kQuadrants[4] = {0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00}; // TL, TR, BL, BR

// A 24-bit bottom-up BMP file of size x size pixels, one colour per quadrant (kQuadrants).
std::vector<uint8_t> quadrantBmp(int size) {
    const int rowBytes = (size * 3 + 3) & ~3;
    BITMAPFILEHEADER file{};
    BITMAPINFOHEADER info{};
    file.bfType = 0x4D42; // "BM"
    file.bfOffBits = sizeof(file) + sizeof(info);
    file.bfSize = file.bfOffBits + DWORD(rowBytes * size);
    info.biSize = sizeof(info);
    info.biWidth = size;
    info.biHeight = size; // bottom-up
    info.biPlanes = 1;
    info.biBitCount = 24;
    info.biCompression = BI_RGB;
    std::vector<uint8_t> bytes(file.bfSize);
    std::memcpy(bytes.data(), &file, sizeof(file));
    std::memcpy(bytes.data() + sizeof(file), &info, sizeof(info));
    for (int y = 0; y < size; ++y) {
        uint8_t* row = bytes.data() + file.bfOffBits + size_t(size - 1 - y) * rowBytes;
        for (int x = 0; x < size; ++x) {
            const DWORD c = kQuadrants[(y >= size / 2) * 2 + (x >= size / 2)];
            row[x * 3 + 0] = uint8_t(c);       // blue
            row[x * 3 + 1] = uint8_t(c >> 8);  // green
            row[x * 3 + 2] = uint8_t(c >> 16); // red
        }
    }
    return bytes;
}

DWORD rgbAt(const std::vector<uint32_t>& pixels, UINT width, int x, int y) {
    return pixels[size_t(y) * width + size_t(x)] & 0xFFFFFF;
}

// Draws `texture` (size x size texels, kQuadrants' colours) with ID3DXSprite at (16, 24), scaled
// down `shrink` times (the sprite's transform), on a target cleared to 0x202020, and checks that
// each quadrant lands on the pixels under it and the rest of the target keeps the clear colour.
void checkSpriteShowsQuadrants(IDirect3DDevice9* device, IDirect3DTexture9* texture, int size,
                               int shrink = 1) {
    ID3DXSprite* sprite = nullptr;
    REQUIRE(D3DXCreateSprite(device, &sprite) == D3D_OK);
    CHECK_EQ(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF202020, 1.0f, 0), D3D_OK);
    CHECK_EQ(device->BeginScene(), D3D_OK);
    CHECK_EQ(sprite->Begin(D3DXSPRITE_ALPHABLEND), D3D_OK);
    D3DXMATRIX scale;
    D3DXMatrixScaling(&scale, 1.0f / float(shrink), 1.0f / float(shrink), 1.0f);
    CHECK_EQ(sprite->SetTransform(&scale), D3D_OK);
    const D3DXVECTOR3 at(16.0f * float(shrink), 24.0f * float(shrink), 0.0f);
    CHECK_EQ(sprite->Draw(texture, nullptr, nullptr, &at, 0xFFFFFFFF), D3D_OK);
    CHECK_EQ(sprite->End(), D3D_OK);
    CHECK_EQ(device->EndScene(), D3D_OK);
    sprite->Release();

    const std::vector<uint32_t> pixels = readBackBuffer(device);
    REQUIRE(pixels.size() == 64 * 64);
    size /= shrink; // on the screen
    const int half = size / 2;
    for (int q = 0; q < 4; ++q) {
        const int x0 = 16 + (q % 2) * half, y0 = 24 + (q / 2) * half;
        // Every pixel of the quadrant but its border, where a sampler's filter may reach over.
        for (int y = y0 + 1; y < y0 + half - 1; ++y)
            for (int x = x0 + 1; x < x0 + half - 1; ++x)
                CHECK_EQ(rgbAt(pixels, 64, x, y), kQuadrants[q]);
    }
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x)
            if (x < 15 || x > 16 + size || y < 23 || y > 24 + size)
                CHECK_EQ(rgbAt(pixels, 64, x, y), 0x202020u);
}

// A DDS file of DXT1 blocks, size x size texels (a multiple of 8), each quadrant solid in
// kQuadrants' colours (exact in R5G6B5), one level.
std::vector<uint8_t> quadrantDds(int size) {
    const int blocks = size / 4;
    std::vector<uint32_t> words(1 + 31, 0);        // "DDS " and the 124-byte header
    words[0] = 0x20534444;                         // "DDS "
    words[1] = 124;                                // dwSize
    words[2] = 0x1 | 0x2 | 0x4 | 0x1000 | 0x80000; // CAPS HEIGHT WIDTH PIXELFORMAT LINEARSIZE
    words[3] = UINT(size);                         // height
    words[4] = UINT(size);                         // width
    words[5] = UINT(blocks * blocks * 8);          // the top level's bytes
    words[7] = 1;                                  // mipmaps
    words[19] = 32;                                // pixel format: dwSize
    words[20] = 0x4;                               // DDPF_FOURCC
    words[21] = 0x31545844;                        // "DXT1"
    words[27] = 0x1000;                            // DDSCAPS_TEXTURE
    std::vector<uint8_t> bytes(words.size() * 4);
    std::memcpy(bytes.data(), words.data(), bytes.size());
    constexpr uint16_t k565[4] = {0xF800, 0x07E0, 0x001F, 0xFFE0}; // kQuadrants
    for (int by = 0; by < blocks; ++by)
        for (int bx = 0; bx < blocks; ++bx) {
            const uint16_t c = k565[(by >= blocks / 2) * 2 + (bx >= blocks / 2)];
            // Both end points the colour, every index 0: the block is solid.
            const uint8_t block[8] = {uint8_t(c), uint8_t(c >> 8), uint8_t(c), uint8_t(c >> 8), 0, 0, 0, 0};
            bytes.insert(bytes.end(), block, block + 8);
        }
    return bytes;
}

} // namespace

// A texture made by D3DXCreateTextureFromFileInMemoryEx from a BMP, drawn by ID3DXSprite: the
// quadrants land where they belong, and the sprite gives back the device state it changed (its
// state block).
TEST(D3DX, ASpriteDrawsATextureLoadedFromABmp) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    const std::vector<uint8_t> bmp = quadrantBmp(16);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(D3DXCreateTextureFromFileInMemoryEx(t.device, bmp.data(), UINT(bmp.size()), 16, 16, 1, 0,
                                                D3DFMT_X8R8G8B8, D3DPOOL_MANAGED, D3DX_FILTER_NONE,
                                                D3DX_FILTER_NONE, 0, nullptr, nullptr, &texture) == D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_CW), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ALPHABLENDENABLE, FALSE), D3D_OK);
    checkSpriteShowsQuadrants(t.device, texture, 16);
    DWORD value = 0;
    CHECK_EQ(t->GetRenderState(D3DRS_CULLMODE, &value), D3D_OK);
    CHECK_EQ(value, DWORD(D3DCULL_CW));
    CHECK_EQ(t->GetRenderState(D3DRS_ALPHABLENDENABLE, &value), D3D_OK);
    CHECK_EQ(value, DWORD(FALSE));
    texture->Release();
}

// D3DX makes the mipmaps of a texture it loads (a box filter on the CPU, written through each
// level's lock). With level 0 then painted white, the sprite drawn a quarter of its size samples
// level 2, whose quadrants are still the pure colours (each quadrant averages to itself).
TEST(D3DX, ASpriteDrawnSmallerSamplesTheMipmapsD3dxMade) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    const std::vector<uint8_t> bmp = quadrantBmp(32);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(D3DXCreateTextureFromFileInMemoryEx(t.device, bmp.data(), UINT(bmp.size()), 32, 32, D3DX_DEFAULT,
                                                0, D3DFMT_X8R8G8B8, D3DPOOL_MANAGED, D3DX_FILTER_NONE,
                                                D3DX_FILTER_BOX, 0, nullptr, nullptr, &texture) == D3D_OK);
    CHECK_EQ(texture->GetLevelCount(), 6u);
    // Level 0 made white afterwards: what shows is the smaller levels D3DX wrote.
    D3DLOCKED_RECT locked{};
    REQUIRE(texture->LockRect(0, &locked, nullptr, 0) == D3D_OK);
    for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 32; ++x)
            static_cast<DWORD*>(
                static_cast<void*>(static_cast<uint8_t*>(locked.pBits) + y * locked.Pitch))[x] = 0xFFFFFFFF;
    CHECK_EQ(texture->UnlockRect(0), D3D_OK);
    checkSpriteShowsQuadrants(t.device, texture, 32, 4);
    texture->Release();
}

// A DXT1 texture loaded from a DDS file, kept in its format: the blocks decode to the quadrants.
TEST(D3DX, ADxt1TextureLoadedFromADdsKeepsItsBlocks) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    const std::vector<uint8_t> dds = quadrantDds(16);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(D3DXCreateTextureFromFileInMemoryEx(t.device, dds.data(), UINT(dds.size()), D3DX_DEFAULT,
                                                D3DX_DEFAULT, 1, 0, D3DFMT_UNKNOWN, D3DPOOL_MANAGED,
                                                D3DX_FILTER_NONE, D3DX_FILTER_NONE, 0, nullptr, nullptr,
                                                &texture) == D3D_OK);
    D3DSURFACE_DESC desc{};
    CHECK_EQ(texture->GetLevelDesc(0, &desc), D3D_OK);
    CHECK_EQ(desc.Format, D3DFMT_DXT1);
    CHECK_EQ(desc.Width, 16u);
    checkSpriteShowsQuadrants(t.device, texture, 16);
    texture->Release();
}

// ID3DXFont draws a string: D3DX renders the glyphs with GDI into a texture and draws them as
// sprites. The lit pixels lie inside the rectangle D3DX computes for the string (DT_CALCRECT, on
// the CPU) and cover a fair share of it; nothing is lit outside it.
TEST(D3DX, AFontDrawsTextInsideItsRectangle) {
    TestDevice t(128, 64);
    REQUIRE(t.device != nullptr);
    ID3DXFont* font = nullptr;
    REQUIRE(D3DXCreateFontW(t.device, 32, 0, FW_BOLD, 1, FALSE, DEFAULT_CHARSET, OUT_DEFAULT_PRECIS,
                            NONANTIALIASED_QUALITY, DEFAULT_PITCH | FF_DONTCARE, L"Tahoma", &font) == D3D_OK);
    const wchar_t* text = L"HWM";
    RECT bounds{8, 8, 8, 8};
    REQUIRE(font->DrawTextW(nullptr, text, -1, &bounds, DT_LEFT | DT_TOP | DT_NOCLIP | DT_CALCRECT, 0) > 0);
    REQUIRE(bounds.right > bounds.left + 8 && bounds.bottom > bounds.top + 8);
    REQUIRE(bounds.right <= 128 && bounds.bottom <= 64);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    RECT at{8, 8, 8, 8};
    CHECK(font->DrawTextW(nullptr, text, -1, &at, DT_LEFT | DT_TOP | DT_NOCLIP, 0xFFFFFFFF) > 0);
    CHECK_EQ(t->EndScene(), D3D_OK);

    const std::vector<uint32_t> pixels = readBackBuffer(t.device);
    REQUIRE(pixels.size() == 128 * 64);
    int inside = 0, outside = 0;
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 128; ++x) {
            const bool lit = (rgbAt(pixels, 128, x, y) & 0xFF) > 0x80;
            const bool within = x >= bounds.left && x < bounds.right && y >= bounds.top && y < bounds.bottom;
            (within ? inside : outside) += lit;
        }
    const int area = (bounds.right - bounds.left) * (bounds.bottom - bounds.top);
    CHECK_EQ(outside, 0);
    // Bold capitals fill well over a tenth of their box, and never all of it.
    CHECK(inside * 10 > area);
    CHECK(inside < area);
    font->Release();
}

// A unit cube from D3DXCreateBox, drawn by its ID3DXMesh through the fixed-function pipeline
// with an orthographic projection 4 units wide looking down z: its front face covers the middle
// half of the 64 x 64 target, pixels 16..47 each way, in the texture factor's colour.
TEST(D3DX, ABoxMeshCoversItsProjectedSquare) {
    TestDevice t(64, 64, true);
    REQUIRE(t.device != nullptr);
    ID3DXMesh* box = nullptr;
    REQUIRE(D3DXCreateBox(t.device, 2.0f, 2.0f, 2.0f, &box, nullptr) == D3D_OK);
    D3DXMATRIX identity, projection;
    D3DXMatrixIdentity(&identity);
    D3DXMatrixOrthoLH(&projection, 4.0f, 4.0f, -10.0f, 10.0f);
    // Moved a quarter pixel left and up (a pixel is 4 / 64 units), so that no edge runs through
    // pixel centres (D3D9's lie on integer coordinates) and no tie rule decides the coverage.
    D3DXMATRIX world;
    D3DXMatrixTranslation(&world, -0.015625f, 0.015625f, 0.0f);
    CHECK_EQ(t->SetTransform(D3DTS_WORLD, &world), D3D_OK);
    CHECK_EQ(t->SetTransform(D3DTS_VIEW, &identity), D3D_OK);
    CHECK_EQ(t->SetTransform(D3DTS_PROJECTION, &projection), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_TEXTUREFACTOR, 0xFF3080C0), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_TFACTOR), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(box->DrawSubset(0), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);

    const std::vector<uint32_t> pixels = readBackBuffer(t.device);
    REQUIRE(pixels.size() == 64 * 64);
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) {
            const bool inside = x >= 16 && x < 48 && y >= 16 && y < 48;
            CHECK_EQ(rgbAt(pixels, 64, x, y), inside ? 0x3080C0u : 0u);
        }
    box->Release();
}

// A screenshot as programs take one: D3DXSaveSurfaceToFileInMemory of the back buffer (a
// default-pool render target, read back by D3DX through the device) as a BMP file, whose pixels
// are the frame's: a clear colour with a rectangle of another drawn on it.
TEST(D3DX, ABackBufferSavedAsABmpHoldsTheFrame) {
    TestDevice t(32, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF103050, 1.0f, 0), D3D_OK);
    const D3DRECT part{4, 2, 12, 10};
    CHECK_EQ(t->Clear(1, &part, D3DCLEAR_TARGET, 0xFFE0A060, 1.0f, 0), D3D_OK);
    IDirect3DSurface9* backBuffer = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &backBuffer) == D3D_OK);
    ID3DXBuffer* file = nullptr;
    const HRESULT saved = D3DXSaveSurfaceToFileInMemory(&file, D3DXIFF_BMP, backBuffer, nullptr, nullptr);
    backBuffer->Release();
    REQUIRE(saved == D3D_OK);
    REQUIRE(file != nullptr);

    // Read the BMP: the file and info headers, then rows of the header's depth.
    const auto* bytes = static_cast<const uint8_t*>(file->GetBufferPointer());
    const size_t size = file->GetBufferSize();
    BITMAPFILEHEADER head{};
    BITMAPINFOHEADER info{};
    REQUIRE(size >= sizeof(head) + sizeof(info));
    std::memcpy(&head, bytes, sizeof(head));
    std::memcpy(&info, bytes + sizeof(head), sizeof(info));
    REQUIRE(head.bfType == 0x4D42);
    REQUIRE(info.biWidth == 32);
    REQUIRE(info.biHeight == 16 || info.biHeight == -16);
    REQUIRE(info.biBitCount == 24 || info.biBitCount == 32);
    const int bytesPerPixel = info.biBitCount / 8;
    const size_t rowBytes = (size_t(32) * bytesPerPixel + 3) & ~size_t{3};
    REQUIRE(head.bfOffBits + rowBytes * 16 <= size);
    for (int y = 0; y < 16; ++y) {
        const int row = info.biHeight > 0 ? 15 - y : y;
        const uint8_t* line = bytes + head.bfOffBits + rowBytes * size_t(row);
        for (int x = 0; x < 32; ++x) {
            const uint8_t* p = line + x * bytesPerPixel;
            const DWORD rgb = DWORD(p[2]) << 16 | DWORD(p[1]) << 8 | p[0];
            const bool inside = x >= 4 && x < 12 && y >= 2 && y < 10;
            CHECK_EQ(rgb, inside ? 0xE0A060u : 0x103050u);
        }
    }
    file->Release();
}

// D3DXLoadSurfaceFromMemory into a render target the program cannot lock (D3DX goes through a
// surface of its own and the device's copies), scaled twice by POINT filtering on the CPU: each
// source pixel becomes a 2 x 2 square.
TEST(D3DX, PixelsLoadedFromMemoryReachARenderTarget) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* target = nullptr;
    REQUIRE(t->CreateRenderTarget(16, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &target, nullptr) ==
            D3D_OK);
    DWORD source[8 * 8];
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x)
            source[y * 8 + x] = 0xFF000000 | kQuadrants[(y >= 4) * 2 + (x >= 4)];
    const RECT from{0, 0, 8, 8};
    CHECK_EQ(D3DXLoadSurfaceFromMemory(target, nullptr, nullptr, source, D3DFMT_A8R8G8B8, 8 * 4, nullptr,
                                       &from, D3DX_FILTER_POINT, 0),
             D3D_OK);
    const std::vector<uint32_t> pixels = readPixels(t.device, target);
    REQUIRE(pixels.size() == 16 * 16);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            CHECK_EQ(rgbAt(pixels, 16, x, y), kQuadrants[(y >= 8) * 2 + (x >= 8)]);
    target->Release();
}

// ID3DXRenderToSurface renders into a render-target texture's level between its own
// BeginScene and EndScene, then gives the device its render target and viewport back.
TEST(D3DX, RenderToSurfaceDrawsIntoATextureAndRestoresTheTarget) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &texture,
                             nullptr) == D3D_OK);
    IDirect3DSurface9* level = nullptr;
    REQUIRE(texture->GetSurfaceLevel(0, &level) == D3D_OK);
    ID3DXRenderToSurface* rts = nullptr;
    REQUIRE(D3DXCreateRenderToSurface(t.device, 16, 16, D3DFMT_X8R8G8B8, FALSE, D3DFMT_UNKNOWN, &rts) ==
            D3D_OK);
    IDirect3DSurface9* before = nullptr;
    REQUIRE(t->GetRenderTarget(0, &before) == D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);

    const D3DVIEWPORT9 inside{0, 0, 16, 16, 0.0f, 1.0f};
    CHECK_EQ(rts->BeginScene(level, &inside), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF40C080, 1.0f, 0), D3D_OK);
    const D3DRECT corner{0, 0, 4, 4};
    CHECK_EQ(t->Clear(1, &corner, D3DCLEAR_TARGET, 0xFFFF0000, 1.0f, 0), D3D_OK);
    CHECK_EQ(rts->EndScene(D3DX_FILTER_NONE), D3D_OK);

    IDirect3DSurface9* after = nullptr;
    REQUIRE(t->GetRenderTarget(0, &after) == D3D_OK);
    CHECK(after == before);
    D3DVIEWPORT9 viewport{};
    CHECK_EQ(t->GetViewport(&viewport), D3D_OK);
    CHECK_EQ(viewport.Width, 32u);
    CHECK_EQ(viewport.Height, 32u);
    const std::vector<uint32_t> drawn = readPixels(t.device, level);
    REQUIRE(drawn.size() == 16 * 16);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x)
            CHECK_EQ(rgbAt(drawn, 16, x, y), x < 4 && y < 4 ? 0xFF0000u : 0x40C080u);
    const std::vector<uint32_t> screen = readBackBuffer(t.device);
    REQUIRE(screen.size() == 32 * 32);
    CHECK_EQ(rgbAt(screen, 32, 2, 2), 0u);
    releaseAll(after, before, rts, level, texture);
}
