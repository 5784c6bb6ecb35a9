// Draws with vertex processing, from every door: the vertex stage (translated vertex shader or
// the fixed-function pipeline) reads the declaration's streams as the stream plan says
// (attributes with divisors, or the shader's own fetch: docs/stream-frequency.md), the pixel
// stage (translated or fixed-function) samples the bound textures, constants and system state
// go up as the ABI's uniform blocks (shader/abi.h), and the viewport maps D3D9's pixel centres
// and y direction (docs/shader-translation.md).
#include <algorithm>
#include <bit>
#include <cstring>
#include <optional>

#include "ddivk/d3d9_decl.h"
#include "device/context.h"
#include "device/draw_area.h"
#include "device/draw_programs.h"
#include "draw/dynamic_state.h"
#include "draw/fetch4.h"
#include "draw/pipeline_state.h"
#include "draw/primitive.h"
#include "draw/vertex_decl.h"
#include "shader/abi.h"
#include "shader/ff/ff_pixel_state.h"
#include "shader/ff/ff_pixel_variant.h"
#include "state/vendor_states.h"
#include "util/log.h"

namespace ddivk::device {
namespace {

namespace abi = shader::abi;
namespace ff = shader::ff;

// The alpha test (unless alpha-to-coverage takes its place) and the fog a pre-3.0 pixel shader
// gets from the render states.
shader::TranslationKey pixelKey(const state::DeviceState& s, int major, bool alphaToCoverage) {
    const auto& rs = s.renderStates;
    shader::TranslationKey key;
    if (rs[D3DRS_ALPHATESTENABLE] && !alphaToCoverage)
        key.alphaFunc = uint8_t(std::clamp<uint32_t>(rs[D3DRS_ALPHAFUNC], 1, 8));
    if (major < 3 && rs[D3DRS_FOGENABLE]) {
        switch (rs[D3DRS_FOGTABLEMODE]) {
        case D3DFOG_LINEAR: key.fog = shader::PixelFog::Linear; break;
        case D3DFOG_EXP: key.fog = shader::PixelFog::Exp; break;
        case D3DFOG_EXP2: key.fog = shader::PixelFog::Exp2; break;
        default: key.fog = shader::PixelFog::Vertex; break;
        }
    }
    return key;
}

// The translation of `object` under `key`: the one the previous draw used when the key is the
// same, else from the device's cache (null on a translation error).
const shader::Translation* translationFor(shader::TranslationCache& cache, const ShaderObject& object,
                                          const shader::TranslationKey& key) {
    if (object.lastTranslation && shader::sameKey(object.lastKey, key)) return object.lastTranslation.get();
    auto entry = cache.get(object.tokens, key);
    if (!entry) return nullptr;
    object.lastKey = key;
    object.lastTranslation = *entry;
    return entry->get();
}

ResourceKind kindOf(shader::TextureType type) {
    return type == shader::TextureType::Cube     ? ResourceKind::CubeTexture
           : type == shader::TextureType::Volume ? ResourceKind::VolumeTexture
                                                 : ResourceKind::Texture2D;
}

ff::FfTextureType ffTypeOf(const Resource* r) {
    if (!r) return ff::FfTextureType::None;
    return r->kind() == ResourceKind::CubeTexture     ? ff::FfTextureType::Cube
           : r->kind() == ResourceKind::VolumeTexture ? ff::FfTextureType::Volume
                                                      : ff::FfTextureType::Tex2D;
}

// Two bits per sampler for TranslationKey::samplerDims: 0 2D, 1 cube, 2 volume.
constexpr uint32_t kCubeDims = 1;
uint32_t dimBits(const Resource* r) {
    if (!r) return 0;
    return r->kind() == ResourceKind::CubeTexture     ? kCubeDims
           : r->kind() == ResourceKind::VolumeTexture ? 2
                                                      : 0;
}

// The module of `t`, asking the cache only when the stage's translation changed since the
// previous draw (memo: the pair kept in DrawBindings::Memo).
uint64_t moduleOf(draw::ProgramPipelineCache& pipelines, const shader::Translation& t, const void*& memoTranslation,
                  uint64_t& memoModule) {
    if (memoTranslation != &t) {
        memoModule = uint64_t(pipelines.translationModule(t));
        memoTranslation = &t;
    }
    return memoModule;
}

} // namespace

Resource* Context::boundTexture(uint32_t stateIndex) {
    Resource* r = device_.findResource(state_.state().textures[stateIndex]);
    return r && !r->isBuffer() ? r : nullptr;
}

uint16_t Context::shadowMapsAt(uint32_t samplerMask) {
    uint16_t maps = 0;
    for (; samplerMask; samplerMask &= samplerMask - 1) {
        const uint32_t n = uint32_t(std::countr_zero(samplerMask));
        const Resource* t = boundTexture(n);
        if (t && t->kind() == ResourceKind::Texture2D && t->format() && draw::comparesDepth(*t->format()))
            maps |= uint16_t(1u << n);
    }
    return maps;
}

bool Context::anyPixelFetch4() const {
    const auto& fetch4 = state_.state().fetch4;
    return std::any_of(fetch4.begin(), fetch4.begin() + state::kPixelSamplers,
                       [](uint32_t on) { return on != 0; });
}

uint16_t Context::fetch4At(uint32_t samplerMask) {
    const state::DeviceState& s = state_.state();
    uint16_t fetch4 = 0;
    for (samplerMask &= (1u << state::kPixelSamplers) - 1; samplerMask; samplerMask &= samplerMask - 1) {
        const uint32_t n = uint32_t(std::countr_zero(samplerMask));
        if (!s.fetch4[n]) continue; // (the common case, settled without finding the texture)
        const Resource* t = boundTexture(n);
        if (t && draw::fetch4Applies(s.fetch4[n], s.samplerStates[n][D3DSAMP_MAGFILTER],
                                     t->kind() == ResourceKind::Texture2D, t->format()))
            fetch4 |= uint16_t(1u << n);
    }
    return fetch4;
}

HRESULT Context::drawProgram(const DrawCall& call) {
    const state::DeviceState& s = state_.state();
    const uint32_t sinceLast = state_.dirty().categories; // what changed since the previous draw
    draw::ProgramPipelineCache* pipelines = device_.programPipelines();
    if (!pipelines) {
        DDIVK_WARN_ONCE("draws with vertex processing need VK_KHR_push_descriptor, which this device lacks");
        return E_NOTIMPL;
    }
    if (canRepeatDraw(call, sinceLast)) return repeatDraw(call);
    repeat_.valid = false; // (until this draw is prepared)
    if (!draw::isValidPrimitiveType(call.type)) return D3DERR_INVALIDCALL;
    if (call.primitiveCount == 0) return S_OK;
    const uint64_t count = draw::verticesForPrimitives(call.type, call.primitiveCount);

    // The programs.
    const ShaderObject* vs = nullptr;
    const ShaderObject* ps = nullptr;
    if (s.vertexShader && !(vs = shaders_.find(shader::ShaderType::Vertex, s.vertexShader)))
        return D3DERR_INVALIDCALL;
    if (s.pixelShader && !(ps = shaders_.find(shader::ShaderType::Pixel, s.pixelShader)))
        return D3DERR_INVALIDCALL;

    // The declaration, or the FVF as one (the call's own FVF first: a legacy token's dwVertexType).
    // (The declaration table, or the context, owns what `decl` points to for the whole draw.)
    const VertexDeclarations::Elements* decl = nullptr;
    if (call.fvf || s.vertexInput.declaration == 0) {
        const uint32_t fvf = call.fvf ? *call.fvf : s.vertexInput.fvf;
        if (!fvfDeclaration_ || fvfDeclarationCode_ != fvf) { // converted once per FVF in a row
            fvfDeclaration_ = draw::declarationFromFvf(fvf);
            if (!fvfDeclaration_) return D3DERR_INVALIDCALL;
            fvfDeclarationCode_ = fvf;
        }
        decl = &*fvfDeclaration_;
    } else {
        decl = declarations_.find(s.vertexInput.declaration);
        if (!decl) return D3DERR_INVALIDCALL;
    }
    const VertexDeclarations::Elements& elements = *decl;
    // Pre-transformed positions (XYZRHW, POSITIONT) skip vertex processing (ff_pretransformed.vert).
    const bool pretransformed = !vs && hasTransformedPosition(elements);
    // Vertex tweening ("Vertex Tweening"): the fixed-function pipeline reads POSITION1 / NORMAL1.
    const bool tweening = !vs && !pretransformed && s.renderStates[D3DRS_VERTEXBLEND] == D3DVBF_TWEENING;

    // What the vertex stage reads, and how the streams give it (the stream plan).
    std::array<draw::ProgramInput, 16> inputs{};
    uint32_t inputCount = 0;
    if (vs) {
        for (const shader::InterfaceSlot& slot : vs->translation->inputs) {
            if (slot.location >= 16) return D3DERR_INVALIDCALL;
            inputs[inputCount++] = {uint8_t(slot.location), slot.usage, slot.usageIndex};
        }
    } else {
        // ff_pretransformed.vert reads the position, point size, colours and texture coordinates only.
        for (draw::ProgramInput in : fixedFunctionInputs(tweening)) {
            if (pretransformed && in.location == abi::kFfInPosition) in.usage = D3DDECLUSAGE_POSITIONT;
            else if (pretransformed && in.location > abi::kFfInPosition && in.location < abi::kFfInDiffuse &&
                     in.location != abi::kFfInPointSize)
                continue;
            inputs[inputCount++] = in;
        }
    }
    draw::VertexInputRequest request;
    request.elements = elements;
    request.inputs = std::span(inputs.data(), inputCount);
    request.vertexShaderMajor = vs ? (vs->tokens[0] >> 8 & 0xFF) : 0;
    request.programCanFetch = vs != nullptr;
    request.indexed = call.indexed;
    request.startVertex = call.startVertex;
    for (uint32_t i = 0; i < draw::kStreamCount; ++i) {
        const state::StreamSource src = state_.streamSource(i);
        request.streams[i] = {src.stride, src.offset + (i == 0 ? call.stream0Bytes : 0), state_.streamSourceFreq(i)};
        // No buffer: the zero buffer, the same zeros for every vertex (Device::zeroVertexBuffer).
        if (!src.buffer && !src.userMemory) request.streams[i] = {0, 0, state_.streamSourceFreq(i)};
    }
    if (call.vertices) request.streams[0] = {call.vertexStride, 0, 1}; // the call's vertices, not instanced
    Device::DrawOptions& options = device_.drawOptions();
    const vk::Caps& caps = device_.vulkan().caps();
    draw::VertexInputCaps planCaps{caps.vertexAttributeInstanceRateDivisor, caps.maxVertexAttribDivisor,
                                   options.forceFetchFallback, options.dividerMode};
    const char* why = "";
    const std::optional<draw::VertexInputPlan>& plan = planMemo_.get(request, planCaps, &why);
    if (!plan) {
        DDIVK_WARN_ONCE("draw refused: %s", why);
        return D3DERR_INVALIDCALL;
    }
    if ((plan->dividerModeUsed || plan->dividerIgnored) && !options.dividerModeLogged) {
        options.dividerModeLogged = true;
        DDIVK_INFO("stream frequency divider mode: %s", plan->dividerModeUsed
                                                            ? "honoured (vs_3_0, non-indexed: the shader fetches)"
                                                            : "set and ignored (indexed draw, vs < 3.0, fixed "
                                                              "function, or DDIVK_DIVIDER_MODE=0)");
    }
    if (plan->instancing == draw::InstancingPath::DrawLoop)
        DDIVK_WARN_ONCE("instancing without VK_EXT_vertex_attribute_divisor in fixed function: one draw per instance");
    // Fixed function places vertices by their position alone: without one (FVF 0 and no
    // declaration, or a declaration with no POSITION / POSITIONT) every vertex would sit at the
    // zero default, w = 0, which devices clip or rasterise as they like. Nothing is drawn.
    if (!vs && (plan->missingInputs >> abi::kFfInPosition & 1)) {
        DDIVK_WARN_ONCE("fixed-function draw without a position element: nothing is drawn");
        return S_OK;
    }

    // The render targets and the depth buffer (d, the preparation, is filled from here on).
    PreparedDraw& d = repeat_.prepared; // kept for the next draw (repeat_draw.h)
    d.targets = boundTargets(device_, s);
    Surface* color = d.targets.colors[0];
    Surface* depth = d.targets.depth;
    if (!color) return D3DERR_INVALIDCALL;
    const D3DVIEWPORT9& vp = s.viewport;
    if (vp.Width == 0 || vp.Height == 0) return S_OK; // an empty viewport draws nothing
    // The vendors' alpha-to-coverage, on multisampled targets (the pass's sample count is the
    // colour target's: passDepth).
    const bool alphaToCoverage = color->samples() > 1 && color->hasImage() && state::wantsAlphaToCoverage(s);

    // Programs under their keys, and the textures their samplers read. The pipeline key is
    // built in place (DrawBindings::Memo): its scalars here, the rest when recording.
    shader::TranslationCache& translations = device_.translations();
    d.repeat = false;
    std::array<SamplerBinding, 24>& samplers = d.samplers;
    uint32_t samplerCount = 0;
    DrawBindings::Memo& memo = bindings_.memo;
    draw::ProgramPipelineKey& key = memo.key;
    key.vertexModule = 0;
    key.pixelModule = 0;
    key.bindingMask = 0;
    key.ffVertex = {};
    key.ffVertexStage = 0;
    const shader::Translation* pixel = nullptr;
    const shader::Translation* vertex = nullptr;
    // The fixed-function vertex side's format, and the components of the coordinates it hands
    // each stage (0 after a vertex shader): projections without a count divide by their last.
    const ff::FfVertexKey ffVertexKey = vs ? ff::FfVertexKey{} : ffVertexKeyOf(elements, tweening);
    const uint32_t ffSourceComponents = vs ? 0u : ff::sourceTexCoordComponents(s, ffVertexKey);
    ff::FfStageTextures ffTextures{};
    uint32_t psOutputsRead = 0; // varying locations the pixel stage reads
    // Point sprites change the pixel stage's texture coordinates, on point lists only.
    const bool pointSprites = call.type == D3DPT_POINTLIST && s.renderStates[D3DRS_POINTSPRITEENABLE];
    if (ps) {
        const int major = int(ps->tokens[0] >> 8 & 0xFF);
        // Shadow maps bound at the samplers the program reads: those lookups compare. (Every
        // key has the same sampler mask; the default key's translation always exists.)
        const uint16_t shadowMaps = shadowMapsAt(ps->translation->samplerMask);
        const uint16_t fetch4 = fetch4At(ps->translation->samplerMask);
        // Gaps in the pass's attachments: the program's outputs there are not written.
        const uint8_t droppedOutputs = d.targets.colorGaps();
        // The previous draw's translation holds while nothing its key reads changed: render
        // states, point sprites, what feeds the stage, the shadow maps, FETCH4 (ps_1_x keys also
        // read the bound textures' types, whose handles may be reused: chosen every draw).
        if (major != 1 && memo.pixelObject == ps && memo.pixel && ps->lastTranslation.get() == memo.pixel &&
            !(sinceLast & state::DirtyState::RenderStates) && memo.pixelPointSprites == pointSprites &&
            memo.pixelAfterShader == (vs != nullptr) && memo.pixelShadowMaps == shadowMaps &&
            memo.pixelFetch4 == fetch4 && memo.pixelAlphaToCoverage == alphaToCoverage &&
            memo.pixelDroppedOutputs == droppedOutputs) {
            pixel = static_cast<const shader::Translation*>(memo.pixel);
        } else {
            memo.pixelObject = nullptr;
            shader::TranslationKey psKey = pixelKey(s, major, alphaToCoverage);
            psKey.flatColors = s.renderStates[D3DRS_SHADEMODE] == D3DSHADE_FLAT;
            psKey.pointSprite = pointSprites;
            psKey.shadowSamplers = shadowMaps;
            psKey.fetch4Samplers = fetch4;
            psKey.droppedColorOutputs = droppedOutputs;
            // After the fixed-function vertex pipeline, which writes TEXCOORD0..7, COLOR0..1 and
            // FOG: the pixel shader declares all of them, and reads 0 from inputs beyond them.
            if (!vs) psKey.psInputLocations = shader::TranslationKey::kFixedFunctionVaryings;
            // ps_1_x samplers take their type from the bound texture (ps_1_4 has six, others four).
            if (major == 1) {
                const bool ps14 = (ps->tokens[0] & 0xFF) >= 4;
                const uint32_t samplersOfVersion = ps14 ? 6 : 4;
                for (uint32_t n = 0; n < samplersOfVersion; ++n) {
                    const uint32_t dims = dimBits(boundTexture(n));
                    psKey.samplerDims |= dims << (2 * n);
                    // ps_1_1..1_3 lookups honour the stage's D3DTTFF_PROJECTED (ps_1_4 has
                    // _dz / _dw instead); a cube's coordinates are a direction.
                    if (!ps14 && dims != kCubeDims)
                        psKey.projectedDivisors |= uint16_t(
                            ff::projectedDivisor(s.textureStageStates[n][D3DTSS_TEXTURETRANSFORMFLAGS],
                                                 ffSourceComponents >> (3 * n) & 7u)
                            << (2 * n));
                }
            }
            if (!(pixel = translationFor(translations, *ps, psKey))) return D3DERR_INVALIDCALL;
            memo.pixelObject = ps;
            memo.pixel = pixel;
            memo.pixelPointSprites = pointSprites;
            memo.pixelAfterShader = vs != nullptr;
            memo.pixelShadowMaps = shadowMaps;
            memo.pixelFetch4 = fetch4;
            memo.pixelAlphaToCoverage = alphaToCoverage;
            memo.pixelDroppedOutputs = droppedOutputs;
        }
        for (const shader::InterfaceSlot& slot : pixel->inputs)
            if (slot.location != shader::kBuiltInLocation) psOutputsRead |= 1u << slot.location;
        for (uint32_t n = 0; n < 16; ++n) {
            if (!(pixel->samplerMask >> n & 1)) continue;
            Resource* t = boundTexture(n);
            const ResourceKind want = kindOf(pixel->samplerTypes[n]);
            if (!t || t->kind() != want) t = &device_.emptyTexture(want);
            // (A comparing sampler's texture is the shadow map its key was made for.)
            samplers[samplerCount++] = {abi::kPsSamplerBinding0 + n, n, t,
                                        (pixel->shadowSamplers >> n & 1) != 0};
        }
        key.pixelModule = moduleOf(*pipelines, *pixel, memo.pixelTranslation, memo.pixelModule);
        key.bindingMask |= 1ull << abi::kPsConstantsBinding | 1ull << abi::kPsSystemBinding;
    } else if (!color->hasImage() && !s.renderStates[D3DRS_ALPHATESTENABLE]) {
        // A NULL render target and the fixed-function pixel stage: nothing the stage computes
        // is seen (no colour, no discard; it writes target 0 alone), so the pipeline has no
        // fragment shader, D3D10's NULL pixel shader (no PSInvocations). Depth and stencil work
        // as ever.
        key.pixelModule = 0;
    } else {
        uint8_t shadowStages = 0; // stages whose lookups compare, as a pixel shader's would
        for (uint32_t stage = 0; stage < ff::kFfPixelStages; ++stage) {
            Resource* t = boundTexture(stage);
            ffTextures[stage] = ffTypeOf(t);
            const bool compares =
                t && t->kind() == ResourceKind::Texture2D && t->format() && draw::comparesDepth(*t->format());
            if (compares) shadowStages |= uint8_t(1u << stage);
            if (!t) t = &device_.emptyTexture(ResourceKind::Texture2D);
            samplers[samplerCount++] = {ff::ffPixelSamplerBinding(stage), stage, t, compares};
        }
        ff::FfPixelKey ffKey = ff::ffPixelKey(
            s, ffTextures, {.alphaToCoverage = alphaToCoverage, .sourceComponents = ffSourceComponents});
        ffKey.pointSprite = pointSprites;
        ffKey.shadowStages = shadowStages;
        key.pixelModule = uint64_t(pipelines->ffPixelModule(ffKey));
        key.bindingMask |= 1ull << abi::kFfPixelBinding;
        // COLOR0..1, FOG and the coordinate sets the stages sample: the vertex side writes only these.
        psOutputsRead = ff::ffPixelInputLocations(ffKey);
    }
    // Stream output (the D3D10 door) captures the outputs of vs_3_0 programs; ProcessVertices'
    // capture (processVertices) those of any vertex shader, in its place.
    StreamOutput* streamOutput = capture_ ? capture_ : device_.streamOutput();
    if (capture_) {
        if (!vs) return D3DERR_INVALIDCALL;
    } else if (streamOutput && !streamOutput->capturing()) {
        if (streamOutput->missingTargets())
            DDIVK_WARN_ONCE("stream output: a slot the declaration writes has no target; nothing is captured");
        streamOutput = nullptr;
    }
    if (!capture_ && streamOutput && (!vs || (vs->tokens[0] >> 8 & 0xFF) < 3)) {
        DDIVK_WARN_ONCE("stream output: only vs_3_0 programs are captured (this draw has %s)",
                        vs ? "an older vertex shader" : "fixed-function vertex processing");
        streamOutput = nullptr;
    }
    // The vertex stage writes gl_ClipDistance only while a user clip plane is enabled: a CPU
    // driver clips every vertex against each distance written (about a tenth of lavapipe's time
    // on small instanced triangles), and most draws of most programs enable none. Each program
    // then has two stages at most; the planes and the mask stay uniforms.
    const bool clipPlanesEnabled =
        abi::enabledClipPlanes(s.renderStates[D3DRS_CLIPPING], s.renderStates[D3DRS_CLIPPLANEENABLE]) != 0;
    const bool clipDistances = clipPlanesEnabled && device_.vulkan().caps().coreFeatures.shaderClipDistance;
    // Likewise gl_PointSize: only points read it (about 1 % of lavapipe's time on small
    // instanced quads went to computing it for every vertex).
    const bool pointSize = call.type == D3DPT_POINTLIST || s.renderStates[D3DRS_FILLMODE] == D3DFILL_POINT;
    if (vs) {
        // As the pixel stage's: the key reads the pixel stage's inputs, the plan, the clip
        // distances and stream output.
        if (!streamOutput && memo.vertexObject == vs && memo.vertex &&
            vs->lastTranslation.get() == memo.vertex && memo.vertexOutputs == psOutputsRead &&
            memo.vertexPlan == planMemo_.generation() && memo.vertexClipDistances == clipDistances &&
            memo.vertexPointSize == pointSize) {
            vertex = static_cast<const shader::Translation*>(memo.vertex);
        } else {
            memo.vertexObject = nullptr;
            shader::TranslationKey vsKey;
            vsKey.softwareVertexRegisters = vs->softwareRegisters;
            vsKey.vsOutputLocations = psOutputsRead;
            vsKey.inputWIsOne = plan->wIsOneInputs;
            vsKey.fetch = plan->fetch;
            vsKey.clipDistances = clipDistances;
            vsKey.pointSize = pointSize;
            if (streamOutput) streamOutput->applyTo(vsKey);
            if (!(vertex = translationFor(translations, *vs, vsKey))) return D3DERR_INVALIDCALL;
            if (!streamOutput) {
                memo.vertexObject = vs;
                memo.vertex = vertex;
                memo.vertexOutputs = psOutputsRead;
                memo.vertexPlan = planMemo_.generation();
                memo.vertexClipDistances = clipDistances;
                memo.vertexPointSize = pointSize;
            }
        }
        for (uint32_t n = 0; n < abi::kVsSamplerCount; ++n) {
            if (!(vertex->samplerMask >> n & 1)) continue;
            const uint32_t index = state::kVertexSamplerIndex0 + n;
            Resource* t = boundTexture(index);
            const ResourceKind want = kindOf(vertex->samplerTypes[n]);
            if (!t || t->kind() != want) t = &device_.emptyTexture(want);
            samplers[samplerCount++] = {abi::kVsSamplerBinding0 + n, index, t, false};
        }
        key.vertexModule = moduleOf(*pipelines, *vertex, memo.vertexTranslation, memo.vertexModule);
        key.bindingMask |= 1ull << abi::kVsSystemBinding;
        if (vertex->softwareRegisters) {
            key.bindingMask |= 1ull << abi::kVsSwFloatsBinding;
            if (vertex->intConstantsRead) key.bindingMask |= 1ull << abi::kVsSwIntsBinding;
            if (vertex->boolConstantsRead) key.bindingMask |= 1ull << abi::kVsSwBoolsBinding;
        } else {
            key.bindingMask |= 1ull << abi::kVsConstantsBinding;
        }
        if (plan->fetchStreams) key.bindingMask |= 1ull << abi::kVsFetchBinding;
        for (uint32_t st = 0; st < draw::kStreamCount; ++st)
            if (plan->fetchStreams >> st & 1) key.bindingMask |= 1ull << (abi::kFetchStreamBinding0 + st);
    } else {
        key.vertexModule = uint64_t(pretransformed ? pipelines->ffPretransformedModule(psOutputsRead)
                                                   : pipelines->ffVertexModule(clipDistances, psOutputsRead));
        key.ffVertexStage = 1;
        key.ffVertex = ffVertexKey;
        key.bindingMask |= 1ull << abi::kFfVertexBinding;
    }
    if (clipPlanesEnabled && !pretransformed && !device_.vulkan().caps().coreFeatures.shaderClipDistance)
        DDIVK_WARN_ONCE("user clip planes ignored: the device has no shaderClipDistance");
    // A texture drawn into by this draw is not also read by it (D3D9 leaves that undefined;
    // Vulkan forbids the feedback loop): its samplers read (0, 0, 0, 1). The exception is the
    // depth buffer's texture (INTZ) when the draw writes no depth and no stencil, which D3D9
    // drivers allow (a read-only depth buffer, for soft particles and deferred lighting): the
    // pass then holds the depth attachment read-only and the draw samples it.
    // (Every render target of the pass counts, as the depth buffer does.)
    const Resource* depthTexture = depth ? depth->texture() : nullptr;
    std::array<const Resource*, draw::kColorAttachments> colorTextures{};
    bool anyTargetTexture = depthTexture != nullptr;
    for (uint32_t n = 0; n < draw::kColorAttachments; ++n)
        if (d.targets.colors[n] && (colorTextures[n] = d.targets.colors[n]->texture()))
            anyTargetTexture = true;
    d.targets.readOnlyDepth = false;
    if (anyTargetTexture) {
        const auto& rs = s.renderStates;
        const bool writesDepth = rs[D3DRS_ZENABLE] != D3DZB_FALSE && rs[D3DRS_ZWRITEENABLE];
        const bool writesStencil = rs[D3DRS_STENCILENABLE] && (rs[D3DRS_STENCILWRITEMASK] & 0xFF) != 0;
        for (uint32_t i = 0; i < samplerCount; ++i) {
            const Resource* t = samplers[i].texture;
            if (t == depthTexture && !writesDepth && !writesStencil) {
                d.targets.readOnlyDepth = true;
            } else if (t == depthTexture ||
                       std::find(colorTextures.begin(), colorTextures.end(), t) != colorTextures.end()) {
                DDIVK_WARN_ONCE("a draw samples the texture it renders into: its samplers read (0, 0, 0, 1), "
                                "or 1 for a shadow map's comparisons");
                samplers[i].texture = samplers[i].compares
                                          ? &device_.emptyShadowMap()
                                          : &device_.emptyTexture(samplers[i].texture->kind());
            }
        }
    }
    for (uint32_t i = 0; i < samplerCount; ++i) key.bindingMask |= 1ull << samplers[i].binding;
    if (depth && !d.targets.readOnlyDepth && device_.drawOptions().unusedDepthOut)
        leaveUnusedDepthOut(s, d.targets);
    // maxPushDescriptors is at least 32 on every device with the extension.
    if (std::popcount(key.bindingMask) > 32) {
        DDIVK_WARN_ONCE("draw refused: it needs more descriptors than the device can push");
        return E_NOTIMPL;
    }

    // The index source (validated before anything is recorded).
    const bool userIndices = call.userIndices != nullptr;
    const uint32_t indexSize = userIndices ? call.userIndexSize : state_.indices().stride;
    Resource* indexBuffer = nullptr;
    const std::byte* indexData = nullptr; // CPU view of the draw's indices
    if (call.indexed) {
        if (indexSize != 2 && indexSize != 4) return D3DERR_INVALIDCALL;
        const uint64_t bytes = count * indexSize;
        if (userIndices) {
            if (call.userIndexBytes < bytes) return D3DERR_INVALIDCALL;
            indexData = call.userIndices;
        } else {
            indexBuffer = device_.findResource(state_.indices().buffer);
            if (!indexBuffer || !indexBuffer->isBuffer()) return D3DERR_INVALIDCALL;
            const uint64_t first = uint64_t(call.startIndex) * indexSize;
            if (first > indexBuffer->size() || bytes > indexBuffer->size() - first) return D3DERR_INVALIDCALL;
            indexData = static_cast<const std::byte*>(indexBuffer->bufferData()) + first;
        }
    }

    // The vertex sources: buffers, or user memory copied to the upload ring.
    CommandContext& cmds = device_.commands();
    const uint16_t usedStreams = plan->vertexStreams | plan->fetchStreams;
    std::array<StreamBinding, draw::kStreamCount>& sources = d.sources;
    std::array<Resource*, draw::kStreamCount>& streamBuffers = d.streamBuffers;
    for (uint32_t st = 0; st < draw::kStreamCount; ++st) {
        if (!(usedStreams >> st & 1)) continue;
        streamBuffers[st] = nullptr;
        const state::StreamSource src = state_.streamSource(st);
        if (!src.userMemory && !(st == 0 && call.vertices)) {
            if (!src.buffer) {
                Resource& zeros = device_.zeroVertexBuffer();
                streamBuffers[st] = &zeros;
                sources[st] = {zeros.buffer(), 0};
                continue;
            }
            Resource* r = device_.findResource(src.buffer);
            if (!r || !r->isBuffer() || request.streams[st].offset > r->size()) return D3DERR_INVALIDCALL;
            streamBuffers[st] = r;
            sources[st] = {r->buffer(), request.streams[st].offset};
            continue;
        }
        // User memory (DP2 vertex data, the UMD's SetStreamSourceUm pointer, or the vertices a
        // legacy DP2 token passes with the call): stream 0 only.
        const uint32_t stride = request.streams[st].stride;
        if (st != 0 || stride == 0) return D3DERR_INVALIDCALL;
        uint32_t vertexBytes = 0;
        for (const D3DVERTEXELEMENT9& e : elements)
            if (e.Stream == 0) vertexBytes = std::max<uint32_t>(vertexBytes, e.Offset + draw::declTypeInfo(e.Type)->size);
        uint64_t lastVertex = call.startVertex + count - 1;
        if (call.indexed) {
            uint32_t maxIndex = 0;
            for (uint64_t i = 0; i < count; ++i) {
                uint32_t v = 0;
                std::memcpy(&v, indexData + i * indexSize, indexSize);
                maxIndex = std::max(maxIndex, v);
            }
            if (int64_t(maxIndex) + call.baseVertex < 0) return D3DERR_INVALIDCALL;
            lastVertex = uint64_t(int64_t(maxIndex) + call.baseVertex);
        }
        const uint64_t bytes = lastVertex * stride + vertexBytes;
        const std::byte* data = nullptr;
        if (call.vertices) {
            if (bytes > call.vertexBytes) return D3DERR_INVALIDCALL;
            data = call.vertices;
        } else if (executing_) {
            const uint64_t available = execute_.vertices.size();
            if (call.stream0Bytes > available || bytes > available - call.stream0Bytes) return D3DERR_INVALIDCALL;
            data = execute_.vertices.data() + call.stream0Bytes;
        } else {
            if (!umdStream0_) return D3DERR_INVALIDCALL;
            data = umdStream0_ + call.stream0Bytes;
        }
        const VkDeviceSize align =
            std::max<VkDeviceSize>(16, device_.vulkan().limits().minStorageBufferOffsetAlignment);
        vk::UploadSlice slice = cmds.uploads().allocate(bytes, align);
        std::memcpy(slice.data, data, bytes);
        sources[st] = {slice.buffer, slice.offset};
    }

    // (Predication skips rendering; ProcessVertices renders nothing and is not predicated.)
    if (!capture_ && device_.queries().renderingSkipped()) return S_OK;

    d.call = &call;
    d.count = count;
    d.plan = &*plan;
    d.key = &key;
    d.vertex = vertex;
    d.pixel = pixel;
    d.pretransformed = pretransformed;
    d.ffVertexKey = ffVertexKey;
    d.ffSourceComponents = ffSourceComponents;
    d.ffTextures = ffTextures;
    d.samplerCount = samplerCount;
    d.indexBuffer = indexBuffer;
    d.indexData = indexData;
    d.indexSize = indexSize;
    // Targets the pixel stage does not write keep their pixels: ps_2_0 and up write oC0 and
    // the registers they name, ps_1_x and the fixed-function stage oC0 alone.
    d.writtenTargets = pixel ? pixel->colorOutputs : key.pixelModule ? 1 : 0;
    d.streamOutput = streamOutput;
    d.rasterizerDiscard = capture_ != nullptr;
    d.alphaToCoverage = alphaToCoverage;
    // Repeatable once recorded (a throw out of recording leaves it invalid).
    const bool repeatable = keepForRepeat(call);
    const HRESULT hr = recordProgramDraw(d);
    repeat_.valid = repeatable && succeeded(hr);
    return hr;
}

} // namespace ddivk::device
