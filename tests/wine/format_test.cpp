// CheckDeviceType, CheckDeviceFormat, CheckDepthStencilMatch,
// CheckDeviceFormatConversion on adapter 0 (lavapipe under Wine in CI).
#include "check.h"
#include "support.h"

namespace {

HRESULT format(IDirect3D9* d3d, DWORD usage, D3DRESOURCETYPE type, D3DFORMAT f) {
    return d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, usage, type, f);
}

} // namespace

// "Display formats and back buffer formats": X8R8G8B8 displays show X8R8G8B8 or A8R8G8B8 back
// buffers; UNKNOWN is the display's format in windowed mode only; other pairs are not available.
TEST(CheckDeviceType, BackBufferFormatsPairWithTheDisplayFormat) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_X8R8G8B8, TRUE), D3D_OK);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_A8R8G8B8, FALSE), D3D_OK);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_UNKNOWN, TRUE), D3D_OK);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_UNKNOWN, FALSE), D3DERR_INVALIDCALL);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_R5G6B5, FALSE),
             D3DERR_NOTAVAILABLE);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8, D3DFMT_A8R8G8B8, TRUE), D3DERR_NOTAVAILABLE);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_A2R10G10B10, D3DFMT_A2R10G10B10, TRUE),
             D3DERR_NOTAVAILABLE); // 10-bit display modes are full-screen only
}

// In windowed mode Present converts the back buffer to the desktop's format, so any back buffer
// format the device renders to and converts into the display format is available, 16-bit ones on
// a 32-bit desktop included (Wine's test_display_formats computes Windows' answer so, from
// CheckDeviceFormat and CheckDeviceFormatConversion).
TEST(CheckDeviceType, WindowedBackBuffersAreConvertedToTheDisplayFormat) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    const D3DFORMAT displays[] = {D3DFMT_R5G6B5, D3DFMT_X1R5G5B5, D3DFMT_X8R8G8B8};
    const D3DFORMAT backBuffers[] = {D3DFMT_R5G6B5,   D3DFMT_X1R5G5B5, D3DFMT_A1R5G5B5,
                                     D3DFMT_X8R8G8B8, D3DFMT_A8R8G8B8, D3DFMT_A2R10G10B10};
    for (D3DFORMAT display : displays) {
        for (D3DFORMAT back : backBuffers) {
            const bool renders = d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, display, D3DUSAGE_RENDERTARGET,
                                                        D3DRTYPE_SURFACE, back) == D3D_OK;
            const bool converts =
                d3d->CheckDeviceFormatConversion(0, D3DDEVTYPE_HAL, back, display) == D3D_OK;
            CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, display, back, TRUE),
                     renders && converts ? D3D_OK : D3DERR_NOTAVAILABLE);
        }
    }
    // lavapipe renders and blits all of these: the 16-bit back buffers on a 32-bit desktop.
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_R5G6B5, TRUE), D3D_OK);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_X1R5G5B5, TRUE), D3D_OK);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_R5G6B5, D3DFMT_X8R8G8B8, TRUE), D3D_OK);
    // A display format with alpha is none, windowed or not.
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_A1R5G5B5, D3DFMT_A1R5G5B5, TRUE),
             D3DERR_NOTAVAILABLE);
}

// ddivk is a HAL: the reference and software rasterizers are not available; an unknown device
// type value is an invalid call.
TEST(CheckDeviceType, OnlyTheHalIsAvailable) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE_REF, D3DFMT_X8R8G8B8, D3DFMT_X8R8G8B8, TRUE), D3DERR_NOTAVAILABLE);
    CHECK_EQ(d3d->CheckDeviceType(0, D3DDEVTYPE(77), D3DFMT_X8R8G8B8, D3DFMT_X8R8G8B8, TRUE), D3DERR_INVALIDCALL);
    D3DCAPS9 caps{};
    CHECK_EQ(d3d->GetDeviceCaps(0, D3DDEVTYPE_REF, &caps), D3DERR_NOTAVAILABLE);
    CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_EQ(d3d->CheckDeviceFormat(0, D3DDEVTYPE_REF, D3DFMT_X8R8G8B8, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_NOTAVAILABLE);
    // No adapter format is a bad call before the device type is looked at (Wine's
    // test_check_device_format).
    for (D3DDEVTYPE type : {D3DDEVTYPE_HAL, D3DDEVTYPE_REF, D3DDEVTYPE_SW})
        CHECK_EQ(d3d->CheckDeviceFormat(0, type, D3DFMT_UNKNOWN, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
                 D3DERR_INVALIDCALL);
}

// Render targets: the back-buffer formats render; volume textures are never render targets
// ("Volume textures are not render targets", docs/draw-translator.md, as in D3D9).
TEST(CheckDeviceFormat, RenderTargetsOfTheDriver) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, D3DFMT_X8R8G8B8), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_CUBETEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_VOLUMETEXTURE, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    // D3DFMT_NULL: render-target surfaces without memory, never textures.
    const D3DFORMAT null = D3DFORMAT(MAKEFOURCC('N', 'U', 'L', 'L'));
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, null), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, null), D3DERR_NOTAVAILABLE);
}

