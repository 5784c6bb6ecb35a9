// What each predefined state block type captures, as data. Sources, DirectX SDK (Direct3D 9),
// learn.microsoft.com/windows/win32/direct3d9/ (MicrosoftDocs/win32, desktop-src/direct3d9/):
//   PIXELSTATE:  "Saving Pixel State With a StateBlock" (saving-pixel-states-with-a-stateblock)
//   VERTEXSTATE: "Saving Vertex States With a StateBlock" (saving-vertex-states-with-a-stateblock)
//   ALL:         "Saving All Device States with a StateBlock" (saving-all-device-states-with-a-stateblock)
// The tables copy the pages' lists, but for ten render states where Windows does otherwise (Wine's
// stateblock test records it, docs/state.md): VERTEXSTATE also holds SHADEMODE, FOGENABLE,
// SPECULARENABLE and NORMALIZENORMALS (as the DDK's list does), and PIXELSTATE does not hold
// SPECULARENABLE, LOCALVIEWER or the four *MATERIALSOURCE.
#include "state/state_block.h"

#include <span>

namespace ddivk::state {
namespace {

// "Pixel Pipeline: Render State", without the page's SPECULARENABLE, LOCALVIEWER and
// *MATERIALSOURCE (Windows' PIXELSTATE blocks leave them).
constexpr uint32_t kPixelRenderStates[] = {
    D3DRS_ZENABLE,
    D3DRS_FILLMODE,
    D3DRS_SHADEMODE,
    D3DRS_ZWRITEENABLE,
    D3DRS_ALPHATESTENABLE,
    D3DRS_LASTPIXEL,
    D3DRS_SRCBLEND,
    D3DRS_DESTBLEND,
    D3DRS_ZFUNC,
    D3DRS_ALPHAREF,
    D3DRS_ALPHAFUNC,
    D3DRS_DITHERENABLE,
    D3DRS_FOGSTART,
    D3DRS_FOGEND,
    D3DRS_FOGDENSITY,
    D3DRS_ALPHABLENDENABLE,
    D3DRS_DEPTHBIAS,
    D3DRS_STENCILENABLE,
    D3DRS_STENCILFAIL,
    D3DRS_STENCILZFAIL,
    D3DRS_STENCILPASS,
    D3DRS_STENCILFUNC,
    D3DRS_STENCILREF,
    D3DRS_STENCILMASK,
    D3DRS_STENCILWRITEMASK,
    D3DRS_TEXTUREFACTOR,
    D3DRS_WRAP0,
    D3DRS_WRAP1,
    D3DRS_WRAP2,
    D3DRS_WRAP3,
    D3DRS_WRAP4,
    D3DRS_WRAP5,
    D3DRS_WRAP6,
    D3DRS_WRAP7,
    D3DRS_WRAP8,
    D3DRS_WRAP9,
    D3DRS_WRAP10,
    D3DRS_WRAP11,
    D3DRS_WRAP12,
    D3DRS_WRAP13,
    D3DRS_WRAP14,
    D3DRS_WRAP15,
    D3DRS_COLORWRITEENABLE,
    D3DRS_BLENDOP,
    D3DRS_SCISSORTESTENABLE,
    D3DRS_SLOPESCALEDEPTHBIAS,
    D3DRS_ANTIALIASEDLINEENABLE,
    D3DRS_TWOSIDEDSTENCILMODE,
    D3DRS_CCW_STENCILFAIL,
    D3DRS_CCW_STENCILZFAIL,
    D3DRS_CCW_STENCILPASS,
    D3DRS_CCW_STENCILFUNC,
    D3DRS_COLORWRITEENABLE1,
    D3DRS_COLORWRITEENABLE2,
    D3DRS_COLORWRITEENABLE3,
    D3DRS_BLENDFACTOR,
    D3DRS_SRGBWRITEENABLE,
    D3DRS_SEPARATEALPHABLENDENABLE,
    D3DRS_SRCBLENDALPHA,
    D3DRS_DESTBLENDALPHA,
    D3DRS_BLENDOPALPHA,
};

// "Pixel Pipeline: Sampler State" (every sampler).
constexpr uint32_t kPixelSamplerStates[] = {
    D3DSAMP_ADDRESSU,    D3DSAMP_ADDRESSV,      D3DSAMP_ADDRESSW,    D3DSAMP_BORDERCOLOR,
    D3DSAMP_MAGFILTER,   D3DSAMP_MINFILTER,     D3DSAMP_MIPFILTER,   D3DSAMP_MIPMAPLODBIAS,
    D3DSAMP_MAXMIPLEVEL, D3DSAMP_MAXANISOTROPY, D3DSAMP_SRGBTEXTURE, D3DSAMP_ELEMENTINDEX,
};

// "Pixel Pipeline: Texture State" (every stage).
constexpr uint32_t kPixelTextureStageStates[] = {
    D3DTSS_COLOROP,        D3DTSS_COLORARG1,
    D3DTSS_COLORARG2,      D3DTSS_ALPHAOP,
    D3DTSS_ALPHAARG1,      D3DTSS_ALPHAARG2,
    D3DTSS_BUMPENVMAT00,   D3DTSS_BUMPENVMAT01,
    D3DTSS_BUMPENVMAT10,   D3DTSS_BUMPENVMAT11,
    D3DTSS_TEXCOORDINDEX,  D3DTSS_BUMPENVLSCALE,
    D3DTSS_BUMPENVLOFFSET, D3DTSS_TEXTURETRANSFORMFLAGS,
    D3DTSS_COLORARG0,      D3DTSS_ALPHAARG0,
    D3DTSS_RESULTARG,
};

// "Vertex Pipeline: Render State", plus D3DRS_PATCHSEGMENTS: the page's "NPatch mode segments
// from SetNPatchMode", which reaches the driver as that render state (d3dhal.h); and the four
// Windows' VERTEXSTATE blocks hold beyond the page (the last four rows).
constexpr uint32_t kVertexRenderStates[] = {
    D3DRS_CULLMODE,
    D3DRS_FOGCOLOR,
    D3DRS_FOGTABLEMODE,
    D3DRS_FOGSTART,
    D3DRS_FOGEND,
    D3DRS_FOGDENSITY,
    D3DRS_RANGEFOGENABLE,
    D3DRS_AMBIENT,
    D3DRS_COLORVERTEX,
    D3DRS_FOGVERTEXMODE,
    D3DRS_CLIPPING,
    D3DRS_LIGHTING,
    D3DRS_LOCALVIEWER,
    D3DRS_EMISSIVEMATERIALSOURCE,
    D3DRS_AMBIENTMATERIALSOURCE,
    D3DRS_DIFFUSEMATERIALSOURCE,
    D3DRS_SPECULARMATERIALSOURCE,
    D3DRS_VERTEXBLEND,
    D3DRS_CLIPPLANEENABLE,
    D3DRS_POINTSIZE,
    D3DRS_POINTSIZE_MIN,
    D3DRS_POINTSPRITEENABLE,
    D3DRS_POINTSCALEENABLE,
    D3DRS_POINTSCALE_A,
    D3DRS_POINTSCALE_B,
    D3DRS_POINTSCALE_C,
    D3DRS_MULTISAMPLEANTIALIAS,
    D3DRS_MULTISAMPLEMASK,
    D3DRS_PATCHEDGESTYLE,
    D3DRS_POINTSIZE_MAX,
    D3DRS_INDEXEDVERTEXBLENDENABLE,
    D3DRS_TWEENFACTOR,
    D3DRS_POSITIONDEGREE,
    D3DRS_NORMALDEGREE,
    D3DRS_MINTESSELLATIONLEVEL,
    D3DRS_MAXTESSELLATIONLEVEL,
    D3DRS_ADAPTIVETESS_X,
    D3DRS_ADAPTIVETESS_Y,
    D3DRS_ADAPTIVETESS_Z,
    D3DRS_ADAPTIVETESS_W,
    D3DRS_ENABLEADAPTIVETESSELLATION,
    D3DRS_PATCHSEGMENTS,
    D3DRS_SHADEMODE,
    D3DRS_FOGENABLE,
    D3DRS_SPECULARENABLE,
    D3DRS_NORMALIZENORMALS,
};

// "Vertex Pipeline: Sampler State" (every sampler).
constexpr uint32_t kVertexSamplerStates[] = {D3DSAMP_DMAPOFFSET};

// "Vertex Pipeline: Texture State" (every stage).
constexpr uint32_t kVertexTextureStageStates[] = {D3DTSS_TEXCOORDINDEX, D3DTSS_TEXTURETRANSFORMFLAGS};

// Render states that are commands rather than state: no block captures or replays them.
constexpr uint32_t kCommandRenderStates[] = {
    D3DRENDERSTATE_EVICTMANAGEDTEXTURES,
    D3DRENDERSTATE_SCENECAPTURE,
    D3DRS_DEBUGMONITORTOKEN,
    D3DRS_DELETERTPATCH,
};

void addRenderStates(StateMask& m, std::span<const uint32_t> states) {
    for (uint32_t rs : states)
        m.set(slotOf(SlotGroup::RenderState, rs));
}
void addStageStates(StateMask& m, std::span<const uint32_t> states) {
    for (uint32_t stage = 0; stage < kTextureStages; ++stage)
        for (uint32_t t : states)
            m.set(slotOf(SlotGroup::TextureStageState, stage * kTextureStageStateCount + t));
}
void addSamplerStates(StateMask& m, std::span<const uint32_t> states) {
    for (uint32_t sampler = 0; sampler < kSamplerCount; ++sampler)
        for (uint32_t t : states)
            m.set(slotOf(SlotGroup::SamplerState, sampler * kSamplerStateCount + t));
}

StateMask pixelMask() {
    StateMask m;
    addRenderStates(m, kPixelRenderStates);
    addSamplerStates(m, kPixelSamplerStates);
    addStageStates(m, kPixelTextureStageStates);
    // "The current pixel shader and each of the pixel shader constants." AMD's FETCH4 switch
    // travels as a D3DSAMP_MIPMAPLODBIAS value: it goes where the LOD bias goes.
    for (SlotGroup g : {SlotGroup::PixelShader, SlotGroup::PsConstF, SlotGroup::PsConstI, SlotGroup::PsConstB,
                        SlotGroup::Fetch4})
        setSlots(m, g);
    return m;
}

StateMask vertexMask() {
    StateMask m;
    addRenderStates(m, kVertexRenderStates);
    addSamplerStates(m, kVertexSamplerStates);
    addStageStates(m, kVertexTextureStageStates);
    // "The current vertex shader and each of the vertex shader constants", "For each vertex
    // stream, store the divider value from SetStreamSourceFreq", "The current vertex
    // declaration" (and so the FVF, its alternative). Lights: predefinedHoldsLights().
    // AMD's alpha-to-coverage switch travels as a D3DRS_POINTSIZE value: it goes where
    // POINTSIZE goes (state/vendor_states.h).
    for (SlotGroup g :
         {SlotGroup::VertexShader, SlotGroup::VsConstF, SlotGroup::VsConstI, SlotGroup::VsConstB,
          SlotGroup::StreamFrequency, SlotGroup::VertexInput, SlotGroup::AlphaToMask})
        setSlots(m, g);
    return m;
}

StateMask allMask() {
    // "Capture the current device state" (D3DSTATEBLOCKTYPE): every render, texture stage and
    // sampler state, vertex and pixel state, and the page's list: textures of every sampler
    // (pixel, vertex, displacement map), the texture palette, every stream (buffer, offset,
    // stride, divider), the index buffer, viewport, scissor rect, world/view/projection and
    // texture transforms, clip planes, material. The WINFO travels with the projection it is
    // derived from. Render targets and depth stencil are not device state of a block.
    StateMask m;
    for (size_t g = 0; g < kSlotGroupCount; ++g)
        setSlots(m, static_cast<SlotGroup>(g));
    for (uint32_t rs : kCommandRenderStates)
        m.reset(slotOf(SlotGroup::RenderState, rs));
    return m;
}

} // namespace

const StateMask* predefinedMask(uint32_t type) {
    static const StateMask kAll = allMask();
    static const StateMask kPixel = pixelMask();
    static const StateMask kVertex = vertexMask();
    switch (type) {
    case D3DSBT_ALL:
        return &kAll;
    case D3DSBT_PIXELSTATE:
        return &kPixel;
    case D3DSBT_VERTEXSTATE:
        return &kVertex;
    default:
        return nullptr;
    }
}

bool predefinedHoldsLights(uint32_t type) {
    return type == D3DSBT_ALL || type == D3DSBT_VERTEXSTATE;
}

} // namespace ddivk::state
