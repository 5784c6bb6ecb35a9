// Documented D3D9 defaults of every piece of device state, as tables.
// Sources (DirectX SDK, Direct3D 9 reference, learn.microsoft.com/windows/win32/direct3d9/):
//   render states:        "D3DRENDERSTATETYPE enumeration" (d3drenderstatetype)
//   texture stage states: "D3DTEXTURESTAGESTATETYPE enumeration" (d3dtexturestagestatetype)
//   sampler states:       "D3DSAMPLERSTATETYPE enumeration" (d3dsamplerstatetype)
//   stream frequency:     "Efficiently Drawing Multiple Instances of Geometry": reset to 1
//   default light:        "IDirect3DDevice9::LightEnable" remarks
//   DDI-only states:      d3dhal.h (DX9 DDK)
// Values the documentation leaves open are marked "undocumented" and chosen as zero/identity.
#include "state/device_state.h"

#include <bit>
#include <cstring>

namespace ddivk::state {
namespace {

constexpr uint32_t f(float v) {
    return std::bit_cast<uint32_t>(v);
}
constexpr uint32_t kTrue = 1, kFalse = 0;

struct RenderStateDefault {
    uint32_t state;
    uint32_t value;
};

// Every render state except D3DRS_ZENABLE, D3DRS_POINTSIZE and D3DRS_POINTSIZE_MAX, which depend
// on DeviceDefaults. States absent from the table (and the gaps in the enumeration) are 0.
constexpr RenderStateDefault kRenderStateDefaults[] = {
    {D3DRS_FILLMODE, D3DFILL_SOLID},
    {D3DRS_SHADEMODE, D3DSHADE_GOURAUD},
    {D3DRS_LINEPATTERN, 0}, // retired; undocumented
    {D3DRS_ZWRITEENABLE, kTrue},
    {D3DRS_ALPHATESTENABLE, kFalse},
    {D3DRS_LASTPIXEL, kTrue},
    {D3DRS_SRCBLEND, D3DBLEND_ONE},
    {D3DRS_DESTBLEND, D3DBLEND_ZERO},
    {D3DRS_CULLMODE, D3DCULL_CCW},
    {D3DRS_ZFUNC, D3DCMP_LESSEQUAL},
    {D3DRS_ALPHAREF, 0},
    {D3DRS_ALPHAFUNC, D3DCMP_ALWAYS},
    {D3DRS_DITHERENABLE, kFalse},
    {D3DRS_ALPHABLENDENABLE, kFalse},
    {D3DRS_FOGENABLE, kFalse},
    {D3DRS_SPECULARENABLE, kFalse},
    {D3DRS_FOGCOLOR, 0},
    {D3DRS_FOGTABLEMODE, D3DFOG_NONE},
    {D3DRS_FOGSTART, f(0.0f)},
    {D3DRS_FOGEND, f(1.0f)},
    {D3DRS_FOGDENSITY, f(1.0f)},
    {D3DRS_RANGEFOGENABLE, kFalse},
    {D3DRS_STENCILENABLE, kFalse},
    {D3DRS_STENCILFAIL, D3DSTENCILOP_KEEP},
    {D3DRS_STENCILZFAIL, D3DSTENCILOP_KEEP},
    {D3DRS_STENCILPASS, D3DSTENCILOP_KEEP},
    {D3DRS_STENCILFUNC, D3DCMP_ALWAYS},
    {D3DRS_STENCILREF, 0},
    {D3DRS_STENCILMASK, 0xffffffffu},
    {D3DRS_STENCILWRITEMASK, 0xffffffffu},
    {D3DRS_TEXTUREFACTOR, 0xffffffffu},
    {D3DRS_WRAP0, 0},
    {D3DRS_WRAP1, 0},
    {D3DRS_WRAP2, 0},
    {D3DRS_WRAP3, 0},
    {D3DRS_WRAP4, 0},
    {D3DRS_WRAP5, 0},
    {D3DRS_WRAP6, 0},
    {D3DRS_WRAP7, 0},
    {D3DRS_CLIPPING, kTrue},
    {D3DRS_LIGHTING, kTrue},
    {D3DRS_AMBIENT, 0},
    {D3DRS_FOGVERTEXMODE, D3DFOG_NONE},
    {D3DRS_COLORVERTEX, kTrue},
    {D3DRS_LOCALVIEWER, kTrue},
    {D3DRS_NORMALIZENORMALS, kFalse},
    {D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_COLOR1},
    {D3DRS_SPECULARMATERIALSOURCE, D3DMCS_COLOR2},
    {D3DRS_AMBIENTMATERIALSOURCE, D3DMCS_MATERIAL},
    {D3DRS_EMISSIVEMATERIALSOURCE, D3DMCS_MATERIAL},
    {D3DRS_VERTEXBLEND, D3DVBF_DISABLE},
    {D3DRS_CLIPPLANEENABLE, 0},
    {D3DRS_POINTSIZE_MIN, f(1.0f)},
    {D3DRS_POINTSPRITEENABLE, kFalse},
    {D3DRS_POINTSCALEENABLE, kFalse},
    {D3DRS_POINTSCALE_A, f(1.0f)},
    {D3DRS_POINTSCALE_B, f(0.0f)},
    {D3DRS_POINTSCALE_C, f(0.0f)},
    {D3DRS_MULTISAMPLEANTIALIAS, kTrue},
    {D3DRS_MULTISAMPLEMASK, 0xffffffffu},
    {D3DRS_PATCHEDGESTYLE, D3DPATCHEDGE_DISCRETE},
    {D3DRS_PATCHSEGMENTS, f(0.0f)}, // SetNPatchMode(0): N-patches off; undocumented
    // Neither D3DDMT value: Windows' runtime answers 0xbaadcafe until the program sets one (Wine's
    // stateblock test records it). Nothing reads it.
    {D3DRS_DEBUGMONITORTOKEN, 0xbaadcafeu},
    {D3DRS_INDEXEDVERTEXBLENDENABLE, kFalse},
    {D3DRS_COLORWRITEENABLE, 0x0000000fu},
    {D3DRS_TWEENFACTOR, f(0.0f)},
    {D3DRS_BLENDOP, D3DBLENDOP_ADD},
    {D3DRS_POSITIONDEGREE, D3DDEGREE_CUBIC},
    {D3DRS_NORMALDEGREE, D3DDEGREE_LINEAR},
    {D3DRS_SCISSORTESTENABLE, kFalse},
    {D3DRS_SLOPESCALEDEPTHBIAS, f(0.0f)},
    {D3DRS_ANTIALIASEDLINEENABLE, kFalse},
    {D3DRS_MINTESSELLATIONLEVEL, f(1.0f)},
    {D3DRS_MAXTESSELLATIONLEVEL, f(1.0f)},
    {D3DRS_ADAPTIVETESS_X, f(0.0f)},
    {D3DRS_ADAPTIVETESS_Y, f(0.0f)},
    {D3DRS_ADAPTIVETESS_Z, f(1.0f)},
    {D3DRS_ADAPTIVETESS_W, f(0.0f)},
    {D3DRS_ENABLEADAPTIVETESSELLATION, kFalse},
    {D3DRS_TWOSIDEDSTENCILMODE, kFalse},
    {D3DRS_CCW_STENCILFAIL, D3DSTENCILOP_KEEP},
    {D3DRS_CCW_STENCILZFAIL, D3DSTENCILOP_KEEP},
    {D3DRS_CCW_STENCILPASS, D3DSTENCILOP_KEEP},
    {D3DRS_CCW_STENCILFUNC, D3DCMP_ALWAYS},
    {D3DRS_COLORWRITEENABLE1, 0x0000000fu},
    {D3DRS_COLORWRITEENABLE2, 0x0000000fu},
    {D3DRS_COLORWRITEENABLE3, 0x0000000fu},
    {D3DRS_BLENDFACTOR, 0xffffffffu},
    {D3DRS_SRGBWRITEENABLE, 0},
    {D3DRS_DEPTHBIAS, f(0.0f)},
    {D3DRS_MAXVERTEXSHADERINST, D3DINFINITEINSTRUCTIONS}, // d3dhal.h default
    {D3DRS_MAXPIXELSHADERINST, D3DINFINITEINSTRUCTIONS},  // d3dhal.h default
    {D3DRS_WRAP8, 0},
    {D3DRS_WRAP9, 0},
    {D3DRS_WRAP10, 0},
    {D3DRS_WRAP11, 0},
    {D3DRS_WRAP12, 0},
    {D3DRS_WRAP13, 0},
    {D3DRS_WRAP14, 0},
    {D3DRS_WRAP15, 0},
    {D3DRS_SEPARATEALPHABLENDENABLE, kFalse},
    {D3DRS_SRCBLENDALPHA, D3DBLEND_ONE},
    {D3DRS_DESTBLENDALPHA, D3DBLEND_ZERO},
    {D3DRS_BLENDOPALPHA, D3DBLENDOP_ADD},
};

struct StageStateDefault {
    uint32_t type;
    uint32_t value;
};

// Same for every stage; COLOROP, ALPHAOP and TEXCOORDINDEX depend on the stage (below).
constexpr StageStateDefault kTextureStageDefaults[] = {
    {D3DTSS_COLORARG1, D3DTA_TEXTURE},
    {D3DTSS_COLORARG2, D3DTA_CURRENT},
    {D3DTSS_ALPHAARG1, D3DTA_TEXTURE},
    {D3DTSS_ALPHAARG2, D3DTA_CURRENT},
    {D3DTSS_BUMPENVMAT00, f(0.0f)},
    {D3DTSS_BUMPENVMAT01, f(0.0f)},
    {D3DTSS_BUMPENVMAT10, f(0.0f)},
    {D3DTSS_BUMPENVMAT11, f(0.0f)},
    {D3DTSS_BUMPENVLSCALE, f(0.0f)},
    {D3DTSS_BUMPENVLOFFSET, f(0.0f)},
    {D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_DISABLE},
    {D3DTSS_COLORARG0, D3DTA_CURRENT},
    {D3DTSS_ALPHAARG0, D3DTA_CURRENT},
    {D3DTSS_RESULTARG, D3DTA_CURRENT},
    {D3DTSS_CONSTANT, 0}, // undocumented
};

constexpr StageStateDefault kSamplerDefaults[] = {
    {D3DSAMP_ADDRESSU, D3DTADDRESS_WRAP},
    {D3DSAMP_ADDRESSV, D3DTADDRESS_WRAP},
    {D3DSAMP_ADDRESSW, D3DTADDRESS_WRAP},
    {D3DSAMP_BORDERCOLOR, 0x00000000u},
    {D3DSAMP_MAGFILTER, D3DTEXF_POINT},
    {D3DSAMP_MINFILTER, D3DTEXF_POINT},
    {D3DSAMP_MIPFILTER, D3DTEXF_NONE},
    {D3DSAMP_MIPMAPLODBIAS, 0},
    {D3DSAMP_MAXMIPLEVEL, 0},
    {D3DSAMP_MAXANISOTROPY, 1},
    {D3DSAMP_SRGBTEXTURE, 0},
    {D3DSAMP_ELEMENTINDEX, 0},
    // The enumeration page says 0; "Saving Vertex States With a StateBlock" says 256. We follow
    // the enumeration page, which documents the state itself.
    {D3DSAMP_DMAPOFFSET, 0},
};

} // namespace

D3DMATRIX identityMatrix() {
    D3DMATRIX m{};
    for (int i = 0; i < 4; ++i)
        m.m[i][i] = 1.0f;
    return m;
}

D3DLIGHT9 defaultLight() {
    D3DLIGHT9 l{};
    l.Type = D3DLIGHT_DIRECTIONAL;
    l.Diffuse = {1.0f, 1.0f, 1.0f, 0.0f};
    l.Direction = {0.0f, 0.0f, 1.0f};
    return l; // everything else 0
}

void setDefaults(DeviceState& s, const DeviceDefaults& d) {
    std::memset(&s, 0, sizeof(s));

    for (const RenderStateDefault& r : kRenderStateDefaults)
        s.renderStates[r.state] = r.value;
    // D3DRENDERSTATETYPE: "D3DZB_TRUE if a depth stencil was created along with the swap chain
    // by setting the EnableAutoDepthStencil member of D3DPRESENT_PARAMETERS to TRUE".
    s.renderStates[D3DRS_ZENABLE] = d.autoDepthStencil ? D3DZB_TRUE : D3DZB_FALSE;
    s.renderStates[D3DRS_POINTSIZE] = f(d.pointSize);
    s.renderStates[D3DRS_POINTSIZE_MAX] = f(d.pointSizeMax);

    for (uint32_t stage = 0; stage < kTextureStages; ++stage) {
        auto& tss = s.textureStageStates[stage];
        for (const StageStateDefault& t : kTextureStageDefaults)
            tss[t.type] = t.value;
        tss[D3DTSS_COLOROP] = stage == 0 ? D3DTOP_MODULATE : D3DTOP_DISABLE;
        tss[D3DTSS_ALPHAOP] = stage == 0 ? D3DTOP_SELECTARG1 : D3DTOP_DISABLE;
        tss[D3DTSS_TEXCOORDINDEX] = stage; // "The default index for each stage is equal to the stage index."
    }

    for (auto& sampler : s.samplerStates)
        for (const StageStateDefault& t : kSamplerDefaults)
            sampler[t.type] = t.value;

    for (uint32_t& freq : s.streamFrequencies)
        freq = 1;

    for (D3DMATRIX& m : s.transforms)
        m = identityMatrix();

    s.viewport = {0, 0, d.width, d.height, 0.0f, 1.0f};
    s.wInfo = {0.0f, 1.0f}; // undocumented
    s.scissorRect = {0, 0, static_cast<int32_t>(d.width), static_cast<int32_t>(d.height)};
    // Material, clip planes, constants, handles, palette: zero (undocumented).
}

} // namespace ddivk::state
