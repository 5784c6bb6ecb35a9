// A DP2 context (D3dContextCreate's dwhContext): the D3D9 state of one runtime device, drawn
// through a driver Device. Implements the DP2 door's target; the state half forwards to the
// state cache (context_state.cpp), the drawing half records Vulkan commands
// (context_draw.cpp). Every method runs under ddi_boundary's guarded().
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <unordered_map>

#include "ddivk/umd_process_vertices.h"
#include "device/device.h"
#include "device/draw_bindings.h"
#include "device/draw_call.h"
#include "device/draw_programs.h"
#include "device/plan_memo.h"
#include "device/repeat_draw.h"
#include "device/shader_objects.h"
#include "device/vertex_declarations.h"
#include "dp2/target.h"
#include "query/query_engine.h"
#include "state/state_cache.h"

namespace ddivk::device {

class Context final : public dp2::Target {
  public:
    // Draws into renderTarget (and depthStencil; 0 for none), surfaces of `device`.
    Context(Device& device, uint32_t renderTarget, uint32_t depthStencil);
    // Destroys the context's queries: callers hold the device lock.
    ~Context() override;

    Device& device() { return device_; }
    state::StateCache& state() { return state_; }
    // D3D9's Reset for this context: every state back to its default for these targets, lights
    // and state blocks dropped; shaders, declarations and queries kept. Callers hold the device
    // lock. D3DERR_INVALIDCALL (nothing changed) for a bad target or depth surface.
    HRESULT resetState(uint32_t renderTarget, uint32_t depthStencil);
    const state::StateCache& state() const { return state_; }

    // --- Per call ---
    // The flip answer for the coming call, sampled once so that everything deciding on it
    // during the call (the capture, the executor) agrees; cleared after the call.
    bool sampleFlipInProgress();
    void clearFlipSample() { sampledFlip_ = -1; }
    bool flipInProgress() override;
    HRESULT beginExecute(const dp2::ExecuteInfo& info) override;
    void endExecute() override;

    // --- State (context_state.cpp) ---
    HRESULT renderStates(dp2::Items<D3DHAL_DP2RENDERSTATE> items) override;
    HRESULT textureStageStates(dp2::Items<D3DHAL_DP2TEXTURESTAGESTATE> items) override;
    HRESULT viewportInfo(dp2::Items<D3DHAL_DP2VIEWPORTINFO> items) override;
    HRESULT wInfo(dp2::Items<D3DHAL_DP2WINFO> items) override;
    HRESULT zRange(dp2::Items<D3DHAL_DP2ZRANGE> items) override;
    HRESULT setMaterial(dp2::Items<D3DHAL_DP2SETMATERIAL> items) override;
    HRESULT createLight(dp2::Items<D3DHAL_DP2CREATELIGHT> items) override;
    HRESULT setLight(dp2::Items<dp2::LightUpdate> items) override;
    HRESULT setTransform(dp2::Items<D3DHAL_DP2SETTRANSFORM> items) override;
    HRESULT multiplyTransform(dp2::Items<D3DHAL_DP2MULTIPLYTRANSFORM> items) override;
    HRESULT setClipPlane(dp2::Items<D3DHAL_DP2SETCLIPPLANE> items) override;
    HRESULT setScissorRect(dp2::Items<D3DHAL_DP2SETSCISSORRECT> items) override;
    HRESULT stateSet(dp2::Items<D3DHAL_DP2STATESET> items) override;
    HRESULT setVertexShader(dp2::Items<D3DHAL_DP2VERTEXSHADER> items) override;
    HRESULT setVertexShaderDecl(dp2::Items<D3DHAL_DP2VERTEXSHADER> items) override;
    HRESULT setVertexShaderFunc(dp2::Items<D3DHAL_DP2VERTEXSHADER> items) override;
    HRESULT setPixelShader(dp2::Items<D3DHAL_DP2PIXELSHADER> items) override;
    HRESULT setShaderConstF(dp2::ShaderStage stage, dp2::Items<dp2::FloatConstants> items) override;
    HRESULT setShaderConstI(dp2::ShaderStage stage, dp2::Items<dp2::IntConstants> items) override;
    HRESULT setShaderConstB(dp2::ShaderStage stage, dp2::Items<dp2::BoolConstants> items) override;
    HRESULT setStreamSource(dp2::Items<D3DHAL_DP2SETSTREAMSOURCE> items) override;
    HRESULT setStreamSource2(dp2::Items<D3DHAL_DP2SETSTREAMSOURCE2> items) override;
    HRESULT setStreamSourceUM(dp2::Items<D3DHAL_DP2SETSTREAMSOURCEUM> items) override;
    HRESULT setStreamSourceFreq(dp2::Items<D3DHAL_DP2SETSTREAMSOURCEFREQ> items) override;
    HRESULT setIndices(dp2::Items<D3DHAL_DP2SETINDICES> items) override;
    HRESULT setRenderTarget(dp2::Items<D3DHAL_DP2SETRENDERTARGET> items) override;
    HRESULT setRenderTarget2(dp2::Items<D3DHAL_DP2SETRENDERTARGET2> items) override;
    HRESULT setDepthStencil(dp2::Items<D3DHAL_DP2SETDEPTHSTENCIL> items) override;

