// Context: the state half of the DP2 target. Each token's items go to the state cache; a
// token is checked whole before any item is applied, so a failing token changes nothing.
#include "device/context.h"

#include "device/ddi_boundary.h"

namespace ddivk::device {
namespace {

// Applies every item after check() accepted all of them. apply() can then only fail for
// reasons check() does not cover (none for the setters used here).
template <class T, class Check, class Apply>
HRESULT applyChecked(std::span<const T> items, Check&& check, Apply&& apply) {
    for (const T& item : items)
        if (!check(item)) return D3DERR_INVALIDCALL;
    for (const T& item : items)
        if (HRESULT hr = apply(item); failed(hr)) return hr;
    return S_OK;
}

// Applies items in order, stopping at the first failure. For tokens whose items each name a
// separate slot validated by the cache; the runtime sends those one item per token.
template <class T, class Apply> HRESULT applyEach(std::span<const T> items, Apply&& apply) {
    for (const T& item : items)
        if (HRESULT hr = apply(item); failed(hr)) return hr;
    return S_OK;
}

D3DMATERIAL9 toMaterial9(const D3DMATERIAL7& m) {
    return {m.dcvDiffuse, m.dcvAmbient, m.dcvSpecular, m.dcvEmissive, m.dvPower};
}

D3DLIGHT9 toLight9(const D3DLIGHT7& l) {
    return {l.dltType,        l.dcvDiffuse, l.dcvSpecular, l.dcvAmbient,     l.dvPosition,
            l.dvDirection,    l.dvRange,    l.dvFalloff,   l.dvAttenuation0, l.dvAttenuation1,
            l.dvAttenuation2, l.dvTheta,    l.dvPhi};
}

} // namespace

HRESULT Context::renderStates(dp2::Items<D3DHAL_DP2RENDERSTATE> items) {
    // The hot path of state-heavy streams: one bounds check and one store per state.
    const HRESULT hr = state_.setRenderStates(items, [](const D3DHAL_DP2RENDERSTATE& rs) {
        return state::RenderStateItem{rs.RenderState, rs.dwState};
    });
    // RESZ, a command among the states (context_depth_resolve.cpp).
    if (state_.takeDepthResolveRequest()) [[unlikely]]
        resolveDepthIntoSampler0();
    return hr;
}

HRESULT Context::textureStageStates(dp2::Items<D3DHAL_DP2TEXTURESTAGESTATE> items) {
    return state_.setDdiTextureStageStates(items, [](const D3DHAL_DP2TEXTURESTAGESTATE& t) {
        return state::StageStateItem{t.wStage, t.TSState, t.dwValue};
    });
}

HRESULT Context::viewportInfo(dp2::Items<D3DHAL_DP2VIEWPORTINFO> items) {
    return applyEach(
        items, [&](const auto& v) { return state_.setViewportRect(v.dwX, v.dwY, v.dwWidth, v.dwHeight); });
}

HRESULT Context::wInfo(dp2::Items<D3DHAL_DP2WINFO> items) {
    return applyEach(items, [&](const auto& w) { return state_.setWInfo(w.dvWNear, w.dvWFar); });
}

// SETTEXLOD, IDirect3DResource9::SetLOD of a managed texture: draws sample from that level on,
// beyond the last level the last (draw::samplerKey weighs it against D3DSAMP_MAXMIPLEVEL).
HRESULT Context::setTexLod(dp2::Items<D3DHAL_DP2SETTEXLOD> items) {
    return applyChecked(
        items,
        [&](const auto& t) {
            const Resource* r = device_.findResource(t.dwDDSurface);
            return r && !r->isBuffer();
        },
        [&](const auto& t) {
            Resource* r = device_.findResource(t.dwDDSurface);
            r->setLod(std::min(t.dwLOD, r->levels() - 1));
            return S_OK;
        });
}

// The driver-managed resource hints. ADDDIRTYRECT / ADDDIRTYBOX name the region of a texture's
// top level the runtime changed since the driver last uploaded it, and SETPRIORITY orders the
// evictions of managed resources. This driver uploads what a lock wrote when it is unlocked and
// keeps every resource resident, so each takes effect as nothing; what it names is checked (a
// 2D or cube texture's rectangle, a volume texture's box, any resource's priority).
HRESULT Context::addDirtyRect(dp2::Items<D3DHAL_DP2ADDDIRTYRECT> items) {
    return applyChecked(
        items,
        [&](const auto& d) {
            const Resource* r = device_.findResource(d.dwSurface);
            if (!r || (r->kind() != ResourceKind::Texture2D && r->kind() != ResourceKind::CubeTexture))
                return false;
            const SubresourceLayout& top = r->subresource(0);
            const RECT& a = d.rDirtyArea;
            return a.left >= 0 && a.top >= 0 && a.left < a.right && a.top < a.bottom &&
                   int64_t(a.right) <= top.width && int64_t(a.bottom) <= top.height;
        },
        [](const auto&) { return S_OK; });
}

HRESULT Context::addDirtyBox(dp2::Items<D3DHAL_DP2ADDDIRTYBOX> items) {
    return applyChecked(
        items,
        [&](const auto& d) {
            const Resource* r = device_.findResource(d.dwSurface);
            if (!r || r->kind() != ResourceKind::VolumeTexture) return false;
            const SubresourceLayout& top = r->subresource(0);
            const D3DBOX& b = d.DirtyBox;
            return b.Left < b.Right && b.Top < b.Bottom && b.Front < b.Back && b.Right <= top.width &&
                   b.Bottom <= top.height && b.Back <= top.depth;
        },
        [](const auto&) { return S_OK; });
}

HRESULT Context::setPriority(dp2::Items<D3DHAL_DP2SETPRIORITY> items) {
    return applyChecked(
        items, [&](const auto& p) { return device_.findResource(p.dwDDSurface) != nullptr; },
        [](const auto&) { return S_OK; });
}

HRESULT Context::zRange(dp2::Items<D3DHAL_DP2ZRANGE> items) {
    return applyEach(items, [&](const auto& z) { return state_.setZRange(z.dvMinZ, z.dvMaxZ); });
}

HRESULT Context::setMaterial(dp2::Items<D3DHAL_DP2SETMATERIAL> items) {
    return applyEach(items, [&](const auto& m) { return state_.setMaterial(toMaterial9(m)); });
}

HRESULT Context::createLight(dp2::Items<D3DHAL_DP2CREATELIGHT> items) {
    return applyEach(items, [&](const auto& l) { return state_.createLight(l.dwIndex); });
}

HRESULT Context::setLight(dp2::Items<dp2::LightUpdate> items) {
    return applyEach(items, [&](const dp2::LightUpdate& u) -> HRESULT {
        switch (u.dataType) {
        case D3DHAL_SETLIGHT_ENABLE:
            return state_.enableLight(u.index, true);
        case D3DHAL_SETLIGHT_DISABLE:
            return state_.enableLight(u.index, false);
        case D3DHAL_SETLIGHT_DATA:
            return u.light ? state_.setLight(u.index, toLight9(*u.light)) : D3DERR_INVALIDCALL;
        default:
            return D3DERR_INVALIDCALL;
        }
    });
}

HRESULT Context::setTransform(dp2::Items<D3DHAL_DP2SETTRANSFORM> items) {
    return applyChecked(
        items, [](const auto& t) { return state::transformIndex(t.xfrmType) != state::kInvalidIndex; },
        [&](const auto& t) { return state_.setTransform(t.xfrmType, t.matrix); });
}

HRESULT Context::multiplyTransform(dp2::Items<D3DHAL_DP2MULTIPLYTRANSFORM> items) {
    return applyChecked(
        items, [](const auto& t) { return state::transformIndex(t.xfrmType) != state::kInvalidIndex; },
        [&](const auto& t) { return state_.multiplyTransform(t.xfrmType, t.matrix); });
}

HRESULT Context::setClipPlane(dp2::Items<D3DHAL_DP2SETCLIPPLANE> items) {
    return applyChecked(
        items, [](const auto& c) { return c.dwIndex < state::kMaxClipPlanes; },
        [&](const auto& c) { return state_.setClipPlane(c.dwIndex, c.plane); });
}

HRESULT Context::setScissorRect(dp2::Items<D3DHAL_DP2SETSCISSORRECT> items) {
    return applyEach(items, [&](const RECT& r) {
        return state_.setScissorRect({r.left, r.top, r.right, r.bottom});
    });
}

HRESULT Context::stateSet(dp2::Items<D3DHAL_DP2STATESET> items) {
    return applyEach(items,
                     [&](const auto& s) { return state_.stateSet(s.dwOperation, s.dwParam, s.sbType); });
}

// DX9 runtimes send the FVF through SETVERTEXSHADER and shader objects through
// SETVERTEXSHADERFUNC / SETVERTEXSHADERDECL (d3dhal.h).
HRESULT Context::setVertexShader(dp2::Items<D3DHAL_DP2VERTEXSHADER> items) {
    return applyEach(items, [&](const auto& v) { return state_.setFvf(v.dwHandle); });
}

HRESULT Context::setVertexShaderDecl(dp2::Items<D3DHAL_DP2VERTEXSHADER> items) {
    return applyEach(items, [&](const auto& v) { return state_.setVertexDeclaration(v.dwHandle); });
}

HRESULT Context::setVertexShaderFunc(dp2::Items<D3DHAL_DP2VERTEXSHADER> items) {
    return applyEach(items, [&](const auto& v) { return state_.setVertexShader(v.dwHandle); });
}

HRESULT Context::setPixelShader(dp2::Items<D3DHAL_DP2PIXELSHADER> items) {
    return applyEach(items, [&](const auto& p) { return state_.setPixelShader(p.dwHandle); });
}

namespace {
// Register-file sizes by stage, for checking a whole token before applying it.
bool constRangeOk(uint32_t start, uint32_t count, uint32_t limit) {
    return start <= limit && count <= limit - start;
}
} // namespace

HRESULT Context::setShaderConstF(dp2::ShaderStage stage, dp2::Items<dp2::FloatConstants> items) {
    if (items.size() != 1) [[unlikely]]
        return setShaderConstFBlocks(stage, items);
    // The common token: one block, which the cache checks whole.
    const dp2::FloatConstants& c = items[0];
    return stage == dp2::ShaderStage::Vertex ? state_.setVsConstF(c.startRegister, c.values.data(), c.count)
                                             : state_.setPsConstF(c.startRegister, c.values.data(), c.count);
}

// Several blocks (or none): all checked before any is applied.
HRESULT Context::setShaderConstFBlocks(dp2::ShaderStage stage, dp2::Items<dp2::FloatConstants> items) {
    bool vs = stage == dp2::ShaderStage::Vertex;
    uint32_t limit = vs ? state_.vsLimits().floats : state::kPsConstF;
    return applyChecked(
        items, [&](const auto& c) { return constRangeOk(c.startRegister, c.count, limit); },
        [&](const auto& c) {
            return vs ? state_.setVsConstF(c.startRegister, c.values.data(), c.count)
                      : state_.setPsConstF(c.startRegister, c.values.data(), c.count);
        });
}

HRESULT Context::setShaderConstI(dp2::ShaderStage stage, dp2::Items<dp2::IntConstants> items) {
    bool vs = stage == dp2::ShaderStage::Vertex;
    uint32_t limit = vs ? state_.vsLimits().ints : state::kPsConstI;
    return applyChecked(
        items, [&](const auto& c) { return constRangeOk(c.startRegister, c.count, limit); },
        [&](const auto& c) {
            return vs ? state_.setVsConstI(c.startRegister, c.values.data(), c.count)
                      : state_.setPsConstI(c.startRegister, c.values.data(), c.count);
        });
}

HRESULT Context::setShaderConstB(dp2::ShaderStage stage, dp2::Items<dp2::BoolConstants> items) {
    bool vs = stage == dp2::ShaderStage::Vertex;
    uint32_t limit = vs ? state_.vsLimits().bools : state::kPsConstB;
    return applyChecked(
        items, [&](const auto& c) { return constRangeOk(c.startRegister, c.count, limit); },
        [&](const auto& c) {
            return vs ? state_.setVsConstB(c.startRegister, c.values.data(), c.count)
                      : state_.setPsConstB(c.startRegister, c.values.data(), c.count);
        });
}

HRESULT Context::setStreamSource(dp2::Items<D3DHAL_DP2SETSTREAMSOURCE> items) {
    return applyChecked(
        items, [](const auto& s) { return s.dwStream < state::kMaxStreams; },
        [&](const auto& s) { return state_.setStreamSource(s.dwStream, s.dwVBHandle, 0, s.dwStride); });
}

HRESULT Context::setStreamSource2(dp2::Items<D3DHAL_DP2SETSTREAMSOURCE2> items) {
    return applyChecked(
        items, [](const auto& s) { return s.dwStream < state::kMaxStreams; },
        [&](const auto& s) {
            return state_.setStreamSource(s.dwStream, s.dwVBHandle, s.dwOffset, s.dwStride);
        });
}

HRESULT Context::setStreamSourceUM(dp2::Items<D3DHAL_DP2SETSTREAMSOURCEUM> items) {
    return applyChecked(
        items, [](const auto& s) { return s.dwStream < state::kMaxStreams; },
        [&](const auto& s) { return state_.setStreamSourceUserMemory(s.dwStream, s.dwStride); });
}

HRESULT Context::setStreamSourceFreq(dp2::Items<D3DHAL_DP2SETSTREAMSOURCEFREQ> items) {
    return applyEach(items,
                     [&](const auto& s) { return state_.setStreamSourceFreq(s.dwStream, s.dwDivider); });
}

HRESULT Context::setIndices(dp2::Items<D3DHAL_DP2SETINDICES> items) {
    return applyEach(items, [&](const auto& i) { return state_.setIndices(i.dwVBHandle, i.dwStride); });
}

namespace {

// A render target is a colour surface, a depth buffer a depth surface: the other kind would be
// attached where Vulkan cannot take it.
bool isColorTarget(const Surface* s) {
    return s && !s->isDepthStencil();
}
bool isDepthBuffer(const Surface* s) {
    return s && s->isDepthStencil();
}

} // namespace

// Render targets name colour surfaces of this device, depth buffers depth surfaces; 0 unbinds
// (not allowed for target 0).
HRESULT Context::setRenderTarget(dp2::Items<D3DHAL_DP2SETRENDERTARGET> items) {
    return applyChecked(
        items,
        [&](const auto& t) {
            return isColorTarget(device_.findSurface(t.hRenderTarget)) &&
                   (t.hZBuffer == 0 || isDepthBuffer(device_.findSurface(t.hZBuffer)));
        },
        [&](const auto& t) {
            state_.setRenderTarget(0, t.hRenderTarget);
            return state_.setDepthStencil(t.hZBuffer);
        });
}

HRESULT Context::setRenderTarget2(dp2::Items<D3DHAL_DP2SETRENDERTARGET2> items) {
    return applyChecked(
        items,
        [&](const auto& t) {
            return t.RTIndex < state::kMaxRenderTargets &&
                   (t.hRenderTarget ? isColorTarget(device_.findSurface(t.hRenderTarget)) : t.RTIndex != 0);
        },
        [&](const auto& t) { return state_.setRenderTarget(t.RTIndex, t.hRenderTarget); });
}

HRESULT Context::setDepthStencil(dp2::Items<D3DHAL_DP2SETDEPTHSTENCIL> items) {
    return applyChecked(
        items,
        [&](const auto& d) { return d.hZBuffer == 0 || isDepthBuffer(device_.findSurface(d.hZBuffer)); },
        [&](const auto& d) { return state_.setDepthStencil(d.hZBuffer); });
}

} // namespace ddivk::device