// Depth: D24S8 and D16 depth-stencil surfaces; INTZ and the shadow maps (D16, D24X8, D24S8:
// shadow_map_test.cpp) are depth textures, D32F_LOCKABLE is not; depth formats are nothing but
// depth buffers.
TEST(CheckDeviceFormat, DepthStencilSurfacesAndDepthTextures) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    const D3DFORMAT intz = D3DFORMAT(MAKEFOURCC('I', 'N', 'T', 'Z'));
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D24S8), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D16), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, intz), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, D3DFMT_D16), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, D3DFMT_D32F_LOCKABLE),
             D3DERR_NOTAVAILABLE);
    // The lockable D16 and the floating-point D24FS8 are depth buffers, not textures.
    for (D3DFORMAT f : {D3DFMT_D16_LOCKABLE, D3DFMT_D24FS8}) {
        CHECK_EQ(format(d3d.d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, f), D3D_OK);
        CHECK_EQ(format(d3d.d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, f), D3DERR_NOTAVAILABLE);
    }
    CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_D24S8), D3DERR_NOTAVAILABLE);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_X8R8G8B8), D3DERR_NOTAVAILABLE);
}

// Textures: 2D, cube and volume of the table's formats; buffers take their pseudo-formats;
// a FOURCC the driver does not know is not available; a bad resource type is an invalid call.
TEST(CheckDeviceFormat, TexturesVolumesAndBuffers) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_TEXTURE, D3DFMT_DXT1), D3D_OK);
    CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_CUBETEXTURE, D3DFMT_L8), D3D_OK);
    CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_VOLUMETEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    // 16-bit luminance and bump formats, X4R4G4B4, AMD's 3Dc block formats and the formats the
    // driver expands on upload (video, packed 4:2:2 RGB, 3-3-2, A4L4, CxV8U8, mixed bump) sample;
    // none renders.
    for (D3DFORMAT f :
         {D3DFMT_L16, D3DFMT_V16U16, D3DFMT_Q16W16V16U16, D3DFMT_X4R4G4B4,
          D3DFORMAT(MAKEFOURCC('A', 'T', 'I', '1')), D3DFORMAT(MAKEFOURCC('A', 'T', 'I', '2')), D3DFMT_YUY2,
          D3DFMT_UYVY, D3DFMT_R8G8_B8G8, D3DFMT_G8R8_G8B8, D3DFMT_R3G3B2, D3DFMT_A8R3G3B2, D3DFMT_A4L4,
          D3DFMT_CxV8U8, D3DFMT_L6V5U5, D3DFMT_X8L8V8U8, D3DFMT_A2W10V10U10}) {
        CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_TEXTURE, f), D3D_OK);
        CHECK_EQ(format(d3d.d3d, D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, f), D3DERR_NOTAVAILABLE);
    }
    CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_TEXTURE, D3DFORMAT(MAKEFOURCC('A', 'B', 'C', 'D'))), D3DERR_NOTAVAILABLE);
    // Buffers have no formats to ask about: Windows refuses the question (Wine's
    // test_check_device_format), even for the formats buffers are made with.
    CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_VERTEXBUFFER, D3DFMT_VERTEXDATA), D3DERR_INVALIDCALL);
    CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_INDEXBUFFER, D3DFMT_VERTEXDATA), D3DERR_INVALIDCALL);
    CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_INDEXBUFFER, D3DFMT_INDEX16), D3DERR_INVALIDCALL);
    CHECK_EQ(format(d3d.d3d, 0, D3DRTYPE_INDEXBUFFER, D3DFMT_A8R8G8B8), D3DERR_INVALIDCALL);
    CHECK_EQ(format(d3d.d3d, 0, D3DRESOURCETYPE(99), D3DFMT_A8R8G8B8), D3DERR_INVALIDCALL);
    // The adapter format names a display mode: A8R8G8B8 is none.
    CHECK_EQ(d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8, 0, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3DERR_NOTAVAILABLE);
}