    // --- Shader objects and vertex declarations (context_shaders.cpp) ---
    HRESULT createVertexShaderFunc(dp2::Items<dp2::ShaderCode> items) override;
    HRESULT deleteVertexShaderFunc(dp2::Items<D3DHAL_DP2VERTEXSHADER> items) override;
    HRESULT createPixelShader(dp2::Items<dp2::ShaderCode> items) override;
    HRESULT deletePixelShader(dp2::Items<D3DHAL_DP2PIXELSHADER> items) override;
    const ShaderObjects& shaders() const { return shaders_; }
    HRESULT createVertexShaderDecl(dp2::Items<dp2::VertexDeclCreate> items) override;
    HRESULT deleteVertexShaderDecl(dp2::Items<D3DHAL_DP2VERTEXSHADER> items) override;
    const VertexDeclarations& declarations() const { return declarations_; }

    // --- Drawing (context_draw.cpp) ---
    HRESULT drawLegacy(dp2::Items<dp2::LegacyDraw> draws) override;
    HRESULT drawPrimitive(dp2::Items<D3DHAL_DP2DRAWPRIMITIVE> items) override;
    HRESULT drawPrimitive2(dp2::Items<D3DHAL_DP2DRAWPRIMITIVE2> items) override;
    HRESULT clippedTriangleFan(dp2::Items<D3DHAL_CLIPPEDTRIANGLEFAN> items) override;
    HRESULT clear(const dp2::ClearArgs& args) override;

    // --- Blits and fills (context_blits.cpp) ---
    HRESULT blt(dp2::Items<D3DHAL_DP2BLT> items) override;
    HRESULT surfaceBlt(dp2::Items<D3DHAL_DP2SURFACEBLT> items) override;
    HRESULT texBlt(dp2::Items<D3DHAL_DP2TEXBLT> items) override;
    HRESULT volumeBlt(dp2::Items<D3DHAL_DP2VOLUMEBLT> items) override;
    HRESULT colorFill(dp2::Items<D3DHAL_DP2COLORFILL> items) override;
    // GENERATEMIPSUBLEVELS (context_mip_generation.cpp): a texture's levels made from its top.
    HRESULT generateMipSubLevels(dp2::Items<D3DHAL_DP2GENERATEMIPSUBLEVELS> items) override;
    // SETTEXLOD (context_state.cpp): a texture's most detailed sampled level.
    HRESULT setTexLod(dp2::Items<D3DHAL_DP2SETTEXLOD> items) override;
    HRESULT addDirtyRect(dp2::Items<D3DHAL_DP2ADDDIRTYRECT> items) override;
    HRESULT addDirtyBox(dp2::Items<D3DHAL_DP2ADDDIRTYBOX> items) override;
    HRESULT setPriority(dp2::Items<D3DHAL_DP2SETPRIORITY> items) override;
    // The UMD door's ColorFill of level `level` of a texture (its subresource index; 0 for
    // surfaces), and its TexBlt of one cube-map face (`face`, D3DCUBEMAP_FACES order).
    HRESULT colorFillLevel(const D3DHAL_DP2COLORFILL& item, uint32_t level);
    HRESULT texBltFace(const D3DHAL_DP2TEXBLT& item, uint32_t face);
    // BUFFERBLT and the UMD door's BufBlt (context_buffer_blit.cpp).
    HRESULT bufferBlt(dp2::Items<D3DHAL_DP2BUFFERBLT> items) override;

    // --- Queries (context_queries.cpp) ---
    HRESULT createQuery(dp2::Items<D3DHAL_DP2CREATEQUERY> items) override;
    HRESULT deleteQuery(dp2::Items<D3DHAL_DP2DELETEQUERY> items) override;
    HRESULT issueQuery(dp2::Items<D3DHAL_DP2ISSUEQUERY> items) override;
    uint32_t writeResponses(std::span<std::byte> out) override;
    // Queries created and not deleted; issues still waiting for their response.
    size_t queryCount() const { return queries_.size(); }
    size_t responsesOwed() const { return owed_.size(); }

    // --- Queries of the UMD door (umd_queries.cpp; include/ddivk/umd_query.h) ---
    // handle: the driver's hQuery (never 0). D3DERR_INVALIDCALL for unknown types, handles,
    // flags (D3DDDI_ISSUEQUERY_*) and states; D3DERR_NOTAVAILABLE for types not measured.
    HRESULT umdCreateQuery(uint32_t type, uintptr_t* handle);
    HRESULT umdDestroyQuery(uintptr_t handle);
    HRESULT umdIssueQuery(uintptr_t handle, uint32_t flags);
    // S_FALSE until the data is ready; flush: submit the work the query waits for.
    HRESULT umdGetQueryData(uintptr_t handle, void* data, bool flush);
    // The query's D3D9 data size; 0 for an unknown handle.
    uint32_t umdQueryDataSize(uintptr_t handle) const;
    // Whether an END was issued on the query (ddivk_umd_query_get_data tells building from new).
    bool umdQueryEnded(uintptr_t handle) const;
    size_t umdQueryCount() const { return umdQueries_.size(); }

