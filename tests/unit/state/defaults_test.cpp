// Every default spot-checked against the value the DirectX SDK documents, typed here by hand
// (D3DRENDERSTATETYPE, D3DTEXTURESTAGESTATETYPE, D3DSAMPLERSTATETYPE enumeration pages;
// IDirect3DDevice9::LightEnable remarks).
#include "state/state_cache.h"

#include <gtest/gtest.h>

#include <bit>

namespace ddivk::state {
namespace {

uint32_t f(float v) {
    return std::bit_cast<uint32_t>(v);
}

struct Expected {
    uint32_t state;
    uint32_t value;
};

// D3DRENDERSTATETYPE enumeration page, one row per documented default.
const Expected kDocumentedRenderStates[] = {
    {7, 0},            // ZENABLE: D3DZB_FALSE without an auto depth stencil
    {8, 3},            // FILLMODE: D3DFILL_SOLID
    {9, 2},            // SHADEMODE: D3DSHADE_GOURAUD
    {14, 1},           // ZWRITEENABLE: TRUE
    {15, 0},           // ALPHATESTENABLE: FALSE
    {16, 1},           // LASTPIXEL: TRUE
    {19, 2},           // SRCBLEND: D3DBLEND_ONE
    {20, 1},           // DESTBLEND: D3DBLEND_ZERO
    {22, 3},           // CULLMODE: D3DCULL_CCW
    {23, 4},           // ZFUNC: D3DCMP_LESSEQUAL
    {24, 0},           // ALPHAREF: 0
    {25, 8},           // ALPHAFUNC: D3DCMP_ALWAYS
    {26, 0},           // DITHERENABLE: FALSE
    {27, 0},           // ALPHABLENDENABLE: FALSE
    {28, 0},           // FOGENABLE: FALSE
    {29, 0},           // SPECULARENABLE: FALSE
    {34, 0},           // FOGCOLOR: 0
    {35, 0},           // FOGTABLEMODE: D3DFOG_NONE
    {36, f(0.0f)},     // FOGSTART: 0.0f
    {37, f(1.0f)},     // FOGEND: 1.0f
    {38, f(1.0f)},     // FOGDENSITY: 1.0
    {48, 0},           // RANGEFOGENABLE: FALSE
    {52, 0},           // STENCILENABLE: FALSE
    {53, 1},           // STENCILFAIL: D3DSTENCILOP_KEEP
    {54, 1},           // STENCILZFAIL: KEEP
    {55, 1},           // STENCILPASS: KEEP
    {56, 8},           // STENCILFUNC: D3DCMP_ALWAYS
    {57, 0},           // STENCILREF: 0
    {58, 0xFFFFFFFF},  // STENCILMASK
    {59, 0xFFFFFFFF},  // STENCILWRITEMASK
    {60, 0xFFFFFFFF},  // TEXTUREFACTOR: opaque white
    {128, 0},          // WRAP0
    {135, 0},          // WRAP7
    {136, 1},          // CLIPPING: TRUE
    {137, 1},          // LIGHTING: TRUE
    {139, 0},          // AMBIENT: 0
    {140, 0},          // FOGVERTEXMODE: D3DFOG_NONE
    {141, 1},          // COLORVERTEX: TRUE
    {142, 1},          // LOCALVIEWER: TRUE
    {143, 0},          // NORMALIZENORMALS: FALSE
    {145, 1},          // DIFFUSEMATERIALSOURCE: D3DMCS_COLOR1
    {146, 2},          // SPECULARMATERIALSOURCE: D3DMCS_COLOR2
    {147, 0},          // AMBIENTMATERIALSOURCE: D3DMCS_MATERIAL
    {148, 0},          // EMISSIVEMATERIALSOURCE: D3DMCS_MATERIAL
    {151, 0},          // VERTEXBLEND: D3DVBF_DISABLE
    {152, 0},          // CLIPPLANEENABLE: 0
    {154, f(1.0f)},    // POINTSIZE: 1.0 ("DirectX 7 style single-pixel points ... the default values")
    {155, f(1.0f)},    // POINTSIZE_MIN: 1.0f
    {156, 0},          // POINTSPRITEENABLE: FALSE
    {157, 0},          // POINTSCALEENABLE: FALSE
    {158, f(1.0f)},    // POINTSCALE_A: 1.0f
    {159, f(0.0f)},    // POINTSCALE_B: 0.0f
    {160, f(0.0f)},    // POINTSCALE_C: 0.0f
    {161, 1},          // MULTISAMPLEANTIALIAS: TRUE
    {162, 0xFFFFFFFF}, // MULTISAMPLEMASK
    {163, 0},          // PATCHEDGESTYLE: D3DPATCHEDGE_DISCRETE
    {165, 0xbaadcafe}, // DEBUGMONITORTOKEN: Windows' marker, neither D3DDMT value
    {166, f(64.0f)},   // POINTSIZE_MAX: 64.0
    {167, 0},          // INDEXEDVERTEXBLENDENABLE: FALSE
    {168, 0x0000000F}, // COLORWRITEENABLE
    {170, f(0.0f)},    // TWEENFACTOR: 0.0f
    {171, 1},          // BLENDOP: D3DBLENDOP_ADD
    {172, 3},          // POSITIONDEGREE: D3DDEGREE_CUBIC
    {173, 1},          // NORMALDEGREE: D3DDEGREE_LINEAR
    {174, 0},          // SCISSORTESTENABLE: FALSE
    {175, 0},          // SLOPESCALEDEPTHBIAS: 0
    {176, 0},          // ANTIALIASEDLINEENABLE: FALSE
    {178, f(1.0f)},    // MINTESSELLATIONLEVEL: 1.0f
    {179, f(1.0f)},    // MAXTESSELLATIONLEVEL: 1.0f
    {180, f(0.0f)},    // ADAPTIVETESS_X: 0.0f
    {181, f(0.0f)},    // ADAPTIVETESS_Y: 0.0f
    {182, f(1.0f)},    // ADAPTIVETESS_Z: 1.0f
    {183, f(0.0f)},    // ADAPTIVETESS_W: 0.0f
    {184, 0},          // ENABLEADAPTIVETESSELLATION: FALSE
    {185, 0},          // TWOSIDEDSTENCILMODE: FALSE
    {186, 1},          // CCW_STENCILFAIL: KEEP
    {187, 1},          // CCW_STENCILZFAIL: KEEP
    {188, 1},          // CCW_STENCILPASS: KEEP
    {189, 8},          // CCW_STENCILFUNC: ALWAYS
    {190, 0x0000000F}, // COLORWRITEENABLE1
    {191, 0x0000000F}, // COLORWRITEENABLE2
    {192, 0x0000000F}, // COLORWRITEENABLE3
    {193, 0xFFFFFFFF}, // BLENDFACTOR
    {194, 0},          // SRGBWRITEENABLE: 0
    {195, 0},          // DEPTHBIAS: 0
    {196, 0xFFFFFFFF}, // MAXVERTEXSHADERINST: D3DINFINITEINSTRUCTIONS (d3dhal.h)
    {197, 0xFFFFFFFF}, // MAXPIXELSHADERINST: D3DINFINITEINSTRUCTIONS (d3dhal.h)
    {198, 0},          // WRAP8
    {205, 0},          // WRAP15
    {206, 0},          // SEPARATEALPHABLENDENABLE: FALSE
    {207, 2},          // SRCBLENDALPHA: D3DBLEND_ONE
    {208, 1},          // DESTBLENDALPHA: D3DBLEND_ZERO
    {209, 1},          // BLENDOPALPHA: D3DBLENDOP_ADD
};

TEST(StateDefaults, RenderStatesAsDocumented) {
    StateCache cache;
    for (const Expected& e : kDocumentedRenderStates)
        EXPECT_EQ(cache.renderState(e.state), e.value) << "render state " << e.state;
}

TEST(StateDefaults, ZEnableFollowsAutoDepthStencil) {
    StateCache withDepth(DeviceDefaults{.autoDepthStencil = true});
    EXPECT_EQ(withDepth.renderState(D3DRS_ZENABLE), 1u); // D3DZB_TRUE
    StateCache without(DeviceDefaults{.autoDepthStencil = false});
    EXPECT_EQ(without.renderState(D3DRS_ZENABLE), 0u); // D3DZB_FALSE
}

TEST(StateDefaults, PointSizesFromCaps) {
    StateCache cache(DeviceDefaults{.pointSize = 2.0f, .pointSizeMax = 256.0f});
    EXPECT_EQ(cache.renderState(D3DRS_POINTSIZE), f(2.0f));
    EXPECT_EQ(cache.renderState(D3DRS_POINTSIZE_MAX), f(256.0f));
}

TEST(StateDefaults, TextureStageStatesAsDocumented) {
    StateCache cache;
    for (uint32_t stage = 0; stage < 8; ++stage) {
        EXPECT_EQ(cache.textureStageState(stage, 1), stage == 0 ? 4u : 1u); // COLOROP: MODULATE / DISABLE
        EXPECT_EQ(cache.textureStageState(stage, 2), 2u);                   // COLORARG1: D3DTA_TEXTURE
        EXPECT_EQ(cache.textureStageState(stage, 3), 1u);                   // COLORARG2: D3DTA_CURRENT
        EXPECT_EQ(cache.textureStageState(stage, 4), stage == 0 ? 2u : 1u); // ALPHAOP: SELECTARG1 / DISABLE
        EXPECT_EQ(cache.textureStageState(stage, 5), 2u);                   // ALPHAARG1: D3DTA_TEXTURE
        EXPECT_EQ(cache.textureStageState(stage, 6), 1u);                   // ALPHAARG2: D3DTA_CURRENT
        for (uint32_t bump = 7; bump <= 10; ++bump)
            EXPECT_EQ(cache.textureStageState(stage, bump), f(0.0f)); // BUMPENVMATxx: 0.0
        EXPECT_EQ(cache.textureStageState(stage, 11), stage);         // TEXCOORDINDEX: the stage index
        EXPECT_EQ(cache.textureStageState(stage, 22), f(0.0f));       // BUMPENVLSCALE
        EXPECT_EQ(cache.textureStageState(stage, 23), f(0.0f));       // BUMPENVLOFFSET
        EXPECT_EQ(cache.textureStageState(stage, 24), 0u);            // TEXTURETRANSFORMFLAGS: DISABLE
        EXPECT_EQ(cache.textureStageState(stage, 26), 1u);            // COLORARG0: D3DTA_CURRENT
        EXPECT_EQ(cache.textureStageState(stage, 27), 1u);            // ALPHAARG0: D3DTA_CURRENT
        EXPECT_EQ(cache.textureStageState(stage, 28), 1u);            // RESULTARG: D3DTA_CURRENT
    }
}

TEST(StateDefaults, SamplerStatesAsDocumentedOnEverySampler) {
    StateCache cache;
    const uint32_t samplers[] = {0, 7, 15, 256, 257, 260};
    for (uint32_t s : samplers) {
        EXPECT_EQ(cache.samplerState(s, 1), 1u);  // ADDRESSU: D3DTADDRESS_WRAP
        EXPECT_EQ(cache.samplerState(s, 2), 1u);  // ADDRESSV: WRAP
        EXPECT_EQ(cache.samplerState(s, 3), 1u);  // ADDRESSW: WRAP
        EXPECT_EQ(cache.samplerState(s, 4), 0u);  // BORDERCOLOR: 0x00000000
        EXPECT_EQ(cache.samplerState(s, 5), 1u);  // MAGFILTER: D3DTEXF_POINT
        EXPECT_EQ(cache.samplerState(s, 6), 1u);  // MINFILTER: POINT
        EXPECT_EQ(cache.samplerState(s, 7), 0u);  // MIPFILTER: D3DTEXF_NONE
        EXPECT_EQ(cache.samplerState(s, 8), 0u);  // MIPMAPLODBIAS: 0
        EXPECT_EQ(cache.samplerState(s, 9), 0u);  // MAXMIPLEVEL: 0
        EXPECT_EQ(cache.samplerState(s, 10), 1u); // MAXANISOTROPY: 1
        EXPECT_EQ(cache.samplerState(s, 11), 0u); // SRGBTEXTURE: 0
        EXPECT_EQ(cache.samplerState(s, 12), 0u); // ELEMENTINDEX: 0
        EXPECT_EQ(cache.samplerState(s, 13), 0u); // DMAPOFFSET: 0 (enumeration page)
        EXPECT_EQ(cache.texture(s), 0u);
    }
}

TEST(StateDefaults, StreamsTransformsAndViewport) {
    StateCache cache(DeviceDefaults{.width = 640, .height = 480});
    for (uint32_t i = 0; i < 16; ++i) {
        EXPECT_EQ(cache.streamSourceFreq(i), 1u); // "reset ... back to its default state": 1
        EXPECT_EQ(cache.streamSource(i), (StreamSource{0, 0, 0, 0}));
    }
    const uint32_t types[] = {D3DTS_VIEW, D3DTS_PROJECTION, D3DTS_TEXTURE0, D3DTS_TEXTURE7, 256, 511};
    for (uint32_t t : types) {
        D3DMATRIX m = cache.transform(t);
        for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c)
                EXPECT_EQ(m.m[r][c], r == c ? 1.0f : 0.0f) << "transform " << t;
    }
    D3DVIEWPORT9 vp = cache.viewport();
    EXPECT_EQ(vp.X, 0u);
    EXPECT_EQ(vp.Y, 0u);
    EXPECT_EQ(vp.Width, 640u);
    EXPECT_EQ(vp.Height, 480u);
    EXPECT_EQ(vp.MinZ, 0.0f);
    EXPECT_EQ(vp.MaxZ, 1.0f);
    D3DRECT sc = cache.scissorRect();
    EXPECT_EQ(sc.x2, 640);
    EXPECT_EQ(sc.y2, 480);
    EXPECT_EQ(cache.vertexShader(), 0u);
    EXPECT_EQ(cache.pixelShader(), 0u);
    EXPECT_TRUE(cache.lights().empty());
}

TEST(StateDefaults, LightEnableOnNewIndexCreatesTheDocumentedLight) {
    StateCache cache;
    ASSERT_EQ(cache.enableLight(7, true), S_OK);
    const LightEntry* e = cache.light(7);
    ASSERT_NE(e, nullptr);
    EXPECT_TRUE(e->enabled);
    const D3DLIGHT9& l = e->light;
    EXPECT_EQ(l.Type, 3u); // D3DLIGHT_DIRECTIONAL
    EXPECT_EQ(l.Diffuse.r, 1.0f);
    EXPECT_EQ(l.Diffuse.g, 1.0f);
    EXPECT_EQ(l.Diffuse.b, 1.0f);
    EXPECT_EQ(l.Diffuse.a, 0.0f);
    EXPECT_EQ(l.Specular.r + l.Specular.g + l.Specular.b + l.Specular.a, 0.0f);
    EXPECT_EQ(l.Ambient.r + l.Ambient.g + l.Ambient.b + l.Ambient.a, 0.0f);
    EXPECT_EQ(l.Position.x + l.Position.y + l.Position.z, 0.0f);
    EXPECT_EQ(l.Direction.x, 0.0f);
    EXPECT_EQ(l.Direction.y, 0.0f);
    EXPECT_EQ(l.Direction.z, 1.0f);
    EXPECT_EQ(l.Range, 0.0f);
    EXPECT_EQ(l.Falloff, 0.0f);
    EXPECT_EQ(l.Attenuation0 + l.Attenuation1 + l.Attenuation2, 0.0f);
    EXPECT_EQ(l.Theta, 0.0f);
    EXPECT_EQ(l.Phi, 0.0f);
}

} // namespace
} // namespace ddivk::state