// The driver generates mipmaps of uncompressed 2D and cube textures; "D3DOK_NOAUTOGEN ... the
// mipmap levels will not be automatically generated", a success code, for DXT and volumes. sRGB
// reads and linear filtering of A8R8G8B8 are done (sRGB twin B8G8R8A8_SRGB); V8U8 is a bump-map
// format, A8R8G8B8 is not.
TEST(CheckDeviceFormat, QueriesAndAutogenMipmaps) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, D3DFMT_DXT5), D3DOK_NOAUTOGEN);
    // Formats the device does not render to (Wine's test_mipmap_gen records Windows).
    for (D3DFORMAT f : {D3DFMT_A4R4G4B4, D3DFMT_A8, D3DFMT_L8, D3DFMT_A8L8, D3DFMT_V8U8})
        CHECK_EQ(format(d3d.d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_TEXTURE, f), D3DOK_NOAUTOGEN);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_AUTOGENMIPMAP, D3DRTYPE_VOLUMETEXTURE, D3DFMT_A8R8G8B8),
             D3DOK_NOAUTOGEN);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_QUERY_SRGBREAD | D3DUSAGE_QUERY_FILTER, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_RENDERTARGET | D3DUSAGE_QUERY_SRGBWRITE |
                                 D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING,
                    D3DRTYPE_TEXTURE, D3DFMT_X8R8G8B8),
             D3D_OK);
    // sRGB writes are a render target's: a surface that is none has none (Wine's
    // test_check_device_format), a texture may still be made one.
    CHECK_EQ(
        format(d3d.d3d, D3DUSAGE_RENDERTARGET | D3DUSAGE_QUERY_SRGBWRITE, D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8),
        D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_QUERY_SRGBWRITE, D3DRTYPE_SURFACE, D3DFMT_A8R8G8B8),
             D3DERR_NOTAVAILABLE);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_QUERY_SRGBWRITE, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_QUERY_SRGBREAD, D3DRTYPE_TEXTURE, D3DFMT_L8), D3DERR_NOTAVAILABLE);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_QUERY_LEGACYBUMPMAP, D3DRTYPE_TEXTURE, D3DFMT_V8U8), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_QUERY_LEGACYBUMPMAP, D3DRTYPE_TEXTURE, D3DFMT_X8L8V8U8), D3D_OK);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_QUERY_LEGACYBUMPMAP, D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_EQ(format(d3d.d3d, D3DUSAGE_DMAP, D3DRTYPE_TEXTURE, D3DFMT_L8), D3DERR_NOTAVAILABLE);
}

// A colour target format and a depth format match when each is one; anything else does not.
TEST(CheckDepthStencilMatch, ColourTargetWithDepthFormat) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    CHECK_EQ(d3d->CheckDepthStencilMatch(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_A8R8G8B8, D3DFMT_D24S8), D3D_OK);
    CHECK_EQ(d3d->CheckDepthStencilMatch(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_R5G6B5, D3DFMT_D16), D3D_OK);
    CHECK_EQ(d3d->CheckDepthStencilMatch(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_A8R8G8B8, D3DFMT_X8R8G8B8),
             D3DERR_NOTAVAILABLE);
    CHECK_EQ(d3d->CheckDepthStencilMatch(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_D24S8, D3DFMT_D24S8),
             D3DERR_NOTAVAILABLE);
}

// StretchRect between colour formats the driver blits; depth formats, NULL surfaces (no memory)
// and targets that are no render-target format are not converted.
TEST(CheckDeviceFormatConversion, BlitsBetweenColourFormats) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    CHECK_EQ(d3d->CheckDeviceFormatConversion(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_X8R8G8B8), D3D_OK);
    CHECK_EQ(d3d->CheckDeviceFormatConversion(0, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8, D3DFMT_R5G6B5), D3D_OK);
    CHECK_EQ(d3d->CheckDeviceFormatConversion(0, D3DDEVTYPE_HAL, D3DFORMAT(MAKEFOURCC('N', 'U', 'L', 'L')),
                                              D3DFMT_X8R8G8B8),
             D3DERR_NOTAVAILABLE);
    CHECK_EQ(d3d->CheckDeviceFormatConversion(0, D3DDEVTYPE_HAL, D3DFMT_D24S8, D3DFMT_X8R8G8B8), D3DERR_NOTAVAILABLE);
    CHECK_EQ(d3d->CheckDeviceFormatConversion(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_L8), D3DERR_NOTAVAILABLE);
}