    // --- Draws with vertex processing (context_program_draw.cpp), from every door ---
    HRESULT drawProgram(const DrawCall& call);
    // Every draw: the DRAWPRIMITIVE family, the legacy primitive tokens and the UMD door
    // (pre-transformed ones too).
    HRESULT draw(const DrawCall& call);
    HRESULT drawIndexedPrimitive(dp2::Items<D3DHAL_DP2DRAWINDEXEDPRIMITIVE> items) override;
    HRESULT drawIndexedPrimitive2(dp2::Items<D3DHAL_DP2DRAWINDEXEDPRIMITIVE2> items) override;

    // --- The UMD door's stream and texture setters (umd_draw.cpp) ---
    HRESULT umdSetStreamSourceUm(uint32_t stream, uint32_t stride, const void* data);
    HRESULT umdSetTexture(uint32_t stage, uint32_t handle);
    HRESULT umdSetIndicesUm(uint32_t indexSize);
    uint32_t umdIndexSize() const { return umdIndexSize_; }

    // Draws recorded through this context (all forms).
    uint64_t drawCount() const { return drawCount_; }

    // --- ProcessVertices' capture (umd_process_vertices.cpp; include/ddivk/umd_process_vertices.h) ---
    HRESULT processVertices(const DDIVK_PROCESSVERTICES& args);

  private:
    // COLORFILL's items on level `level` (context_blits.cpp).
    HRESULT runColorFills(dp2::Items<D3DHAL_DP2COLORFILL> items, uint32_t level);
    // setShaderConstF's tokens of several blocks (or none), out of the one-block fast path.
    [[gnu::noinline]] HRESULT setShaderConstFBlocks(dp2::ShaderStage stage,
                                                    dp2::Items<dp2::FloatConstants> items);
    // The recording half of drawProgram (context_program_record.cpp).
    HRESULT recordProgramDraw(PreparedDraw& draw);
    // Draws on the previous draw's preparation (context_repeat_draw.cpp): whether it holds for
    // `call` after the changes `sinceLast`, the draw on it, and keeping what a prepared draw was
    // made from (false: the draw cannot be repeated).
    bool canRepeatDraw(const DrawCall& call, uint32_t sinceLast) const;
    HRESULT repeatDraw(const DrawCall& call);
    bool keepForRepeat(const DrawCall& call);
    // The texture bound to sampler `stateIndex` (dense index), or null.
    Resource* boundTexture(uint32_t stateIndex);
    // RESZ (state/vendor_states.h): the depth buffer into the INTZ texture at sampler 0, when
    // they match; otherwise a warning and nothing.
    void resolveDepthIntoSampler0();
    // Bit n (of `samplerMask`'s pixel samplers): a 2D shadow map (draw::comparesDepth) is bound.
    uint16_t shadowMapsAt(uint32_t samplerMask);
    // Bit n (of `samplerMask`'s pixel samplers): its lookups are AMD's FETCH4 (draw/fetch4.h).
    uint16_t fetch4At(uint32_t samplerMask);
    bool anyPixelFetch4() const;

    Device& device_;
    state::StateCache state_;
    ShaderObjects shaders_;
    VertexDeclarations declarations_;
    dp2::ExecuteInfo execute_; // this call's DP2 vertex data (valid between begin and end)
    bool executing_ = false;
    int sampledFlip_ = -1; // -1: none sampled; else the sampled answer
    uint64_t drawCount_ = 0;
    const std::byte* umdStream0_ = nullptr; // SetStreamSourceUm's data (UMD door)
    DrawBindings bindings_;                 // what our draws left bound in the command buffer
    PlanMemo planMemo_;                     // the previous draw's stream plan
    RepeatableDraw repeat_;                 // the previous draw's preparation
    // The declaration of the last FVF drawn with (FVF draws convert it once, not per draw).
    std::optional<VertexDeclarations::Elements> fvfDeclaration_;
    uint32_t fvfDeclarationCode_ = 0;
    uint32_t umdIndexSize_ = 2;             // SetIndicesUm's index size
    // Set only during processVertices' draw: the capture in place of the D3D10 door's.
    StreamOutput* capture_ = nullptr;

    // DP2 queries: dwQueryID -> the engine's query and its D3DQUERYTYPE row.
    struct Dp2Query {
        query::QueryId id = 0;
        const query::TypeRow* type = nullptr;
        bool ended = false; // an END was issued (UMD door: GetData's answers before one)
    };
    // An issued End whose response is still to be written (in issue order).
    struct OwedResponse {
        uint32_t queryID = 0;
        query::QueryId id = 0;
        uint32_t generation = 0;
    };
    std::unordered_map<uint32_t, Dp2Query> queries_;
    std::deque<OwedResponse> owed_;
    // UMD door queries: hQuery -> the engine's query and its D3DQUERYTYPE row.
    std::unordered_map<uintptr_t, Dp2Query> umdQueries_;
    uintptr_t nextUmdQuery_ = 1;
};

} // namespace ddivk::device
